import { CARGA_MASIVA_CAMPO_ARCHIVO, type CargaMasivaResultado, type CargaUsuariosResultado } from '@jornada/contracts';
import { ApiError, apiUpload } from '../../../lib/api-client';

function isResult(body: unknown): body is CargaMasivaResultado {
  return typeof body === 'object' && body !== null && 'resumen' in body && 'errores' in body && 'filas' in body;
}

/** POST /api/v1/usuarios/carga-masiva/vista-previa: reads and checks the file, writes nothing. */
export function previewBulkUsers(token: string, file: File): Promise<CargaMasivaResultado> {
  return apiUpload<CargaMasivaResultado>('/v1/usuarios/carga-masiva/vista-previa', file, { token, field: CARGA_MASIVA_CAMPO_ARCHIVO });
}

/**
 * POST /api/v1/usuarios/carga-masiva: all or nothing; a 400 with row errors comes back as a result with
 * `aplicado: false`. A commit that created users says what happened to their invitations (`invitaciones`).
 */
export async function commitBulkUsers(token: string, file: File): Promise<CargaUsuariosResultado> {
  try {
    return await apiUpload<CargaUsuariosResultado>('/v1/usuarios/carga-masiva', file, { token, field: CARGA_MASIVA_CAMPO_ARCHIVO });
  } catch (error) {
    if (error instanceof ApiError && isResult(error.body)) return error.body;
    throw error;
  }
}

export const USER_TEMPLATES = [
  { label: 'Plantilla Excel', path: '/v1/usuarios/carga-masiva/plantilla?formato=xlsx', filename: 'plantilla-usuarios.xlsx' },
  { label: 'Plantilla CSV', path: '/v1/usuarios/carga-masiva/plantilla?formato=csv', filename: 'plantilla-usuarios.csv' },
];
