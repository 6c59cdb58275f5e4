import { queryRoots } from '../../../lib/query-keys';

/** Query keys of the shifts feature; `all` (the shifts root, also invalidated by a bulk upload of shifts) after any change to a shift. */
export const shiftKeys = {
  all: queryRoots.shifts,
  list: (query: Record<string, unknown>) => [...queryRoots.shifts, 'lista', query] as const,
};
