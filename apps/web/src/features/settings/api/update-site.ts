import type { ActualizarSedeBody, Sede } from '@jornada/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useToken } from '../../../lib/use-token';
import { settingsKeys } from './keys';

/** PATCH /api/v1/sedes/:id */
function updateSite(token: string, id: string, body: ActualizarSedeBody): Promise<Sede> {
  return apiRequest<Sede>('PATCH', `/v1/sedes/${encodeURIComponent(id)}`, body, { token });
}

export function useUpdateSite() {
  const token = useToken();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ActualizarSedeBody }) => updateSite(token, id, body),
    onSuccess: () => client.invalidateQueries({ queryKey: settingsKeys.sites }),
  });
}
