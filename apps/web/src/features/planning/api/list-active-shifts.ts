import { MAX_PAGE_SIZE, type Turno, type TurnosPage } from '@jornada/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { useToken } from '../../../lib/use-token';
import { planningKeys } from './keys';

/** GET /api/v1/turnos?activo=true, every page: the shifts that can be planned. */
async function listActiveShifts(token: string, signal?: AbortSignal): Promise<Turno[]> {
  const items: Turno[] = [];
  for (let page = 1; ; page++) {
    const result = await apiGet<TurnosPage>('/v1/turnos', { token, signal, query: { activo: 'true', pageSize: MAX_PAGE_SIZE, page } });
    items.push(...result.items);
    if (items.length >= result.total || result.items.length === 0) return items;
  }
}

export function useActiveShifts(enabled = true) {
  const token = useToken();
  return useQuery({ queryKey: planningKeys.shifts, queryFn: ({ signal }) => listActiveShifts(token, signal), enabled, staleTime: 60_000 });
}
