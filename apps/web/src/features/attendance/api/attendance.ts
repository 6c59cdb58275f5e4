import type { AsistenciaDiaResponse, AsistenciaTrabajadorResponse } from '@jornada/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { readEvaluated } from '../../../components/evaluation-progress';
import { useToken } from '../../../lib/use-token';

/** How often the day board asks again while it is on screen (paused while the tab is hidden). */
export const DAY_REFRESH_MS = 30_000;

const attendanceKeys = {
  all: ['asistencia'] as const,
  day: (query: Record<string, unknown>) => ['asistencia', 'dia', query] as const,
  worker: (id: string, desde: string, hasta: string) => ['asistencia', 'trabajador', id, desde, hasta] as const,
};

/**
 * GET /api/v1/asistencia/dia: one page of the day board, the counts per status and the arrivals by
 * hour. Refreshed every 30 s while open; TanStack Query skips the interval while the tab is hidden
 * (`refetchIntervalInBackground` is false) and refetches when it comes back.
 */
export function useAttendanceDay(query: Record<string, string | number>) {
  const token = useToken();
  return useQuery({
    queryKey: attendanceKeys.day(query),
    queryFn: ({ signal }) => readEvaluated(() => apiGet<AsistenciaDiaResponse>('/v1/asistencia/dia', { token, signal, query }), { token, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: DAY_REFRESH_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
  });
}

/** GET /api/v1/asistencia/trabajadores/:id?desde&hasta: each day of a worker with the engine's explanation, and the totals. */
export function useWorkerAttendance(id: string, desde: string, hasta: string) {
  const token = useToken();
  return useQuery({
    queryKey: attendanceKeys.worker(id, desde, hasta),
    queryFn: ({ signal }) =>
      readEvaluated(() => apiGet<AsistenciaTrabajadorResponse>(`/v1/asistencia/trabajadores/${encodeURIComponent(id)}`, { token, signal, query: { desde, hasta } }), { token, signal }),
    enabled: Boolean(id),
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[2] === id ? previous : undefined),
  });
}
