import type { EstadoInvitaciones, ReenviarConfirmacionResponse } from '@jornada/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../lib/api-client';
import { queryRoots } from '../../lib/query-keys';
import { useToken } from '../../lib/use-token';

/** Under the users' key: creating users (which queues invitations) refreshes it. */
export const invitationsKey = [...queryRoots.users, 'invitaciones'] as const;

/** GET /api/v1/usuarios/invitaciones (administrador): waiting invitations and whether the company e-mail is confirmed. */
function getInvitations(token: string, signal?: AbortSignal): Promise<EstadoInvitaciones> {
  return apiGet<EstadoInvitaciones>('/v1/usuarios/invitaciones', { token, signal });
}

export function useInvitations(enabled: boolean) {
  const token = useToken();
  return useQuery({ queryKey: invitationsKey, queryFn: ({ signal }) => getInvitations(token, signal), enabled, staleTime: 60_000 });
}

/** POST /api/v1/empresa/confirmacion-correo: the confirmation link again, to the company's current e-mail (limited). */
function resendConfirmation(token: string): Promise<ReenviarConfirmacionResponse> {
  return apiPost<ReenviarConfirmacionResponse>('/v1/empresa/confirmacion-correo', {}, { token });
}

export function useResendConfirmation() {
  const token = useToken();
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => resendConfirmation(token),
    onSettled: () => client.invalidateQueries({ queryKey: invitationsKey }),
  });
}
