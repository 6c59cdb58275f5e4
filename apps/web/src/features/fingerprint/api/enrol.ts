import type { Credencial } from '@jornada/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { useToken } from '../../../lib/use-token';
import { createCredential } from '../../../lib/webauthn';
import { fingerprintKeys } from './keys';

/** The whole enrolment ceremony: options from the server → the device's fingerprint → verification. */
export function useEnrolFingerprint() {
  const token = useToken();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ usuarioId, nombreDispositivo }: { usuarioId?: string | undefined; nombreDispositivo: string }) => {
      const options = await apiPost<Record<string, unknown>>('/v1/huella/registro/opciones', usuarioId ? { usuarioId } : {}, { token });
      const respuesta = await createCredential(options);
      return apiPost<Credencial>('/v1/huella/registro', { ...(usuarioId ? { usuarioId } : {}), nombreDispositivo, respuesta }, { token });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: fingerprintKeys.all }),
  });
}
