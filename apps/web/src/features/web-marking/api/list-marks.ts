import type { MarcasPage } from '@jornada/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { useToken } from '../../../lib/use-token';
import { markingKeys } from './keys';

/**
 * GET /api/v1/marcas?usuarioId=&desde=&hasta=&page=&pageSize=: one worker's marks of a period, newest
 * first, each with its site and the zone its time is read in (the server scopes: own marks; a supervisor's
 * groups; the administrator's company).
 */
export function useWorkerMarks(query: { usuarioId: string; desde: string; hasta: string; page: number; pageSize: number }) {
  const token = useToken();
  return useQuery({
    queryKey: markingKeys.list(query),
    queryFn: ({ signal }) => apiGet<MarcasPage>('/v1/marcas', { token, signal, query }),
    placeholderData: keepPreviousData,
  });
}
