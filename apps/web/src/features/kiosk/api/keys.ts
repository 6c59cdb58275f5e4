/** Query keys of the kiosk feature: the administrador's kiosk list (invalidated by opening or closing one) and a device's session. */
export const kioskKeys = {
  kiosks: ['quioscos'] as const,
  session: (deviceToken: string | null) => ['quiosco', 'sesion', deviceToken] as const,
};
