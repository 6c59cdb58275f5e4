import type { CalendarioFeriados, CrearFeriadoBody, Feriado } from '@jornada/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost, apiRequest } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';
import { useToken } from '../../../lib/use-token';

const holidayKeys = {
  all: ['feriados'] as const,
  year: (anio: number) => ['feriados', anio] as const,
};

/** GET /api/v1/feriados?anio= */
export function useHolidays(anio: number) {
  const token = useToken();
  return useQuery({
    queryKey: holidayKeys.year(anio),
    queryFn: ({ signal }) => apiGet<CalendarioFeriados>('/v1/feriados', { token, query: { anio }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** A change of the calendar changes the planning grid (its holidays and alerts) too. */
function useInvalidateCalendar() {
  const client = useQueryClient();
  return () => Promise.all([client.invalidateQueries({ queryKey: holidayKeys.all }), client.invalidateQueries({ queryKey: queryRoots.planning })]);
}

/** POST /api/v1/feriados */
export function useAddHoliday() {
  const token = useToken();
  const invalidate = useInvalidateCalendar();
  return useMutation({
    mutationFn: (body: CrearFeriadoBody) => apiPost<Feriado>('/v1/feriados', body, { token }),
    onSuccess: invalidate,
  });
}

/** DELETE /api/v1/feriados/:id */
export function useRemoveHoliday() {
  const token = useToken();
  const invalidate = useInvalidateCalendar();
  return useMutation({
    mutationFn: (id: string) => apiRequest<void>('DELETE', `/v1/feriados/${encodeURIComponent(id)}`, undefined, { token }),
    onSuccess: invalidate,
  });
}
