import type {
  Correccion,
  CrearCorreccionBody,
  DescartarInconsistenciaBody,
  DiaInconsistenciaResponse,
  InconsistenciasResponse,
} from '@jornada/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../../lib/api-client';
import { readEvaluated } from '../../../components/evaluation-progress';
import { queryRoots } from '../../../lib/query-keys';
import { useToken } from '../../../lib/use-token';

const inconsistencyKeys = {
  all: ['inconsistencias'] as const,
  list: (query: Record<string, unknown>) => ['inconsistencias', 'lista', query] as const,
  day: (usuarioId: string, fecha: string) => ['inconsistencias', 'dia', usuarioId, fecha] as const,
};

/** GET /api/v1/inconsistencias: a page of inconsistencies and the counts by kind and state. */
export function useInconsistencies(query: Record<string, string | number>) {
  const token = useToken();
  return useQuery({
    queryKey: inconsistencyKeys.list(query),
    queryFn: ({ signal }) => readEvaluated(() => apiGet<InconsistenciasResponse>('/v1/inconsistencias', { token, signal, query }), { token, signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/v1/inconsistencias/dia: the worker's day with plan, marks, explanation and each inconsistency's log. */
export function useInconsistencyDay(usuarioId: string, fecha: string) {
  const token = useToken();
  return useQuery({
    queryKey: inconsistencyKeys.day(usuarioId, fecha),
    queryFn: ({ signal }) => apiGet<DiaInconsistenciaResponse>('/v1/inconsistencias/dia', { token, signal, query: { usuarioId, fecha } }),
    enabled: Boolean(usuarioId && fecha),
  });
}

/** After any action the list and the day are read again (a correction also refreshes the corrections pages). */
function useRefresh() {
  const client = useQueryClient();
  return () => Promise.all([client.invalidateQueries({ queryKey: inconsistencyKeys.all }), client.invalidateQueries({ queryKey: queryRoots.corrections })]);
}

/** POST /api/v1/inconsistencias/descartes. */
export function useDismiss() {
  const token = useToken();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: DescartarInconsistenciaBody) => apiPost<DiaInconsistenciaResponse>('/v1/inconsistencias/descartes', body, { token }),
    onSuccess: refresh,
  });
}

/** POST /api/v1/inconsistencias/descartes/:id/reabrir. */
export function useReopen() {
  const token = useToken();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => apiPost<DiaInconsistenciaResponse>(`/v1/inconsistencias/descartes/${encodeURIComponent(id)}/reabrir`, {}, { token }),
    onSuccess: refresh,
  });
}

/** POST /api/v1/correcciones: a missing mark, or a changed time of a recorded mark (`marcaId`), through the 48-hour flow. */
export function useProposeCorrection() {
  const token = useToken();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: CrearCorreccionBody) => apiPost<Correccion>('/v1/correcciones', body, { token }),
    onSuccess: refresh,
  });
}
