import { ONBOARDING_TOKEN_HEADER, type CrearUsuarioResponse } from '@jornada/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';

/** The main-user form as sent; dates as `YYYY-MM-DD`, an empty end date as ''. */
export interface UserFormBody {
  nombre: string;
  apellidos: string;
  cargo: string;
  rut: string;
  password: string;
  email: string;
  direccion: string;
  razon_social: string;
  telefono: string;
  inicio_contrato: string;
  fin_contrato: string;
}

/** POST {api}/usuarios/crear with the onboarding token of the company step. */
function createUser({ body, onboardingToken }: { body: UserFormBody; onboardingToken: string }): Promise<CrearUsuarioResponse> {
  return apiPost<CrearUsuarioResponse>('/usuarios/crear', body, {
    headers: onboardingToken ? { [ONBOARDING_TOKEN_HEADER]: onboardingToken } : {},
  });
}

export function useCreateUser() {
  return useMutation({ mutationFn: createUser });
}
