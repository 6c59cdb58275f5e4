import type { Posicion, ResultadoMarca, TipoMarca } from '@jornada/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiPost, errorMessage, NetworkError } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';
import { useToken } from '../../../lib/use-token';
import { getAssertion, webauthnErrorMessage, webauthnSupported } from '../../../lib/webauthn';

interface FingerprintMarkInput {
  tipo: TipoMarca;
  /** Taken by the caller at the moment of marking, when the worker allowed it. */
  posicion?: Posicion | undefined;
  /** Idempotency key of the mark (a uuid); the server makes one when absent. */
  idCliente?: string | undefined;
  dispositivo?: string | undefined;
}

interface UseFingerprintMark {
  /** Whether this browser can use WebAuthn at all (a platform authenticator may still be missing). */
  supported: boolean;
  /** Asks the device for the worker's fingerprint and sends the signed assertion; resolves with the result. */
  mark: (input: FingerprintMarkInput) => Promise<ResultadoMarca>;
  pending: boolean;
  /** The last result (`registrada: false` when the marks module ignored or refused it). */
  result: ResultadoMarca | null;
  /** Spanish message of the last failure (browser or server), or null. */
  error: string | null;
  reset: () => void;
}

/** The server's or the browser's message. */
export function describeError(error: unknown): string {
  if (error instanceof ApiError || error instanceof NetworkError || !(error instanceof Error)) return errorMessage(error);
  return error.message;
}

/**
 * Marks with the signed-in worker's fingerprint (WebAuthn assertion of one of their own credentials):
 * `POST /api/v1/huella/marcar/opciones` → the device's fingerprint reader → `POST /api/v1/huella/marcar`.
 * `onMarked` runs after a recorded mark (e.g. to refresh today's marks).
 */
export function useFingerprintMark(options: { onMarked?: (result: ResultadoMarca) => void } = {}): UseFingerprintMark {
  const token = useToken();
  const client = useQueryClient();
  const mutation = useMutation({
    mutationFn: async (input: FingerprintMarkInput) => {
      const opciones = await apiPost<Record<string, unknown>>('/v1/huella/marcar/opciones', {}, { token });
      let respuesta: Record<string, unknown>;
      try {
        respuesta = await getAssertion(opciones);
      } catch (error) {
        throw new Error(webauthnErrorMessage(error));
      }
      return apiPost<ResultadoMarca>('/v1/huella/marcar', { ...input, respuesta }, { token });
    },
    onSuccess: (result) => {
      // Every marks query (web marking's today, the receipts) is stale after a mark.
      void client.invalidateQueries({ queryKey: queryRoots.marks });
      if (result.registrada) options.onMarked?.(result);
    },
  });
  return {
    supported: webauthnSupported(),
    mark: mutation.mutateAsync,
    pending: mutation.isPending,
    result: mutation.data ?? null,
    error: mutation.error ? describeError(mutation.error) : null,
    reset: mutation.reset,
  };
}
