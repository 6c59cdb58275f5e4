import type { MarcasHoy } from '@jornada/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { useToken } from '../../../lib/use-token';
import { markingKeys } from './keys';

/** GET /api/v1/marcas/hoy: the signed-in worker's plan, marks, next expected kind and site today. */
function getToday(token: string, signal?: AbortSignal): Promise<MarcasHoy> {
  return apiGet<MarcasHoy>('/v1/marcas/hoy', { token, signal });
}

export function useToday() {
  const token = useToken();
  return useQuery({ queryKey: markingKeys.today, queryFn: ({ signal }) => getToday(token, signal) });
}
