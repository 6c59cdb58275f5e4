import type { AsignacionMasivaBody, AsignacionMasivaResultado } from '@jornada/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { useToken } from '../../../lib/use-token';
import { groupKeys } from './keys';

/** POST /api/v1/grupos/asignacion-masiva/vista-previa: what would change, nothing written. */
function previewMassAssignment(token: string, body: AsignacionMasivaBody): Promise<AsignacionMasivaResultado> {
  return apiPost<AsignacionMasivaResultado>('/v1/grupos/asignacion-masiva/vista-previa', body, { token });
}

/** POST /api/v1/grupos/asignacion-masiva: one transaction. */
function commitMassAssignment(token: string, body: AsignacionMasivaBody): Promise<AsignacionMasivaResultado> {
  return apiPost<AsignacionMasivaResultado>('/v1/grupos/asignacion-masiva', body, { token });
}

export function usePreviewMassAssignment() {
  const token = useToken();
  return useMutation({ mutationFn: (body: AsignacionMasivaBody) => previewMassAssignment(token, body) });
}

export function useCommitMassAssignment() {
  const token = useToken();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AsignacionMasivaBody) => commitMassAssignment(token, body),
    onSuccess: () => client.invalidateQueries({ queryKey: groupKeys.all }),
  });
}
