/** Fingerprint clocks on the ZKTeco iclock protocol: their registry and the marks they upload. */
export { registerClockDeviceRoutes, registerIclockRoutes } from './clock-devices.routes';
export { createClockDevicesService, type ClockDevicesService } from './clock-devices.service';
