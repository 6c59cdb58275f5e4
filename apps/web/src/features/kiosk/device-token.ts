/** The kiosk device's token lives in this device's storage, apart from any user session. */
const KEY = 'jornada_kiosco_token';

export const kioskDeviceToken = {
  get: (): string | null => localStorage.getItem(KEY),
  set: (token: string) => localStorage.setItem(KEY, token),
  clear: () => localStorage.removeItem(KEY),
};
