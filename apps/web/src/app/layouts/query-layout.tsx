import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { queryClientFor } from '../../lib/query-client';
import { useSession } from '../../lib/session';

/**
 * Wraps every page that reads or writes server state through TanStack Query. It is a lazy route so
 * that the query library stays out of the sign-in page's initial JS. The cache is the current session's.
 */
export function QueryLayout() {
  // Emptied here, while rendering, before any page below starts its queries for the new session.
  const client = queryClientFor(useSession().token);
  return (
    <QueryClientProvider client={client}>
      <Outlet />
    </QueryClientProvider>
  );
}
