import type { CrearMarcaBody, MarcaCreada, MarcaIgnorada } from '@jornada/contracts';
import { apiPost } from '../../../lib/api-client';

export type MarkResult = ({ status: 'recorded' } & MarcaCreada) | ({ status: 'ignored' } & MarcaIgnorada);

/**
 * POST /api/v1/marcas. 201: recorded, with its receipt; 200: ignored (a repeated kind), logged as an
 * attempt. A retry with the same `idCliente` answers the same mark, never a second one.
 */
export async function createMark(token: string, body: CrearMarcaBody): Promise<MarkResult> {
  const answer = await apiPost<MarcaCreada | MarcaIgnorada>('/v1/marcas', body, { token });
  return 'marca' in answer ? { status: 'recorded', ...answer } : { status: 'ignored', ...answer };
}
