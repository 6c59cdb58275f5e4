import { queryRoots } from '../../../lib/query-keys';

/** Query keys of web marking; `all` (the marks root, receipts included) is invalidated after every mark. */
export const markingKeys = {
  all: queryRoots.marks,
  today: [...queryRoots.marks, 'hoy'] as const,
};
