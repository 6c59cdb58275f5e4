import type { OpcionesReporteGestion, ReporteGestion, ReporteGestionResponse } from '@jornada/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { readEvaluated } from '../../../components/evaluation-progress';
import { queryRoots } from '../../../lib/query-keys';
import { useToken } from '../../../lib/use-token';

const managementReportKeys = {
  report: (reporte: ReporteGestion, query: Record<string, unknown>) => [...queryRoots.reports, 'gestion', reporte, query] as const,
  options: [...queryRoots.reports, 'opciones-gestion'] as const,
};

/** GET /api/v1/reportes/<reporte>: a page of rows, the period's totals and the chart. */
export function useManagementReport(reporte: ReporteGestion, query: Record<string, string | number>, enabled = true) {
  const token = useToken();
  return useQuery({
    queryKey: managementReportKeys.report(reporte, query),
    queryFn: ({ signal }) => readEvaluated(() => apiGet<ReporteGestionResponse>(`/v1/reportes/${reporte}`, { token, signal, query }), { token, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** Groups, sites, cargos and shifts the signed-in perfil may filter by. */
export function useManagementOptions() {
  const token = useToken();
  return useQuery({
    queryKey: managementReportKeys.options,
    queryFn: async ({ signal }) => {
      const options = await apiGet<OpcionesReporteGestion>('/v1/reportes/opciones-gestion', { token, signal });
      const toOption = (item: { id: string; nombre: string }) => ({ value: item.id, label: item.nombre });
      return { grupos: options.grupos.map(toOption), sedes: options.sedes.map(toOption), cargos: options.cargos, turnos: options.turnos.map(toOption) };
    },
    staleTime: 60_000,
  });
}
