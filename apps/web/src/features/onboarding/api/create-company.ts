import type { CrearEmpresaBody, CrearEmpresaResponse } from '@jornada/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';

/** The company form as sent: every field free text, `resolucion` always false (spec section 3). */
export type CompanyFormBody = Required<Omit<CrearEmpresaBody, 'resolucion'>> & { resolucion: false };

/** POST {api}/empresa/crear */
function createCompany(body: CompanyFormBody): Promise<CrearEmpresaResponse> {
  return apiPost<CrearEmpresaResponse>('/empresa/crear', body);
}

export function useCreateCompany() {
  return useMutation({ mutationFn: createCompany });
}
