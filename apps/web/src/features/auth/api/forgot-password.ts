import { FORGOT_PASSWORD_MESSAGE, type ForgotPasswordBody } from '@jornada/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';

/** POST /api/v1/auth/forgot-password: always the same neutral answer. */
async function forgotPassword(body: ForgotPasswordBody): Promise<string> {
  const answer = await apiPost<{ message?: unknown }>('/v1/auth/forgot-password', body);
  return typeof answer?.message === 'string' && answer.message ? answer.message : FORGOT_PASSWORD_MESSAGE;
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
