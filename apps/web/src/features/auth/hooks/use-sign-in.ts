import type { AuthBody, Empleador } from '@jornada/contracts';
import { useState } from 'react';
import { notify } from '../../../lib/toasts';
import { useSessionStore, type LoginResult } from '../../../lib/session';

const SIGN_IN_MESSAGES = {
  invalid: 'RUT o contraseña incorrectos.',
  network: 'No pudimos conectar con el servidor. Revisa tu conexión e inténtalo de nuevo.',
  other: 'No pudimos iniciar sesión. Inténtalo de nuevo en unos minutos.',
} as const;

function messageFor(result: Exclude<LoginResult, { ok: true } | { reason: 'choose-employer' }>): string {
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

/** The companies a password opened (a person who works for several), with the sign-in to repeat for the chosen one. */
interface EmployerChoice {
  body: AuthBody;
  empleadores: Empleador[];
}

/**
 * Signs in through the session store and tells the person, with a toast, why it did not work. When the
 * password opens accounts in several companies, `choice` lists them until one is chosen (or dropped).
 */
export function useSignIn() {
  const store = useSessionStore();
  const [pending, setPending] = useState(false);
  const [choice, setChoice] = useState<EmployerChoice | null>(null);
  /** The company being entered, while its sign-in is on its way. */
  const [entering, setEntering] = useState<string | null>(null);

  const login = async (body: AuthBody): Promise<boolean> => {
    const result = await store.login(body);
    if (result.ok) return true;
    if (result.reason === 'choose-employer') {
      setChoice({ body, empleadores: result.empleadores });
      return false;
    }
    notify.error(messageFor(result));
    return false;
  };

  const signIn = async (body: AuthBody): Promise<boolean> => {
    setPending(true);
    try {
      return await login(body);
    } finally {
      setPending(false);
    }
  };

  const chooseEmployer = async (empresaId: string): Promise<boolean> => {
    if (!choice) return false;
    setEntering(empresaId);
    try {
      const ok = await login({ ...choice.body, empresaId });
      // Refused meanwhile (a lock, a password changed): back to the form, with the toast saying why.
      if (!ok) setChoice(null);
      return ok;
    } finally {
      setEntering(null);
    }
  };

  return { signIn, pending, choice, chooseEmployer, entering, cancelChoice: () => setChoice(null) };
}
