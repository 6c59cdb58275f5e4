import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { ApiError, NetworkError } from '../../../lib/api-client';
import { createMark, type MarkResult } from '../api/create-mark';
import { flushQueue, markQueue, retryDelay, type MarkQueue, type PendingMark, type SendOutcome } from '../lib/offline-queue';

/** Sends one queued mark: always with its original id and device time, so the server flags it offline. */
async function sendPending(token: string, mark: PendingMark): Promise<SendOutcome<MarkResult>> {
  try {
    const result = await createMark(token, {
      tipo: mark.tipo,
      idCliente: mark.idCliente,
      horaOriginal: mark.horaOriginal,
      ...(mark.posicion ? { posicion: mark.posicion } : {}),
      ...(mark.dispositivo ? { dispositivo: mark.dispositivo } : {}),
    });
    return { kind: 'sent', result };
  } catch (error) {
    if (error instanceof NetworkError) return { kind: 'offline' };
    if (error instanceof ApiError) {
      if (error.status === 401) return { kind: 'unauthenticated' };
      // Overloaded or failing server: as good as no network, try again later.
      if (error.status >= 500 || error.status === 429) return { kind: 'offline' };
      return { kind: 'refused', message: error.message };
    }
    return { kind: 'offline' };
  }
}

export interface MarkQueueState {
  /** This worker's stored marks (pending and refused), oldest first. */
  marks: PendingMark[];
  pending: PendingMark[];
  refused: PendingMark[];
  sending: boolean;
  /** When the next automatic retry happens (ms epoch), if one is scheduled. */
  nextRetryAt: number | null;
  add: MarkQueue['add'];
  discard: (idCliente: string) => void;
  /** Sends now (also the "Enviar ahora" button). */
  flush: () => Promise<void>;
}

/**
 * The offline queue of the signed-in worker: sends what is stored on start, whenever the browser says
 * the network is back (`online` event) and, while a mark still finds no network, retries with backoff
 * (2 s, 5 s, 15 s, 30 s, then every minute).
 */
export function useMarkQueue(
  usuarioId: string,
  token: string,
  onSent: (sent: { mark: PendingMark; result: MarkResult }[]) => void,
  queue: MarkQueue = markQueue(),
): MarkQueueState {
  const all = useSyncExternalStore(queue.subscribe, queue.list, queue.list);
  const marks = useMemo(() => all.filter((m) => m.usuarioId === usuarioId), [all, usuarioId]);
  const [sending, setSending] = useState(false);
  const [nextRetryAt, setNextRetryAt] = useState<number | null>(null);
  const running = useRef(false);
  const failures = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const onSentRef = useRef(onSent);
  onSentRef.current = onSent;

  const flush = useCallback(async () => {
    if (running.current || !usuarioId || !token) return;
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    setNextRetryAt(null);
    running.current = true;
    setSending(true);
    try {
      const { sent, waiting } = await flushQueue(queue, usuarioId, (mark) => sendPending(token, mark));
      if (sent.length > 0) onSentRef.current(sent);
      if (waiting) {
        failures.current += 1;
        const delay = retryDelay(failures.current);
        setNextRetryAt(Date.now() + delay);
        timer.current = setTimeout(() => void flushRef.current(), delay);
      } else {
        failures.current = 0;
        // A mark queued while this round was sending goes in another round (a round that sent
        // nothing stopped at the session, and waits for the next sign-in instead).
        const left = queue.list().some((m) => m.usuarioId === usuarioId && m.estado === 'pendiente');
        if (left && sent.length > 0) timer.current = setTimeout(() => void flushRef.current(), 0);
      }
    } finally {
      running.current = false;
      setSending(false);
    }
  }, [queue, usuarioId, token]);
  const flushRef = useRef(flush);
  flushRef.current = flush;

  useEffect(() => {
    const online = () => {
      failures.current = 0;
      void flushRef.current();
    };
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('online', online);
      if (timer.current) clearTimeout(timer.current);
    };
  }, []);

  // On start (or when the session changes) send whatever the device kept.
  const hasPending = marks.some((m) => m.estado === 'pendiente');
  useEffect(() => {
    if (hasPending && navigator.onLine !== false) void flushRef.current();
  }, [hasPending, usuarioId, token]);

  return {
    marks,
    pending: marks.filter((m) => m.estado === 'pendiente'),
    refused: marks.filter((m) => m.estado === 'rechazada'),
    sending,
    nextRetryAt,
    add: queue.add,
    discard: queue.remove,
    flush,
  };
}
