import { CARGA_MASIVA_CAMPO_ARCHIVO, type CargaDemandaResultado, type Demanda, type DemandaBody } from '@jornada/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiGet, apiRequest, apiUpload } from '../../../lib/api-client';
import { useToken } from '../../../lib/use-token';
import { rosterKeys } from './keys';

const demandPath = (siteId: string) => `/v1/sedes/${encodeURIComponent(siteId)}/demanda`;

/** GET /api/v1/sedes/:id/demanda */
export function useDemand(siteId: string | null) {
  const token = useToken();
  return useQuery({
    queryKey: rosterKeys.demand(siteId ?? ''),
    queryFn: ({ signal }) => apiGet<Demanda>(demandPath(siteId!), { token, signal }),
    enabled: Boolean(siteId),
  });
}

/** PUT /api/v1/sedes/:id/demanda */
export function useSaveDemand(siteId: string) {
  const token = useToken();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: DemandaBody) => apiRequest<Demanda>('PUT', demandPath(siteId), body, { token }),
    onSuccess: (saved) => client.setQueryData(rosterKeys.demand(siteId), saved),
  });
}

/** GET /api/v1/sedes/:id/demanda/plantilla?formato=xlsx|csv: the site's demand as rows to edit. */
export function demandTemplates(siteId: string) {
  return [
    { label: 'Descargar plantilla Excel', path: `${demandPath(siteId)}/plantilla?formato=xlsx`, filename: 'plantilla-demanda.xlsx' },
    { label: 'Descargar plantilla CSV', path: `${demandPath(siteId)}/plantilla?formato=csv`, filename: 'plantilla-demanda.csv' },
  ];
}

function isResult(body: unknown): body is CargaDemandaResultado {
  return typeof body === 'object' && body !== null && 'resumen' in body && 'errores' in body && 'filas' in body;
}

/** POST /api/v1/sedes/:id/demanda/carga/vista-previa: reads and checks the file, writes nothing. */
export function previewDemandUpload(token: string, siteId: string, file: File): Promise<CargaDemandaResultado> {
  return apiUpload<CargaDemandaResultado>(`${demandPath(siteId)}/carga/vista-previa`, file, { token, field: CARGA_MASIVA_CAMPO_ARCHIVO });
}

/** POST /api/v1/sedes/:id/demanda/carga: all or nothing; a 400 with row errors comes back as a result with `aplicado: false`. */
export async function commitDemandUpload(token: string, siteId: string, file: File): Promise<CargaDemandaResultado> {
  try {
    return await apiUpload<CargaDemandaResultado>(`${demandPath(siteId)}/carga`, file, { token, field: CARGA_MASIVA_CAMPO_ARCHIVO });
  } catch (error) {
    if (error instanceof ApiError && isResult(error.body)) return error.body;
    throw error;
  }
}
