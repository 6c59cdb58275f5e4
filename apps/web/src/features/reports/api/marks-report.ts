import type { ReporteMarcas, TrabajadoresReporte } from '@jornada/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { useToken } from '../../../lib/use-token';
import { workerOption } from '../../../components/worker-filter';

const reportKeys = {
  marks: (query: Record<string, unknown>) => ['reportes', 'marcas', query] as const,
  workers: (q: string) => ['reportes', 'trabajadores', q] as const,
  worker: (id: string) => ['reportes', 'trabajador', id] as const,
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

/** Workers in scope matching a search (name or RUT), 20 at a time. */
export function useReportWorkers(q: string) {
  const token = useToken();
  return useQuery({
    queryKey: reportKeys.workers(q),
    queryFn: async ({ signal }) => (await apiGet<TrabajadoresReporte>('/v1/reportes/trabajadores', { token, signal, query: q ? { q } : {} })).items.map(workerOption),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** The label of the worker already chosen in the URL. */
export function useReportWorker(id: string) {
  const token = useToken();
  return useQuery({
    queryKey: reportKeys.worker(id),
    queryFn: async ({ signal }) => (await apiGet<TrabajadoresReporte>('/v1/reportes/trabajadores', { token, signal, query: { id } })).items.map(workerOption)[0] ?? null,
    enabled: Boolean(id),
    staleTime: 60_000,
  });
}
