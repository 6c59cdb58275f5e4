import type { UsuariosPage } from '@jornada/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import type { Option } from '../../../lib/entity-options';
import { useToken } from '../../../lib/use-token';
import { planningKeys } from './keys';

/** GET /api/v1/usuarios?q= (active people, first 50 matches) for the wizard's worker picker. */
export async function searchWorkers(token: string, q: string, signal?: AbortSignal): Promise<Option[]> {
  const page = await apiGet<UsuariosPage>('/v1/usuarios', { token, signal, query: { q, activo: 'true', pageSize: 50, sort: 'apellidos', order: 'asc' } });
  return page.items.map((user) => ({ value: user.id, label: `${user.nombre} ${user.apellidos} · ${user.rut}` }));
}

export function useWorkerSearch(q: string) {
  const token = useToken();
  return useQuery({
    queryKey: planningKeys.workers(q),
    queryFn: ({ signal }) => searchWorkers(token, q, signal),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
