import type { AplicarPatronBody, ResultadoPatron, VistaPreviaPatronBody } from '@jornada/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { useToken } from '../../../lib/use-token';
import { planningKeys } from './keys';

/** POST /api/v1/planificaciones/patron/vista-previa: the resulting days and their flags; writes nothing. */
function previewPattern(token: string, body: VistaPreviaPatronBody): Promise<ResultadoPatron> {
  return apiPost<ResultadoPatron>('/v1/planificaciones/patron/vista-previa', body, { token });
}

/** POST /api/v1/planificaciones/patron: one transaction. */
function applyPattern(token: string, body: AplicarPatronBody): Promise<ResultadoPatron> {
  return apiPost<ResultadoPatron>('/v1/planificaciones/patron', body, { token });
}

export function usePreviewPattern() {
  const token = useToken();
  return useMutation({ mutationFn: (body: VistaPreviaPatronBody) => previewPattern(token, body) });
}

export function useApplyPattern() {
  const token = useToken();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AplicarPatronBody) => applyPattern(token, body),
    onSuccess: () => client.invalidateQueries({ queryKey: planningKeys.all }),
  });
}
