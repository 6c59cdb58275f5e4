import type { CrearTurnoBody, Turno } from '@jornada/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { useToken } from '../../../lib/use-token';
import { shiftKeys } from './keys';

/** POST /api/v1/turnos (A): 201 with the shift; 409 when the código is taken. */
function createShift(token: string, body: CrearTurnoBody): Promise<Turno> {
  return apiPost<Turno>('/v1/turnos', body, { token });
}

export function useCreateShift() {
  const token = useToken();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CrearTurnoBody) => createShift(token, body),
    onSuccess: () => client.invalidateQueries({ queryKey: shiftKeys.all }),
  });
}
