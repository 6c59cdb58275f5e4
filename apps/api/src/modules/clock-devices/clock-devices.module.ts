import { apiModule } from '../../lib/api-module';
import { registerClockDeviceRoutes, registerIclockRoutes } from './clock-devices.routes';
import { createClockDevicesService } from './clock-devices.service';

/** Clock devices: their administration under /api/v1/relojes and their own /iclock protocol (outside /api). */
export const clockDevicesModule = apiModule('clock-devices', ['marks'], async (app, { db, clock, log }) => {
  const devices = createClockDevicesService(db, () => app.marks, log);
  registerClockDeviceRoutes(app, devices, clock);
  await registerIclockRoutes(app, devices, clock);
});
