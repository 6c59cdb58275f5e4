import { queryRoots } from '../../../lib/query-keys';

/** Query keys of the users feature; `all` (the shared worker options included) is invalidated after any change to a user. */
export const userKeys = {
  all: queryRoots.users,
  list: (query: Record<string, unknown>) => [...queryRoots.users, 'lista', query] as const,
  detail: (id: string) => [...queryRoots.users, 'detalle', id] as const,
};
