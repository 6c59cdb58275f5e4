import type { AuthBody } from '@jornada/contracts';
import { apiPost } from '../api-client';

/** The three session calls of the spec (section 7). Answers are validated by the store, not here. */
export interface SessionApi {
  auth(body: AuthBody): Promise<unknown>;
  profile(token: string): Promise<unknown>;
  logout(token: string): Promise<unknown>;
}

export const httpSessionApi: SessionApi = {
  auth: (body) => apiPost('/usuarios/auth', body),
  profile: (token) => apiPost('/usuarios/profile', { token }, { token }),
  logout: (token) => apiPost('/usuarios/logout', { token }, { token }),
};
