import { queryRoots } from '../../../lib/query-keys';

/** Query keys of the planning feature, under the planning root (also invalidated by a bulk upload of planning). */
export const planningKeys = {
  all: queryRoots.planning,
  grids: [...queryRoots.planning, 'grilla'] as const,
  grid: (query: Record<string, string>) => [...queryRoots.planning, 'grilla', query] as const,
  changes: [...queryRoots.planning, 'cambios'] as const,
  /** Commerce's declared December extension days of a year (art. 24). */
  decemberExtension: (anio: number) => [...queryRoots.planning, 'extension-diciembre', anio] as const,
  changeList: (query: Record<string, unknown>) => [...queryRoots.planning, 'cambios', query] as const,
  /** The active shifts the planning offers: under the shifts root, so creating, changing or uploading shifts refreshes them. */
  shifts: [...queryRoots.shifts, 'activos-planificacion'] as const,
};
