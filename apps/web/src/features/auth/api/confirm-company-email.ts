import type { ConfirmarCorreoEmpresaResponse } from '@jornada/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';

/** POST /api/v1/empresa/confirmar-correo (public): 400 with a Spanish message when the link is unknown, used or expired. */
function confirmCompanyEmail(token: string): Promise<ConfirmarCorreoEmpresaResponse> {
  return apiPost<ConfirmarCorreoEmpresaResponse>('/v1/empresa/confirmar-correo', { token });
}

export function useConfirmCompanyEmail() {
  return useMutation({ mutationFn: confirmCompanyEmail });
}
