import type { DetalleRemuneracion, EstadoPeriodo, PendientesPeriodo, RemuneracionesResponse } from '@jornada/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../../lib/api-client';
import { readEvaluated } from '../../../components/evaluation-progress';
import { useToken } from '../../../lib/use-token';

const remunerationKeys = {
  all: ['remuneraciones'] as const,
  month: (periodo: string, query: Record<string, unknown>) => ['remuneraciones', periodo, query] as const,
  worker: (periodo: string, id: string) => ['remuneraciones', periodo, 'trabajador', id] as const,
  pending: (periodo: string) => ['remuneraciones', periodo, 'pendientes'] as const,
};

/** GET /api/v1/remuneraciones/:periodo: one page of workers with their pay variables, the totals and the month's state. */
export function useRemunerations(periodo: string, query: Record<string, string | number>) {
  const token = useToken();
  return useQuery({
    queryKey: remunerationKeys.month(periodo, query),
    queryFn: ({ signal }) => readEvaluated(() => apiGet<RemuneracionesResponse>(`/v1/remuneraciones/${periodo}`, { token, signal, query }), { token, signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/v1/remuneraciones/:periodo/trabajadores/:id: the days and weeks behind a worker's figures. */
export function useRemunerationDetail(periodo: string, id: string | null) {
  const token = useToken();
  return useQuery({
    queryKey: remunerationKeys.worker(periodo, id ?? ''),
    queryFn: ({ signal }) => apiGet<DetalleRemuneracion>(`/v1/remuneraciones/${periodo}/trabajadores/${encodeURIComponent(id!)}`, { token, signal }),
    enabled: Boolean(id),
  });
}

/**
 * GET /api/v1/remuneraciones/:periodo/pendientes: what is still open in the month, read afresh each
 * time the closing dialog opens (never from the cache: it is what the administrador confirms against).
 */
export function usePendingItems(periodo: string, enabled: boolean) {
  const token = useToken();
  return useQuery({
    queryKey: remunerationKeys.pending(periodo),
    queryFn: ({ signal }) => apiGet<PendientesPeriodo>(`/v1/remuneraciones/${periodo}/pendientes`, { token, signal }),
    enabled,
    staleTime: 0,
    gcTime: 0,
    refetchOnWindowFocus: false,
    retry: false,
  });
}

/** POST …/cierre and …/reapertura; both refresh the month. */
export function usePeriodAction(periodo: string) {
  const token = useToken();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: { kind: 'cierre' } | { kind: 'reapertura'; motivo: string }) =>
      apiPost<EstadoPeriodo>(`/v1/remuneraciones/${periodo}/${action.kind}`, action.kind === 'reapertura' ? { motivo: action.motivo } : {}, { token }),
    onSuccess: () => client.invalidateQueries({ queryKey: remunerationKeys.all }),
  });
}
