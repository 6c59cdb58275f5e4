import { KIOSCO_TOKEN_HEADER, type ResultadoMarca, type SesionQuiosco, type TipoMarca } from '@jornada/contracts';
import { apiGet, apiPost } from '../../../lib/api-client';

const headers = (token: string) => ({ [KIOSCO_TOKEN_HEADER]: token });

/** GET /api/v1/quiosco/sesion */
export const kioskSession = (token: string, signal?: AbortSignal) => apiGet<SesionQuiosco>('/v1/quiosco/sesion', { headers: headers(token), signal });

/** POST /api/v1/quiosco/marcar-pin */
export const markWithPin = (token: string, body: { rut: string; pin: string; tipo: TipoMarca; idCliente: string; confirmarPermiso?: boolean }) =>
  apiPost<ResultadoMarca>('/v1/quiosco/marcar-pin', body, { headers: headers(token) });

/** POST /api/v1/quiosco/huella/opciones + the device's fingerprint + POST /api/v1/quiosco/huella/marcar */
export async function markWithFingerprint(token: string, tipo: TipoMarca, idCliente: string): Promise<ResultadoMarca> {
  const options = await apiPost<Record<string, unknown>>('/v1/quiosco/huella/opciones', {}, { headers: headers(token) });
  const { getAssertion } = await import('../../../lib/webauthn');
  const respuesta = await getAssertion(options);
  return apiPost<ResultadoMarca>('/v1/quiosco/huella/marcar', { tipo, respuesta, idCliente }, { headers: headers(token) });
}
