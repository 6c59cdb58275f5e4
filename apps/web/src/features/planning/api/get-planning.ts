import { MAX_PAGE_SIZE, type PlanificacionGrilla } from '@jornada/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { useToken } from '../../../lib/use-token';
import { planningKeys } from './keys';

interface PlanningQuery {
  desde: string;
  hasta: string;
  grupoId?: string;
  sedeId?: string;
  /** Only these workers (a person's record: one). */
  usuarioIds?: readonly string[];
}

/**
 * GET /api/v1/planificaciones for a range, every page of rows: the grid is virtualised, so it shows
 * all the workers of the group or site at once (two requests for 200 workers).
 */
async function getPlanning(token: string, query: PlanningQuery, signal?: AbortSignal): Promise<PlanificacionGrilla> {
  const base = {
    desde: query.desde,
    hasta: query.hasta,
    grupoId: query.grupoId,
    sedeId: query.sedeId,
    usuarioIds: query.usuarioIds?.join(','),
    pageSize: MAX_PAGE_SIZE,
  };
  const first = await apiGet<PlanificacionGrilla>('/v1/planificaciones', { token, signal, query: { ...base, page: 1 } });
  const pages = Math.ceil(first.total / first.pageSize);
  if (pages <= 1) return first;
  const rest = await Promise.all(
    Array.from({ length: pages - 1 }, (_, index) =>
      apiGet<PlanificacionGrilla>('/v1/planificaciones', { token, signal, query: { ...base, page: index + 2 } }),
    ),
  );
  return { ...first, filas: [...first.filas, ...rest.flatMap((page) => page.filas)], page: 1, pageSize: first.total };
}

export function planningQueryKey(query: PlanningQuery) {
  const key = { desde: query.desde, hasta: query.hasta, grupoId: query.grupoId ?? '', sedeId: query.sedeId ?? '' };
  return planningKeys.grid(query.usuarioIds ? { ...key, usuarioIds: query.usuarioIds.join(',') } : key);
}

export function usePlanning(query: PlanningQuery, enabled = true) {
  const token = useToken();
  return useQuery({
    queryKey: planningQueryKey(query),
    queryFn: ({ signal }) => getPlanning(token, query, signal),
    enabled,
  });
}
