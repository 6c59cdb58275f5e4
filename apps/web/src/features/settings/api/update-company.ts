import type { ActualizarEmpresaBody, Empresa } from '@jornada/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invitationsKey } from '../../../components/invitations-banner';
import { apiRequest } from '../../../lib/api-client';
import { useToken } from '../../../lib/use-token';
import { settingsKeys } from './keys';

/** PATCH /api/v1/empresa */
function updateCompany(token: string, body: ActualizarEmpresaBody): Promise<Empresa> {
  return apiRequest<Empresa>('PATCH', '/v1/empresa', body, { token });
}

export function useUpdateCompany() {
  const token = useToken();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ActualizarEmpresaBody) => updateCompany(token, body),
    onSuccess: (company) => {
      client.setQueryData(settingsKeys.company, company);
      // A new e-mail is unconfirmed: the invitations banner says so.
      void client.invalidateQueries({ queryKey: invitationsKey });
    },
  });
}
