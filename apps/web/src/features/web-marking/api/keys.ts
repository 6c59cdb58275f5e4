import { queryRoots } from '../../../lib/query-keys';

/** Query keys of web marking; `all` (the marks root, receipts included) is invalidated after every mark. */
export const markingKeys = {
  all: queryRoots.marks,
  today: [...queryRoots.marks, 'hoy'] as const,
  /** A page of the marks list (a person's record): under the root, so a new mark refreshes it. */
  list: (query: Record<string, string | number>) => [...queryRoots.marks, 'lista', query] as const,
};
