import type { CrearSedeBody, Sede } from '@jornada/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { useToken } from '../../../lib/use-token';
import { settingsKeys } from './keys';

/** POST /api/v1/sedes */
function createSite(token: string, body: CrearSedeBody): Promise<Sede> {
  return apiPost<Sede>('/v1/sedes', body, { token });
}

export function useCreateSite() {
  const token = useToken();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CrearSedeBody) => createSite(token, body),
    onSuccess: () => client.invalidateQueries({ queryKey: settingsKeys.sites }),
  });
}
