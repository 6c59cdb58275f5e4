import type { ResetPasswordBody } from '@jornada/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';

/** POST /api/v1/auth/reset-password: sets the new password; 400 with a Spanish message when the link is invalid or expired. */
async function resetPassword(body: ResetPasswordBody): Promise<void> {
  await apiPost('/v1/auth/reset-password', body);
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
