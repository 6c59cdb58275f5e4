import type {
  ActualizarConfiguracionHorasExtraBody,
  ActualizarPactoBody,
  AprobarHorasExtraLoteResponse,
  ConfiguracionHorasExtra,
  CrearPactoBody,
  HoraExtra,
  HorasExtraPage,
  Pacto,
  PactosPage,
} from '@jornada/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiDownload, apiGet, apiPost, apiRequest, apiUpload } from '../../../lib/api-client';
import { useToken } from '../../../lib/use-token';

const overtimeKeys = {
  all: ['horas-extra'] as const,
  pacts: (query: Record<string, unknown>) => ['horas-extra', 'pactos', query] as const,
  myPacts: (query: Record<string, unknown>) => ['horas-extra', 'mis-pactos', query] as const,
  list: (query: Record<string, unknown>) => ['horas-extra', 'lista', query] as const,
  mine: (query: Record<string, unknown>) => ['horas-extra', 'mias', query] as const,
  settings: ['horas-extra', 'configuracion'] as const,
};

/** GET /api/v1/pactos-horas-extra (administrador, supervisor). */
export function usePacts(query: Record<string, string | number>) {
  const token = useToken();
  return useQuery({
    queryKey: overtimeKeys.pacts(query),
    queryFn: ({ signal }) => apiGet<PactosPage>('/v1/pactos-horas-extra', { token, signal, query }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/v1/pactos-horas-extra/mios. */
export function useMyPacts(query: Record<string, string | number>) {
  const token = useToken();
  return useQuery({
    queryKey: overtimeKeys.myPacts(query),
    queryFn: ({ signal }) => apiGet<PactosPage>('/v1/pactos-horas-extra/mios', { token, signal, query }),
    placeholderData: keepPreviousData,
  });
}

/** POST /api/v1/pactos-horas-extra, or PATCH …/:id with `id`; then the signed document when one is chosen. */
export function useSavePact() {
  const token = useToken();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: { id?: string; body: CrearPactoBody | ActualizarPactoBody; file?: File | null }) => {
      const saved = input.id
        ? await apiRequest<Pacto>('PATCH', `/v1/pactos-horas-extra/${encodeURIComponent(input.id)}`, input.body, { token })
        : await apiPost<Pacto>('/v1/pactos-horas-extra', input.body, { token });
      if (input.file) {
        try {
          return await apiUpload<Pacto>(`/v1/pactos-horas-extra/${encodeURIComponent(saved.id)}/documento`, input.file, { token });
        } catch (error) {
          throw Object.assign(error as Error, { saved });
        }
      }
      return saved;
    },
    onSettled: () => client.invalidateQueries({ queryKey: overtimeKeys.all }),
  });
}

/** DELETE /api/v1/pactos-horas-extra/:id. */
export function useDeletePact() {
  const token = useToken();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (pacto: Pacto) => apiRequest('DELETE', `/v1/pactos-horas-extra/${encodeURIComponent(pacto.id)}`, undefined, { token }),
    onSuccess: () => client.invalidateQueries({ queryKey: overtimeKeys.all }),
  });
}

/** GET /api/v1/pactos-horas-extra/:id/documento, saved by the browser. */
export function useDownloadPactDocument() {
  const token = useToken();
  return useMutation({ mutationFn: (pacto: Pacto) => apiDownload(`/v1/pactos-horas-extra/${encodeURIComponent(pacto.id)}/documento`, { token }) });
}

/** GET /api/v1/horas-extra (administrador, supervisor). */
export function useOvertime(query: Record<string, string | number>) {
  const token = useToken();
  return useQuery({
    queryKey: overtimeKeys.list(query),
    queryFn: ({ signal }) => apiGet<HorasExtraPage>('/v1/horas-extra', { token, signal, query }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/v1/horas-extra/mias. */
export function useMyOvertime(query: Record<string, string | number>) {
  const token = useToken();
  return useQuery({
    queryKey: overtimeKeys.mine(query),
    queryFn: ({ signal }) => apiGet<HorasExtraPage>('/v1/horas-extra/mias', { token, signal, query }),
    placeholderData: keepPreviousData,
  });
}

type OvertimeDecision = { item: HoraExtra; action: 'aprobar'; segundos?: number; motivo?: string } | { item: HoraExtra; action: 'rechazar'; motivo: string };

/** POST /api/v1/horas-extra/:usuarioId/:fecha/{aprobar,rechazar}. */
export function useDecideOvertime() {
  const token = useToken();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: OvertimeDecision) => {
      const path = `/v1/horas-extra/${encodeURIComponent(input.item.usuario.id)}/${encodeURIComponent(input.item.fecha)}/${input.action}`;
      const body = input.action === 'aprobar' ? { ...(input.segundos !== undefined ? { segundos: input.segundos } : {}), ...(input.motivo ? { motivo: input.motivo } : {}) } : { motivo: input.motivo };
      return apiPost<HoraExtra>(path, body, { token });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: overtimeKeys.all }),
  });
}

/** POST /api/v1/horas-extra/aprobar with `items`: confirms all of each chosen day. */
export function useApproveMany() {
  const token = useToken();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (items: { usuarioId: string; fecha: string }[]) => apiPost<AprobarHorasExtraLoteResponse>('/v1/horas-extra/aprobar', { items }, { token }),
    onSuccess: () => client.invalidateQueries({ queryKey: overtimeKeys.all }),
  });
}


/** The review filter a bulk confirmation takes (the list's, without its page). */
export type ReviewFilter = { desde?: string; hasta?: string; usuarioId?: string; grupoId?: string; sedeId?: string; revision?: 'excepciones' | 'todas' };

/** POST /api/v1/horas-extra/aprobar with `filtro`: confirms every pending day the review filter matches. */
export function useConfirmFilter() {
  const token = useToken();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (filtro: ReviewFilter) => apiPost<AprobarHorasExtraLoteResponse>('/v1/horas-extra/aprobar', { filtro }, { token }),
    onSuccess: () => client.invalidateQueries({ queryKey: overtimeKeys.all }),
  });
}

/** GET /api/v1/horas-extra/configuracion: the company's review threshold. */
export function useReviewSettings(enabled = true) {
  const token = useToken();
  return useQuery({
    queryKey: overtimeKeys.settings,
    queryFn: ({ signal }) => apiGet<ConfiguracionHorasExtra>('/v1/horas-extra/configuracion', { token, signal }),
    enabled,
  });
}

/** PUT /api/v1/horas-extra/configuracion (administrador). */
export function useSaveReviewSettings() {
  const token = useToken();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ActualizarConfiguracionHorasExtraBody) => apiRequest<ConfiguracionHorasExtra>('PUT', '/v1/horas-extra/configuracion', body, { token }),
    onSuccess: () => client.invalidateQueries({ queryKey: overtimeKeys.all }),
  });
}
