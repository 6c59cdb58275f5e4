import type { SedesPage } from '@jornada/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { useToken } from '../../../lib/use-token';

/** Sites as select options. */
export function useSiteOptions() {
  const token = useToken();
  return useQuery({
    queryKey: ['sedes', 'opciones-quiosco'],
    queryFn: async ({ signal }) => (await apiGet<SedesPage>('/v1/sedes', { token, query: { pageSize: 100 }, signal })).items.map((s) => ({ value: s.id, label: s.nombre })),
  });
}
