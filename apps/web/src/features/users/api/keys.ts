import { entityKeys } from '../../../lib/entity-options';

/** Query keys of the users feature; `all` (the shared worker options included) is invalidated after any change to a user. */
export const userKeys = {
  all: entityKeys.users,
  list: (query: Record<string, unknown>) => ['usuarios', 'lista', query] as const,
  detail: (id: string) => ['usuarios', 'detalle', id] as const,
};
