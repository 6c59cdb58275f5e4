import { CARGA_MASIVA_CAMPO_ARCHIVO, type CargaPlanificacionResultado, type CargaTurnosResultado, type Conflictos } from '@jornada/contracts';
import { ApiError, apiUpload } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';

export type UploadKind = 'turnos' | 'planificacion' | 'planificador';
export type UploadResult = CargaTurnosResultado & Partial<Pick<CargaPlanificacionResultado, 'dias'>>;

/** What a committed upload makes stale: the shifts, or the planning (both planning uploads). */
export const UPLOAD_STALE_ROOT: Record<UploadKind, readonly string[]> = {
  turnos: queryRoots.shifts,
  planificacion: queryRoots.planning,
  planificador: queryRoots.planning,
};

function isResult(body: unknown): body is UploadResult {
  return typeof body === 'object' && body !== null && 'resumen' in body && 'errores' in body && 'filas' in body;
}

function query(kind: UploadKind, conflictos?: Conflictos, confirmarAdvertencias = false) {
  if (kind === 'planificador' && conflictos) return { conflictos };
  return kind === 'turnos' && confirmarAdvertencias ? { confirmarAdvertencias: 'true' } : undefined;
}

/** POST /api/v1/cargas/{kind}/vista-previa: reads and checks the file, writes nothing. */
export function previewUpload(token: string, kind: UploadKind, file: File, conflictos?: Conflictos): Promise<UploadResult> {
  return apiUpload<UploadResult>(`/v1/cargas/${kind}/vista-previa`, file, { token, field: CARGA_MASIVA_CAMPO_ARCHIVO, query: query(kind, conflictos) });
}

/**
 * POST /api/v1/cargas/{kind}: all or nothing; a 400 with row errors comes back as a result with `aplicado: false`.
 * `confirmarAdvertencias` loads the shifts whose rows the preview warned of (`?confirmarAdvertencias=true`).
 */
export async function commitUpload(token: string, kind: UploadKind, file: File, conflictos?: Conflictos, confirmarAdvertencias = false): Promise<UploadResult> {
  try {
    return await apiUpload<UploadResult>(`/v1/cargas/${kind}`, file, { token, field: CARGA_MASIVA_CAMPO_ARCHIVO, query: query(kind, conflictos, confirmarAdvertencias) });
  } catch (error) {
    if (error instanceof ApiError && isResult(error.body)) return error.body;
    throw error;
  }
}

/** GET /api/v1/cargas/{kind}/plantilla?formato=xlsx|csv */
export function templatesOf(kind: UploadKind) {
  const name = kind === 'turnos' ? 'plantilla-turnos' : kind === 'planificacion' ? 'plantilla-planificacion' : 'plantilla-planificador';
  return [
    { label: 'Plantilla Excel', path: `/v1/cargas/${kind}/plantilla?formato=xlsx`, filename: `${name}.xlsx` },
    { label: 'Plantilla CSV', path: `/v1/cargas/${kind}/plantilla?formato=csv`, filename: `${name}.csv` },
  ];
}
