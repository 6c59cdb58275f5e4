import type { ReporteMarcas } from '@jornada/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';
import { useToken } from '../../../lib/use-token';

const reportKeys = {
  marks: (query: Record<string, unknown>) => [...queryRoots.reports, 'marcas', query] as const,
};

/** GET /api/v1/reportes/marcas: a page of worker blocks and the whole report's summary. */
export function useMarksReport(query: Record<string, string | number>) {
  const token = useToken();
  return useQuery({
    queryKey: reportKeys.marks(query),
    queryFn: ({ signal }) => apiGet<ReporteMarcas>('/v1/reportes/marcas', { token, signal, query }),
    placeholderData: keepPreviousData,
  });
}
