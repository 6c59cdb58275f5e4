import type { TransferirPrincipalBody, Usuario } from '@jornada/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { useToken } from '../../../lib/use-token';
import { userKeys } from './keys';

/** POST /api/v1/usuarios/:id/transferir-principal: the principal hands the role to this administrator. */
function transferPrincipal(token: string, id: string, body: TransferirPrincipalBody): Promise<Usuario> {
  return apiPost<Usuario>(`/v1/usuarios/${encodeURIComponent(id)}/transferir-principal`, body, { token });
}

export function useTransferPrincipal(id: string) {
  const token = useToken();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TransferirPrincipalBody) => transferPrincipal(token, id, body),
    // Two records changed (the new principal and the caller): every user query is read again.
    onSuccess: () => client.invalidateQueries({ queryKey: userKeys.all }),
  });
}
