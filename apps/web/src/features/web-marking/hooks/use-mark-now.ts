import type { MarcaCreada, MarcaIgnorada, TipoMarca } from '@jornada/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { errorMessage, NetworkError } from '../../../lib/api-client';
import { createMark } from '../api/create-mark';
import { markingKeys } from '../api/keys';
import { currentPosition, type PositionResult } from '../lib/geolocation';
import type { MarkQueue, PendingMark } from '../lib/offline-queue';

export type MarkOutcome =
  | { kind: 'recorded'; tipo: TipoMarca; result: MarcaCreada; position: PositionResult }
  | { kind: 'ignored'; tipo: TipoMarca; result: MarcaIgnorada; position: PositionResult }
  | { kind: 'queued'; tipo: TipoMarca; mark: PendingMark; position: PositionResult }
  | { kind: 'error'; tipo: TipoMarca; message: string };

/** What the browser says about the device, kept short (the server stores up to 200 characters). */
function deviceDescription(): string {
  return `Navegador web: ${navigator.userAgent}`.slice(0, 200);
}

/** A fresh idempotency key for one press of a mark button. */
export function newClientId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // Old browsers without randomUUID (still a v4 uuid from crypto-quality bytes).
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * One press of a mark button: the id and the device time are fixed first, the position is asked for
 * once, then the mark goes to the server; without network it is queued on the device instead.
 */
export function useMarkNow(usuarioId: string, token: string, queue: Pick<MarkQueue, 'add'>) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<TipoMarca | null>(null);
  const [outcome, setOutcome] = useState<MarkOutcome | null>(null);

  const mark = useCallback(
    async (tipo: TipoMarca) => {
      if (busy) return;
      setBusy(tipo);
      setOutcome(null);
      const idCliente = newClientId();
      const horaOriginal = new Date().toISOString();
      try {
        const position = await currentPosition();
        const posicion = position.status === 'ok' ? position.posicion : undefined;
        const dispositivo = deviceDescription();
        const queueIt = () => {
          const pending = queue.add({ idCliente, usuarioId, tipo, horaOriginal, ...(posicion ? { posicion } : {}), dispositivo });
          setOutcome({ kind: 'queued', tipo, mark: pending, position });
        };
        if (navigator.onLine === false) return queueIt();
        try {
          const result = await createMark(token, { tipo, idCliente, dispositivo, ...(posicion ? { posicion } : {}) });
          void queryClient.invalidateQueries({ queryKey: markingKeys.all });
          if (result.status === 'recorded') setOutcome({ kind: 'recorded', tipo, result, position });
          else setOutcome({ kind: 'ignored', tipo, result, position });
        } catch (error) {
          if (error instanceof NetworkError) return queueIt();
          setOutcome({ kind: 'error', tipo, message: errorMessage(error) });
        }
      } finally {
        setBusy(null);
      }
    },
    [busy, queryClient, queue, token, usuarioId],
  );

  return { mark, busy, outcome, setOutcome };
}
