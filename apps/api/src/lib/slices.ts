/**
 * How long a loop over a large input (a 50,000-row upload, a pattern for 2,000 workers) may hold the
 * event loop before it lets everything else waiting run: other requests, timers, database answers.
 * One event loop serves every company; a slice this short is invisible to a person marking meanwhile.
 */
const SLICE_MS = 10;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * A pause for long synchronous loops. `await pause()` on every step costs next to nothing until
 * `budgetMs` of work has gone by since the last pause; then it waits for the event loop's next turn
 * (after pending I/O and timers) and starts counting again.
 */
export function slicer(budgetMs = SLICE_MS): () => Promise<void> {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < budgetMs) return;
    await nextTurn();
    since = performance.now();
  };
}

/** `items` by `key`, the map built in slices (50,000 stored days take a while to index). */
export async function mapInSlices<T, K>(items: readonly T[], key: (item: T) => K): Promise<Map<K, T>> {
  const pause = slicer();
  const map = new Map<K, T>();
  for (const item of items) {
    await pause();
    map.set(key(item), item);
  }
  return map;
}
