import { queryRoots } from '../../../lib/query-keys';

export const groupKeys = {
  /** Every query about groups, the shared select options (`entityKeys.groupOptions`) included: a group mutation invalidates it. */
  all: queryRoots.groups,
  list: (query: Record<string, unknown>) => [...queryRoots.groups, 'lista', query] as const,
  detail: (id: string) => [...queryRoots.groups, 'detalle', id] as const,
  history: (id: string) => [...queryRoots.groups, 'historial', id] as const,
  people: (query: Record<string, unknown>) => [...queryRoots.groups, 'personas', query] as const,
  leaders: [...queryRoots.groups, 'candidatos-lider'] as const,
};
