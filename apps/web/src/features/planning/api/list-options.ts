import type { GruposPage, SedesPage, UsuariosPage } from '@jornada/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { useToken } from '../../../lib/use-token';
import { planningKeys } from './keys';

export interface Option {
  value: string;
  label: string;
}

/** GET /api/v1/grupos (first 100 active; a supervisor gets the groups they lead). */
export async function listGroupOptions(token: string, signal?: AbortSignal): Promise<Option[]> {
  const page = await apiGet<GruposPage>('/v1/grupos', { token, signal, query: { pageSize: 100, estado: 'activo' } });
  return page.items.map((grupo) => ({ value: grupo.id, label: `${grupo.nombre} (${grupo.totalMiembros})` }));
}

export function useGroupOptions(enabled = true) {
  const token = useToken();
  return useQuery({ queryKey: planningKeys.groups, queryFn: ({ signal }) => listGroupOptions(token, signal), enabled, staleTime: 60_000 });
}

/** GET /api/v1/sedes (first 100). */
export async function listSiteOptions(token: string, signal?: AbortSignal): Promise<Option[]> {
  const page = await apiGet<SedesPage>('/v1/sedes', { token, signal, query: { pageSize: 100 } });
  return page.items.map((sede) => ({ value: sede.id, label: sede.nombre }));
}

export function useSiteOptions(enabled = true) {
  const token = useToken();
  return useQuery({ queryKey: planningKeys.sites, queryFn: ({ signal }) => listSiteOptions(token, signal), enabled, staleTime: 60_000 });
}

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
