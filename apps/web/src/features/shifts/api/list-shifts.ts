import type { TurnosPage } from '@jornada/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet, type Query } from '../../../lib/api-client';
import { useToken } from '../../../lib/use-token';
import { shiftKeys } from './keys';

/** GET /api/v1/turnos (A, S), sorted by código. */
function listShifts(token: string, query: Query, signal?: AbortSignal): Promise<TurnosPage> {
  return apiGet<TurnosPage>('/v1/turnos', { token, query, signal });
}

export function useShifts(query: Record<string, string | number>) {
  const token = useToken();
  return useQuery({
    queryKey: shiftKeys.list(query),
    queryFn: ({ signal }) => listShifts(token, query, signal),
    placeholderData: keepPreviousData,
  });
}
