import type { ActualizarTurnoBody, ActualizarTurnoResponse } from '@jornada/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useToken } from '../../../lib/use-token';
import { shiftKeys } from './keys';

/** PATCH /api/v1/turnos/:id (A): also deactivates and reactivates (`activo`). */
function updateShift(token: string, id: string, body: ActualizarTurnoBody): Promise<ActualizarTurnoResponse> {
  return apiRequest<ActualizarTurnoResponse>('PATCH', `/v1/turnos/${encodeURIComponent(id)}`, body, { token });
}

export function useUpdateShift() {
  const token = useToken();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ActualizarTurnoBody }) => updateShift(token, id, body),
    onSuccess: () => client.invalidateQueries({ queryKey: shiftKeys.all }),
  });
}
