import type { IntentosPage, SedesPage } from '@jornada/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { useToken } from '../../../lib/use-token';

export const attemptKeys = {
  list: (query: Record<string, unknown>) => ['intentos-marcaje', query] as const,
  sites: ['intentos-marcaje', 'sedes'] as const,
};

/** GET /api/v1/intentos-marcaje (administrador: the company; supervisor: the groups they lead). */
export function useAttempts(query: Record<string, string | number>) {
  const token = useToken();
  return useQuery({
    queryKey: attemptKeys.list(query),
    queryFn: ({ signal }) => apiGet<IntentosPage>('/v1/intentos-marcaje', { token, signal, query }),
    placeholderData: keepPreviousData,
  });
}

export interface Option {
  value: string;
  label: string;
}

export function useSiteOptions() {
  const token = useToken();
  return useQuery({
    queryKey: attemptKeys.sites,
    queryFn: async ({ signal }): Promise<Option[]> =>
      (await apiGet<SedesPage>('/v1/sedes', { token, signal, query: { pageSize: 100 } })).items.map((s) => ({ value: s.id, label: s.nombre })),
    staleTime: 60_000,
  });
}

