import type { ActualizarConfiguracionAlertasBody, AlertasEnviadasPage, ConfiguracionAlertas } from '@jornada/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest } from '../../../lib/api-client';
import { useToken } from '../../../lib/use-token';

const keys = {
  settings: ['alertas', 'configuracion'] as const,
  sent: (query: Record<string, string | number>) => ['alertas', 'enviadas', query] as const,
};

/** GET /api/v1/configuracion/alertas (administrador). */
export function useAlertSettings() {
  const token = useToken();
  return useQuery({ queryKey: keys.settings, queryFn: ({ signal }) => apiGet<ConfiguracionAlertas>('/v1/configuracion/alertas', { token, signal }) });
}

/** PUT /api/v1/configuracion/alertas */
export function useUpdateAlertSettings() {
  const token = useToken();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ActualizarConfiguracionAlertasBody) => apiRequest<ConfiguracionAlertas>('PUT', '/v1/configuracion/alertas', body, { token }),
    onSuccess: (settings) => client.setQueryData(keys.settings, settings),
  });
}

/** GET /api/v1/configuracion/alertas/enviadas: the log of alerts sent, newest first. */
export function useSentAlerts(query: Record<string, string | number>) {
  const token = useToken();
  return useQuery({
    queryKey: keys.sent(query),
    queryFn: ({ signal }) => apiGet<AlertasEnviadasPage>('/v1/configuracion/alertas/enviadas', { token, signal, query }),
    placeholderData: keepPreviousData,
  });
}
