/** Fingerprint clocks on the ZKTeco iclock protocol: their registry and the marks they upload. */
export { clockDevicesModule } from './clock-devices.module';

export type { ClockDevicesService } from './clock-devices.service';
