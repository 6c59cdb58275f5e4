/**
 * The one-time onboarding token from the company step, kept in sessionStorage so a reload of
 * /configuracion-usuario keeps it (and closing the tab forgets it). The company's razón social is
 * kept too, to suggest it in the user form.
 */
const TOKEN_KEY = 'jornada.onboardingToken';
const RAZON_SOCIAL_KEY = 'jornada.onboardingRazonSocial';

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export const onboardingStorage = {
  save(token: string, razonSocial: string) {
    storage()?.setItem(TOKEN_KEY, token);
    storage()?.setItem(RAZON_SOCIAL_KEY, razonSocial);
  },
  token: (): string => storage()?.getItem(TOKEN_KEY) ?? '',
  razonSocial: (): string => storage()?.getItem(RAZON_SOCIAL_KEY) ?? '',
  clear() {
    storage()?.removeItem(TOKEN_KEY);
    storage()?.removeItem(RAZON_SOCIAL_KEY);
  },
};
