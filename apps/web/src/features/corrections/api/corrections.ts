import type { AnularCorreccionBody, Correccion, CorreccionesPage, ObjetarCorreccionBody } from '@jornada/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';
import { useToken } from '../../../lib/use-token';

/** Under the corrections root, shared with the attempts and inconsistencies pages: a change on any of them refreshes all. */
const correctionKeys = {
  all: queryRoots.corrections,
  list: (query: Record<string, unknown>) => [...queryRoots.corrections, 'lista', query] as const,
  detail: (id: string) => [...queryRoots.corrections, 'detalle', id] as const,
};

/**
 * GET /api/v1/correcciones. Refreshed every minute: a deadline that passes while the page is open
 * turns a pending correction into a consolidated one (the server consolidates on read).
 */
export function useCorrections(query: Record<string, string | number>) {
  const token = useToken();
  return useQuery({
    queryKey: correctionKeys.list(query),
    queryFn: ({ signal }) => apiGet<CorreccionesPage>('/v1/correcciones', { token, signal, query }),
    placeholderData: keepPreviousData,
    refetchInterval: 60_000,
  });
}

/** GET /api/v1/correcciones/:id (with its history), for the detail opened from the e-mail's link. */
export function useCorrection(id: string) {
  const token = useToken();
  return useQuery({
    queryKey: correctionKeys.detail(id),
    queryFn: ({ signal }) => apiGet<Correccion>(`/v1/correcciones/${encodeURIComponent(id)}`, { token, signal }),
    enabled: Boolean(id),
  });
}

type Action = { id: string; action: 'objetar'; body: ObjetarCorreccionBody } | { id: string; action: 'aceptar' } | { id: string; action: 'anular'; body: AnularCorreccionBody };

/** POST /api/v1/correcciones/:id/{objetar,aceptar,anular}. */
export function useCorrectionAction() {
  const token = useToken();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: Action) =>
      apiPost<Correccion>(`/v1/correcciones/${encodeURIComponent(input.id)}/${input.action}`, 'body' in input ? input.body : {}, { token }),
    onSuccess: (correction) => {
      client.setQueryData(correctionKeys.detail(correction.id), correction);
      return client.invalidateQueries({ queryKey: correctionKeys.all });
    },
  });
}

