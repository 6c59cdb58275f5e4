import type {
  ActualizarTipoPermisoBody,
  AsignarPermisoBody,
  CrearTipoPermisoBody,
  MisSaldos,
  Permiso,
  PermisosPage,
  SaldosPage,
  SolicitarPermisoBody,
  TipoPermiso,
  TiposPermiso,
} from '@jornada/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiDownload, apiGet, apiPost, apiRequest, apiUpload } from '../../../lib/api-client';
import { useToken } from '../../../lib/use-token';

const permissionKeys = {
  all: ['permisos'] as const,
  types: ['permisos', 'tipos'] as const,
  list: (query: Record<string, unknown>) => ['permisos', 'lista', query] as const,
  mine: (query: Record<string, unknown>) => ['permisos', 'mios', query] as const,
  balances: (query: Record<string, unknown>) => ['permisos', 'saldos', query] as const,
  myBalances: (anio: number) => ['permisos', 'mis-saldos', anio] as const,
};

/** GET /api/v1/tipos-permiso. */
export function usePermissionTypes() {
  const token = useToken();
  return useQuery({
    queryKey: permissionKeys.types,
    queryFn: ({ signal }) => apiGet<TiposPermiso>('/v1/tipos-permiso', { token, signal }),
    staleTime: 60_000,
  });
}

/** POST /api/v1/tipos-permiso, or PATCH /api/v1/tipos-permiso/:id with `id`. */
export function useSavePermissionType() {
  const token = useToken();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id?: string; body: CrearTipoPermisoBody | ActualizarTipoPermisoBody }) =>
      input.id
        ? apiRequest<TipoPermiso>('PATCH', `/v1/tipos-permiso/${encodeURIComponent(input.id)}`, input.body, { token })
        : apiPost<TipoPermiso>('/v1/tipos-permiso', input.body, { token }),
    onSuccess: () => client.invalidateQueries({ queryKey: permissionKeys.all }),
  });
}

/** GET /api/v1/permisos (administrador, supervisor): the team's permissions and the pending count. */
export function usePermissions(query: Record<string, string | number>) {
  const token = useToken();
  return useQuery({
    queryKey: permissionKeys.list(query),
    queryFn: ({ signal }) => apiGet<PermisosPage>('/v1/permisos', { token, signal, query }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/v1/permisos/mios. */
export function useMyPermissions(query: Record<string, string | number>) {
  const token = useToken();
  return useQuery({
    queryKey: permissionKeys.mine(query),
    queryFn: ({ signal }) => apiGet<PermisosPage>('/v1/permisos/mios', { token, signal, query }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/v1/permisos/saldos (administrador, supervisor). */
export function useBalances(query: Record<string, string | number>, enabled = true) {
  const token = useToken();
  return useQuery({
    queryKey: permissionKeys.balances(query),
    queryFn: ({ signal }) => apiGet<SaldosPage>('/v1/permisos/saldos', { token, signal, query }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** GET /api/v1/permisos/mios/saldos. */
export function useMyBalances(anio: number) {
  const token = useToken();
  return useQuery({
    queryKey: permissionKeys.myBalances(anio),
    queryFn: ({ signal }) => apiGet<MisSaldos>('/v1/permisos/mios/saldos', { token, signal, query: { anio } }),
  });
}

type Action = { id: string; action: 'aprobar' | 'anular'; comentario?: string } | { id: string; action: 'rechazar'; comentario: string };

/** POST /api/v1/permisos/:id/{aprobar,rechazar,anular}. */
export function usePermissionAction() {
  const token = useToken();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: Action) =>
      apiPost<Permiso>(`/v1/permisos/${encodeURIComponent(input.id)}/${input.action}`, input.comentario ? { comentario: input.comentario } : {}, { token }),
    onSuccess: () => client.invalidateQueries({ queryKey: permissionKeys.all }),
  });
}

/** POST /api/v1/permisos (assign) or /api/v1/permisos/solicitudes (request), then the optional attachment. */
export function useCreatePermission() {
  const token = useToken();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: { kind: 'asignar'; body: AsignarPermisoBody; file?: File | null } | { kind: 'solicitar'; body: SolicitarPermisoBody; file?: File | null }) => {
      const created = await apiPost<Permiso>(input.kind === 'asignar' ? '/v1/permisos' : '/v1/permisos/solicitudes', input.body, { token });
      if (input.file) {
        try {
          return await apiUpload<Permiso>(`/v1/permisos/${encodeURIComponent(created.id)}/adjunto`, input.file, { token });
        } catch (error) {
          throw Object.assign(error as Error, { created });
        }
      }
      return created;
    },
    onSettled: () => client.invalidateQueries({ queryKey: permissionKeys.all }),
  });
}

/** GET /api/v1/permisos/:id/adjunto, saved by the browser. */
export function useDownloadAttachment() {
  const token = useToken();
  return useMutation({ mutationFn: (permiso: Permiso) => apiDownload(`/v1/permisos/${encodeURIComponent(permiso.id)}/adjunto`, { token }) });
}
