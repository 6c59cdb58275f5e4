import type { CrearUsuarioV1Body, UsuarioCreado } from '@jornada/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { useToken } from '../../../lib/use-token';
import { userKeys } from './keys';

/** POST /api/v1/usuarios: the new user receives an e-mail to set their password, now or once the company may send it (`invitaciones`). */
function createUser(token: string, body: CrearUsuarioV1Body): Promise<UsuarioCreado> {
  return apiPost<UsuarioCreado>('/v1/usuarios', body, { token });
}

export function useCreateUser() {
  const token = useToken();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CrearUsuarioV1Body) => createUser(token, body),
    onSuccess: () => client.invalidateQueries({ queryKey: userKeys.all }),
  });
}
