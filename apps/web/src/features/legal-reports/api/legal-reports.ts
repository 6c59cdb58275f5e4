import type { Incidente, IncidenteBody, IncidentesPage, OpcionesReporteLegal, ReporteLegal, ReporteLegalId } from '@jornada/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost, apiRequest } from '../../../lib/api-client';
import { readEvaluated } from '../../../components/evaluation-progress';
import { useToken } from '../../../lib/use-token';

/** Query keys of the legal reports; an incident's change invalidates `incidents` and `reports` (the reports show the outages). */
const legalKeys = {
  reports: ['reportes-legales'] as const,
  report: (id: string, query: Record<string, unknown>) => ['reportes-legales', id, query] as const,
  options: ['reportes-legales', 'opciones'] as const,
  incidents: ['incidentes-tecnicos'] as const,
  incidentList: (query: Record<string, unknown>) => ['incidentes-tecnicos', query] as const,
};

/** GET /api/v1/reportes-legales/:reporte: a page of worker blocks, as text cells (the same as the downloads). */
export function useLegalReport(id: ReporteLegalId, query: Record<string, string | number>, enabled = true) {
  const token = useToken();
  return useQuery({
    queryKey: legalKeys.report(id, query),
    queryFn: ({ signal }) => readEvaluated(() => apiGet<ReporteLegal>(`/v1/reportes-legales/${id}`, { token, signal, query }), { token, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** Groups, sites, job titles and shifts (by their hours) for the filter bar. */
export function useLegalOptions() {
  const token = useToken();
  return useQuery({
    queryKey: legalKeys.options,
    queryFn: async ({ signal }) => {
      const o = await apiGet<OpcionesReporteLegal>('/v1/reportes-legales/opciones', { token, signal });
      return {
        grupos: o.grupos.map((g) => ({ value: g.id, label: g.nombre })),
        sedes: o.sedes.map((s) => ({ value: s.id, label: s.nombre })),
        cargos: o.cargos.map((c) => ({ value: c, label: c })),
        turnos: o.turnos.map((t) => ({ value: t.id, label: t.etiqueta })),
      };
    },
    staleTime: 60_000,
  });
}

/** GET /api/v1/incidentes-tecnicos (administrador): the log, proposals first. */
export function useIncidents(query: Record<string, string | number>) {
  const token = useToken();
  return useQuery({
    queryKey: legalKeys.incidentList(query),
    queryFn: ({ signal }) => apiGet<IncidentesPage>('/v1/incidentes-tecnicos', { token, signal, query }),
    placeholderData: keepPreviousData,
  });
}

/** Adds (no id) or corrects an incident; then the log and the reports are read again. */
export function useSaveIncident() {
  const token = useToken();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: IncidenteBody }) =>
      id ? apiRequest<Incidente>('PUT', `/v1/incidentes-tecnicos/${id}`, body, { token }) : apiPost<Incidente>('/v1/incidentes-tecnicos', body, { token }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: legalKeys.incidents });
      void client.invalidateQueries({ queryKey: legalKeys.reports });
    },
  });
}

/** Confirms or discards an outage the system detected. */
export function useDecideIncident() {
  const token = useToken();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: 'confirmado' | 'descartado' }) =>
      apiPost<Incidente>(`/v1/incidentes-tecnicos/${id}/decision`, { decision }, { token }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: legalKeys.incidents });
      void client.invalidateQueries({ queryKey: legalKeys.reports });
    },
  });
}
