import type { CalculoAsistencia } from '@jornada/contracts';
import { Paper, Progress, Text } from '@mantine/core';
import '@mantine/core/styles/Progress.css';
import { useSyncExternalStore } from 'react';
import { apiGet, CalculationPending } from '../lib/api-client';

/*
 * The first read of a period never evaluated. A page of evaluated attendance (home, day board, reports,
 * remunerations, legal reports, inconsistencies) reads through `readEvaluated`: when the server answers
 * 202 (it queued the period's evaluation), the read follows the calculation until it is done and then
 * reads the page again, so the page's query simply stays loading. Meanwhile `EvaluationProgress`, shown
 * once by the private layout, draws the progress bar of every calculation being followed.
 */

/** How often a followed calculation is asked for its progress. */
const POLL_MS = 1_000;

const followed = new Map<string, CalculoAsistencia>();
const listeners = new Set<() => void>();
let shown: { hechos: number; total: number } | null = null;

function publish(): void {
  let hechos = 0;
  let total = 0;
  for (const calculo of followed.values()) {
    hechos += Math.min(calculo.hechos, calculo.total);
    total += calculo.total;
  }
  shown = followed.size === 0 ? null : { hechos, total };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Resolves after `ms`, or rejects as fetch does when the query is cancelled. */
function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new DOMException('Aborted', 'AbortError'));
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', abort);
      resolve();
    }, ms);
    const abort = () => {
      clearTimeout(timer);
      reject(new DOMException('Aborted', 'AbortError'));
    };
    signal?.addEventListener('abort', abort, { once: true });
  });
}

async function follow(calculo: CalculoAsistencia, options: ReadEvaluatedOptions): Promise<void> {
  // Two queries of one page may follow the same calculation: the bar counts it once.
  const key = calculo.id;
  followed.set(key, calculo);
  publish();
  try {
    let current = calculo;
    while (current.estado !== 'listo') {
      await pause(options.pollMs ?? POLL_MS, options.signal);
      current = await apiGet<CalculoAsistencia>(`/v1/asistencia/calculos/${encodeURIComponent(current.id)}`, { token: options.token, signal: options.signal });
      followed.set(key, current);
      publish();
    }
  } finally {
    followed.delete(key);
    publish();
  }
}

interface ReadEvaluatedOptions {
  token: string;
  signal?: AbortSignal;
  /** Tests poll faster. */
  pollMs?: number;
}

/**
 * Reads a page of evaluated attendance; on a 202 it follows the queued calculation (the progress bar
 * shows it) and reads again when it is done. Use it as the page query's `queryFn`.
 */
export async function readEvaluated<T>(read: () => Promise<T>, options: ReadEvaluatedOptions): Promise<T> {
  for (;;) {
    try {
      return await read();
    } catch (error) {
      if (!(error instanceof CalculationPending)) throw error;
      await follow(error.calculo, options);
    }
  }
}

/** «Calculando la asistencia… 35 %» with its bar while a page waits for a period's first evaluation; nothing otherwise. */
export function EvaluationProgress() {
  const progress = useSyncExternalStore(subscribe, () => shown, () => null);
  if (!progress) return null;
  const percent = progress.total > 0 ? Math.floor((progress.hechos * 100) / progress.total) : 0;
  return (
    <Paper withBorder p="sm" mb="md" role="status" aria-live="polite" data-testid="calculo-asistencia">
      <Text size="sm" fw={500} mb={6}>
        Calculando la asistencia… {percent} %
      </Text>
      <Progress value={percent} animated aria-label="Avance del cálculo de la asistencia" />
      <Text size="xs" c="dimmed" mt={6}>
        Es la primera consulta de este periodo: la página se cargará sola al terminar el cálculo.
      </Text>
    </Paper>
  );
}
