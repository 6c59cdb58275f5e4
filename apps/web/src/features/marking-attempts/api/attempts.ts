import type { IntentosPage, SedesPage, Usuario, UsuariosPage } from '@jornada/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { useToken } from '../../../lib/use-token';

export const attemptKeys = {
  list: (query: Record<string, unknown>) => ['intentos-marcaje', query] as const,
  sites: ['intentos-marcaje', 'sedes'] as const,
  workers: (q: string) => ['intentos-marcaje', 'trabajadores', q] as const,
  worker: (id: string) => ['intentos-marcaje', 'trabajador', id] as const,
};

/** GET /api/v1/intentos-marcaje (administrador: the company; supervisor: the groups they lead). */
export function useAttempts(query: Record<string, string | number>) {
  const token = useToken();
  return useQuery({
    queryKey: attemptKeys.list(query),
    queryFn: ({ signal }) => apiGet<IntentosPage>('/v1/intentos-marcaje', { token, signal, query }),
    placeholderData: keepPreviousData,
  });
}

export interface Option {
  value: string;
  label: string;
}

export function useSiteOptions() {
  const token = useToken();
  return useQuery({
    queryKey: attemptKeys.sites,
    queryFn: async ({ signal }): Promise<Option[]> =>
      (await apiGet<SedesPage>('/v1/sedes', { token, signal, query: { pageSize: 100 } })).items.map((s) => ({ value: s.id, label: s.nombre })),
    staleTime: 60_000,
  });
}

const workerOption = (u: Pick<Usuario, 'id' | 'nombre' | 'apellidos' | 'rut'>): Option => ({ value: u.id, label: `${u.nombre} ${u.apellidos} (${u.rut})` });

/** Workers matching a search (name or RUT), 20 at a time, for the worker filter. */
export function useWorkerOptions(q: string) {
  const token = useToken();
  return useQuery({
    queryKey: attemptKeys.workers(q),
    queryFn: async ({ signal }) =>
      (await apiGet<UsuariosPage>('/v1/usuarios', { token, signal, query: { q, pageSize: 20, sort: 'apellidos', order: 'asc' } })).items.map(workerOption),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** The label of the worker already chosen in the URL. */
export function useWorkerOption(id: string) {
  const token = useToken();
  return useQuery({
    queryKey: attemptKeys.worker(id),
    queryFn: async ({ signal }) => workerOption(await apiGet<Usuario>(`/v1/usuarios/${encodeURIComponent(id)}`, { token, signal })),
    enabled: Boolean(id),
    staleTime: 60_000,
  });
}
