import type { Posicion, TipoMarca } from '@jornada/contracts';

/**
 * Marks made without network wait here, on the device, until they reach the server. Each keeps the
 * id generated when the worker pressed the button (`idCliente`: a retry never makes a second mark)
 * and the device time of that moment (`horaOriginal`: the server records it and flags the mark
 * offline). Stored in localStorage: a handful of small records that must survive a reload or a
 * closed tab, read synchronously on start-up.
 */
export interface PendingMark {
  idCliente: string;
  /** The worker who marked: only their own session may send it. */
  usuarioId: string;
  tipo: TipoMarca;
  /** ISO instant of the device when the worker marked. */
  horaOriginal: string;
  posicion?: Posicion;
  dispositivo?: string;
  /** Failed sends so far. */
  intentos: number;
  /** `rechazada`: the server refused it (a 4xx other than the session); it needs the worker's decision. */
  estado: 'pendiente' | 'rechazada';
  error?: string;
}

export const QUEUE_STORAGE_KEY = 'jornada.marcasPendientes';

export interface MarkQueue {
  /** Every stored mark, oldest first. */
  list(): PendingMark[];
  add(mark: Omit<PendingMark, 'intentos' | 'estado'>): PendingMark;
  update(idCliente: string, patch: Partial<PendingMark>): void;
  remove(idCliente: string): void;
  subscribe(listener: () => void): () => void;
}

function isPendingMark(value: unknown): value is PendingMark {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.idCliente === 'string' && typeof v.usuarioId === 'string' && typeof v.tipo === 'string' && typeof v.horaOriginal === 'string';
}

export function createMarkQueue(storage: Storage = localStorage, key = QUEUE_STORAGE_KEY): MarkQueue {
  const listeners = new Set<() => void>();
  let cache: PendingMark[] | null = null;
  let cacheRaw: string | null = null;

  function read(): PendingMark[] {
    const raw = storage.getItem(key);
    // Same text as last time: return the same array, so React's external-store reads stay stable.
    if (cache && raw === cacheRaw) return cache;
    let parsed: unknown = [];
    try {
      parsed = raw ? JSON.parse(raw) : [];
    } catch {
      parsed = [];
    }
    cache = Array.isArray(parsed)
      ? parsed.filter(isPendingMark).map((m) => ({ ...m, intentos: m.intentos ?? 0, estado: m.estado === 'rechazada' ? 'rechazada' : 'pendiente' }))
      : [];
    cache.sort((a, b) => a.horaOriginal.localeCompare(b.horaOriginal));
    cacheRaw = raw;
    return cache;
  }

  function write(marks: PendingMark[]): void {
    if (marks.length === 0) storage.removeItem(key);
    else storage.setItem(key, JSON.stringify(marks));
    for (const listener of listeners) listener();
  }

  // Another tab of the app queued or sent a mark.
  if (typeof window !== 'undefined') {
    window.addEventListener('storage', (event) => {
      if (event.key === key || event.key === null) for (const listener of listeners) listener();
    });
  }

  return {
    list: read,
    add(mark) {
      const entry: PendingMark = { ...mark, intentos: 0, estado: 'pendiente' };
      write([...read().filter((m) => m.idCliente !== mark.idCliente), entry]);
      return entry;
    },
    update(idCliente, patch) {
      write(read().map((m) => (m.idCliente === idCliente ? { ...m, ...patch } : m)));
    },
    remove(idCliente) {
      write(read().filter((m) => m.idCliente !== idCliente));
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** Waits between automatic retries: 2 s, 5 s, 15 s, 30 s, then every 60 s. */
const RETRY_DELAYS_MS = [2_000, 5_000, 15_000, 30_000, 60_000] as const;

export function retryDelay(failures: number): number {
  return RETRY_DELAYS_MS[Math.min(Math.max(failures, 1), RETRY_DELAYS_MS.length) - 1]!;
}

/** What a send attempt concluded, as the sender needs it. */
export type SendOutcome<T> =
  | { kind: 'sent'; result: T }
  /** No network (or the server is unreachable): keep it and retry later. */
  | { kind: 'offline' }
  /** The session is gone: keep it until the worker signs in again. */
  | { kind: 'unauthenticated' }
  /** The server said no for good: keep it, shown as refused, for the worker to discard. */
  | { kind: 'refused'; message: string };

interface FlushResult<T> {
  sent: { mark: PendingMark; result: T }[];
  /** True when a mark is still waiting for the network (a retry should be scheduled). */
  waiting: boolean;
}

/**
 * Sends the signed-in worker's pending marks, oldest first, one at a time. Stops at the first one
 * that finds no network (the rest would fail the same way) or no session.
 */
export async function flushQueue<T>(queue: MarkQueue, usuarioId: string, send: (mark: PendingMark) => Promise<SendOutcome<T>>): Promise<FlushResult<T>> {
  const sent: FlushResult<T>['sent'] = [];
  for (const mark of queue.list().filter((m) => m.usuarioId === usuarioId && m.estado === 'pendiente')) {
    const outcome = await send(mark);
    if (outcome.kind === 'sent') {
      queue.remove(mark.idCliente);
      sent.push({ mark, result: outcome.result });
      continue;
    }
    if (outcome.kind === 'refused') {
      queue.update(mark.idCliente, { estado: 'rechazada', error: outcome.message, intentos: mark.intentos + 1 });
      continue;
    }
    queue.update(mark.idCliente, { intentos: mark.intentos + 1 });
    return { sent, waiting: outcome.kind === 'offline' };
  }
  return { sent, waiting: false };
}

/** One queue for the whole app (the page may mount and unmount; the marks stay). */
let appQueue: MarkQueue | null = null;
export function markQueue(): MarkQueue {
  appQueue ??= createMarkQueue();
  return appQueue;
}
