import type { ExtensionDiciembre, ExtensionDiciembreBody } from '@jornada/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest } from '../../../lib/api-client';
import { useToken } from '../../../lib/use-token';
import { planningKeys } from './keys';

const PATH = '/v1/planificaciones/extension-diciembre';

/** GET /api/v1/planificaciones/extension-diciembre?anio=: the year's declared days and whether the company is commerce. */
export function useDecemberExtension(anio: number, enabled: boolean) {
  const token = useToken();
  return useQuery({
    queryKey: planningKeys.decemberExtension(anio),
    queryFn: ({ signal }) => apiGet<ExtensionDiciembre>(PATH, { token, signal, query: { anio } }),
    enabled,
  });
}

/** PUT of the whole year's set; the plan's alerts read it, so every planning query refreshes. */
export function useSaveDecemberExtension() {
  const token = useToken();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ExtensionDiciembreBody) => apiRequest<ExtensionDiciembre>('PUT', PATH, body, { token }),
    onSuccess: (data) => {
      client.setQueryData(planningKeys.decemberExtension(data.anio), data);
      return client.invalidateQueries({ queryKey: planningKeys.all });
    },
  });
}
