import type { AuthBody } from '@jornada/contracts';
import { useState } from 'react';
import { notify } from '../../../lib/toasts';
import { useSessionStore, type LoginResult } from '../../../lib/session';

export const SIGN_IN_MESSAGES = {
  invalid: 'RUT o contraseña incorrectos.',
  network: 'No pudimos conectar con el servidor. Revisa tu conexión e inténtalo de nuevo.',
  other: 'No pudimos iniciar sesión. Inténtalo de nuevo en unos minutos.',
} as const;

function messageFor(result: Exclude<LoginResult, { ok: true }>): string {
  switch (result.reason) {
    case 'invalid-credentials':
      return SIGN_IN_MESSAGES.invalid;
    case 'locked':
      return result.message ?? SIGN_IN_MESSAGES.other;
    case 'network':
      return SIGN_IN_MESSAGES.network;
    default:
      return SIGN_IN_MESSAGES.other;
  }
}

/** Signs in through the session store and tells the person, with a toast, why it did not work. */
export function useSignIn() {
  const store = useSessionStore();
  const [pending, setPending] = useState(false);
  const signIn = async (body: AuthBody): Promise<boolean> => {
    setPending(true);
    try {
      const result = await store.login(body);
      if (!result.ok) notify.error(messageFor(result));
      return result.ok;
    } finally {
      setPending(false);
    }
  };
  return { signIn, pending };
}
