import { useCallback } from 'react';
import { nombreJornadaExcepcional, type Grupo, type GruposPage, type JornadasExcepcionales, type OpcionesReporte, type Sede, type SedesPage, type TrabajadoresReporte, type Usuario, type UsuariosPage } from '@jornada/contracts';
import { keepPreviousData, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { apiGet } from './api-client';
import { queryRoots } from './query-keys';
import { useToken } from './use-token';

/** A select's option. */
export interface Option {
  value: string;
  label: string;
}

/**
 * The query keys of the company's shared entities. Every page asks for the sites, groups and people it
 * offers in a select through the one key of each entity, so TanStack Query fetches a list once for all
 * of them, and a change invalidates every page at once: the option keys sit under the entity's root
 * (`queryRoots.sites`, `groups`, `users`), which the site, group and user mutations invalidate.
 */
export const entityKeys = {
  siteOptions: [...queryRoots.sites, 'opciones'] as const,
  groupOptions: [...queryRoots.groups, 'opciones'] as const,
  workerOptions: (params: { q: string; soloActivos: boolean }) => [...queryRoots.users, 'opciones', params] as const,
  workerOption: (id: string) => [...queryRoots.users, 'opcion', id] as const,
  /** The groups and sites in the session's scope (reports' options), not invalidated by a mutation: fresh for a minute. */
  scopeOptions: [...queryRoots.reports, 'opciones'] as const,
  /** The workers in the session's scope matching a search, and the one chosen in the URL (the reports' lookup). */
  scopedWorkerOptions: (q: string) => [...queryRoots.reports, 'trabajadores', q] as const,
  scopedWorkerOption: (id: string) => [...queryRoots.reports, 'trabajador', id] as const,
};

/** How long an option list is fresh: the lists change rarely and their mutations invalidate them. */
const OPTIONS_STALE_MS = 60_000;

/** First 100 of each list: the selects list a company's sites and groups whole. */
const OPTIONS_PAGE_SIZE = 100;

const siteOption = (sede: Pick<Sede, 'id' | 'nombre'>): Option => ({ value: sede.id, label: sede.nombre });

const toSiteOptions = (sedes: Sede[]): Option[] => sedes.map(siteOption);

/** GET /api/v1/sedes (first 100) as `{ value, label }` options, under `entityKeys.siteOptions`. */
export function useSiteOptions({ enabled = true }: { enabled?: boolean } = {}): UseQueryResult<Option[]> {
  const token = useToken();
  return useQuery({
    queryKey: entityKeys.siteOptions,
    queryFn: async ({ signal }) => (await apiGet<SedesPage>('/v1/sedes', { token, signal, query: { pageSize: OPTIONS_PAGE_SIZE } })).items,
    select: toSiteOptions,
    enabled,
    staleTime: OPTIONS_STALE_MS,
  });
}

/** GET /api/v1/jornadas-excepcionales as options «7x7 · Res. Ex. N° 1234» (administrador), under `queryRoots.exceptionalSchedules`. */
export function useExceptionalScheduleOptions({ enabled = true }: { enabled?: boolean } = {}): UseQueryResult<Option[]> {
  const token = useToken();
  return useQuery({
    queryKey: queryRoots.exceptionalSchedules,
    queryFn: ({ signal }) => apiGet<JornadasExcepcionales>('/v1/jornadas-excepcionales', { token, signal }),
    select: (data: JornadasExcepcionales) => data.items.map((j) => ({ value: j.id, label: nombreJornadaExcepcional(j) })),
    enabled,
    staleTime: OPTIONS_STALE_MS,
  });
}

/** How a group reads in a select. */
type GroupLabel =
  /** "Bodega" */
  | 'nombre'
  /** "Bodega (12)": with its member count, where the group is chosen to plan its people. */
  | 'miembros'
  /** "Bodega (inactivo)" for an inactive group, where inactive ones are listed too. */
  | 'estado';

const GROUP_LABELS: Record<GroupLabel, (grupo: Grupo) => string> = {
  nombre: (grupo) => grupo.nombre,
  miembros: (grupo) => `${grupo.nombre} (${grupo.totalMiembros})`,
  estado: (grupo) => (grupo.estado === 'inactivo' ? `${grupo.nombre} (inactivo)` : grupo.nombre),
};

interface GroupOptionsParams {
  /** Only active groups (inactive ones cannot be planned). */
  soloActivos?: boolean;
  label?: GroupLabel;
  enabled?: boolean;
}

/**
 * GET /api/v1/grupos (first 100; a supervisor gets the groups they lead) as `{ value, label }` options,
 * under `entityKeys.groupOptions` whatever the parameters: the active-only list and the labels are
 * derived from the one cached list (`select`), so every page shares one request and one invalidation.
 */
export function useGroupOptions({ soloActivos = false, label = 'nombre', enabled = true }: GroupOptionsParams = {}): UseQueryResult<Option[]> {
  const token = useToken();
  const select = useCallback(
    (grupos: Grupo[]): Option[] => {
      const format = GROUP_LABELS[label];
      return (soloActivos ? grupos.filter((grupo) => grupo.estado === 'activo') : grupos).map((grupo) => ({ value: grupo.id, label: format(grupo) }));
    },
    [soloActivos, label],
  );
  return useQuery({
    queryKey: entityKeys.groupOptions,
    queryFn: async ({ signal }) => (await apiGet<GruposPage>('/v1/grupos', { token, signal, query: { pageSize: OPTIONS_PAGE_SIZE } })).items,
    select,
    enabled,
    staleTime: OPTIONS_STALE_MS,
  });
}

/** The groups and sites a perfil may filter its lists by, as options. */
interface ScopeOptions {
  grupos: Option[];
  sedes: Option[];
}

const toScopeOptions = (options: OpcionesReporte): ScopeOptions => ({
  grupos: options.grupos.map((grupo) => ({ value: grupo.id, label: grupo.nombre })),
  sedes: options.sedes.map(siteOption),
});

/**
 * GET /api/v1/reportes/opciones under `entityKeys.scopeOptions`: the groups and sites in the session's
 * scope (administrador: the company; supervisor: the groups they lead and their sites), which the
 * attendance, inconsistencies, marks report and remunerations pages filter by.
 */
export function useScopeOptions({ enabled = true }: { enabled?: boolean } = {}): UseQueryResult<ScopeOptions> {
  const token = useToken();
  return useQuery({
    queryKey: entityKeys.scopeOptions,
    queryFn: ({ signal }) => apiGet<OpcionesReporte>('/v1/reportes/opciones', { token, signal }),
    select: toScopeOptions,
    enabled,
    staleTime: OPTIONS_STALE_MS,
  });
}

/** "Nombre Apellidos (RUT)", the label of a worker in every picker. */
const workerOption = (u: Pick<Usuario, 'id' | 'nombre' | 'apellidos' | 'rut'>): Option => ({ value: u.id, label: `${u.nombre} ${u.apellidos} (${u.rut})` });

interface WorkerOptionsParams {
  /** Only people with an active contract (those who can be planned or enrolled). */
  soloActivos?: boolean;
  enabled?: boolean;
}

/**
 * GET /api/v1/usuarios: the company's people matching a search (name or RUT), the first 50 by surname
 * (a supervisor gets the members of the groups they lead), as options under `entityKeys.workerOptions`.
 */
export function useWorkerOptions(q: string, { soloActivos = false, enabled = true }: WorkerOptionsParams = {}): UseQueryResult<Option[]> {
  const token = useToken();
  return useQuery({
    queryKey: entityKeys.workerOptions({ q, soloActivos }),
    queryFn: async ({ signal }) => {
      const query = { q, pageSize: 50, sort: 'apellidos', order: 'asc', ...(soloActivos ? { activo: 'true' } : {}) };
      return (await apiGet<UsuariosPage>('/v1/usuarios', { token, signal, query })).items.map(workerOption);
    },
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    enabled,
  });
}

/** The option of the person already chosen (from the URL), whom the current search may not list. */
export function useWorkerOption(id: string): UseQueryResult<Option | null> {
  const token = useToken();
  return useQuery({
    queryKey: entityKeys.workerOption(id),
    queryFn: async ({ signal }) => workerOption(await apiGet<Usuario>(`/v1/usuarios/${encodeURIComponent(id)}`, { token, signal })),
    enabled: Boolean(id),
    staleTime: OPTIONS_STALE_MS,
  });
}

/** GET /api/v1/reportes/trabajadores: the workers in the session's scope, 20 at most, as options. */
async function getScopedWorkers(token: string, query: { q?: string; id?: string }, signal: AbortSignal): Promise<Option[]> {
  return (await apiGet<TrabajadoresReporte>('/v1/reportes/trabajadores', { token, signal, query })).items.map(workerOption);
}

/**
 * The workers in the session's scope matching a search (name or RUT) as options, under
 * `entityKeys.scopedWorkerOptions`: the "Trabajador" filter of the pages whose perfiles may not list the
 * company's people (the attendance, inconsistencies, marks, management and legal reports pages).
 */
export function useScopedWorkerOptions(q: string): UseQueryResult<Option[]> {
  const token = useToken();
  return useQuery({
    queryKey: entityKeys.scopedWorkerOptions(q),
    queryFn: ({ signal }) => getScopedWorkers(token, q ? { q } : {}, signal),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** The option of the worker already chosen (from the URL) within the session's scope, whom the current search may not list. */
export function useScopedWorkerOption(id: string): UseQueryResult<Option | null> {
  const token = useToken();
  return useQuery({
    queryKey: entityKeys.scopedWorkerOption(id),
    queryFn: async ({ signal }) => (await getScopedWorkers(token, { id }, signal))[0] ?? null,
    enabled: Boolean(id),
    staleTime: OPTIONS_STALE_MS,
  });
}
