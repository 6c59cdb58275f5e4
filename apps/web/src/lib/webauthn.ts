/**
 * The browser side of WebAuthn, loaded only when a fingerprint ceremony starts (keeps
 * @simplewebauthn/browser out of every page's initial JS).
 */
export async function createCredential(optionsJSON: Record<string, unknown>): Promise<Record<string, unknown>> {
  const { startRegistration } = await import('@simplewebauthn/browser');
  return (await startRegistration({ optionsJSON: optionsJSON as never })) as unknown as Record<string, unknown>;
}

export async function getAssertion(optionsJSON: Record<string, unknown>): Promise<Record<string, unknown>> {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  return (await startAuthentication({ optionsJSON: optionsJSON as never })) as unknown as Record<string, unknown>;
}

export function webauthnSupported(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';
}

/** A Spanish message for what the browser refused (cancelled, timed out, no platform authenticator...). */
export function webauthnErrorMessage(error: unknown): string {
  const name = error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'AbortError') return 'Se canceló la lectura de la huella o se acabó el tiempo. Inténtalo de nuevo.';
  if (name === 'InvalidStateError') return 'Este dispositivo ya tiene registrada una huella para este trabajador.';
  if (name === 'NotSupportedError') return 'Este dispositivo no tiene un lector de huella compatible.';
  if (name === 'SecurityError') return 'El navegador no permite usar la huella en esta dirección.';
  return error instanceof Error && error.message ? error.message : 'No pudimos leer la huella.';
}
