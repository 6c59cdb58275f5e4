import { QueryClient } from '@tanstack/react-query';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

/** The app's one query cache (created when the first page that needs server state loads). */
export const queryClient = createQueryClient();

let cacheOwner: string | null | undefined;

/**
 * The cache belongs to one session. The app signs out and in without reloading the page, and every query
 * key names an entity, not a company: when the token changes (a sign-out, another user) the cache starts
 * empty, so a page never shows the previous session's company, not even while it refetches.
 */
export function queryClientFor(token: string | null, client: QueryClient = queryClient): QueryClient {
  if (cacheOwner !== undefined && cacheOwner !== token) client.clear();
  cacheOwner = token;
  return client;
}
