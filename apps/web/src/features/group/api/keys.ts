import { entityKeys } from '../../../lib/entity-options';

export const groupKeys = {
  /** Every query about groups, the shared select options (`entityKeys.groupOptions`) included: a group mutation invalidates it. */
  all: entityKeys.groups,
  list: (query: Record<string, unknown>) => ['grupos', 'lista', query] as const,
  detail: (id: string) => ['grupos', 'detalle', id] as const,
  history: (id: string) => ['grupos', 'historial', id] as const,
  people: (query: Record<string, unknown>) => ['grupos', 'personas', query] as const,
  leaders: ['grupos', 'candidatos-lider'] as const,
};
