/**
 * Coalesces concurrent look-ups of one kind into one query. While a batch is being read, the requests
 * that arrive wait and go together in the next one (at most `maxInFlight` batches at a time), so under
 * load the database sees one statement for many requests, and with no load a request waits for nothing.
 * Requests with the same key share one answer.
 *
 * `gather`: a batch starts only once the current turn of the event loop is over (`setImmediate`), so
 * requests that arrive together, as the answers of one group write resume their callers one after the
 * other, go in one batch instead of the first alone and the rest in the next.
 */
export function createBatchLoader<R, V>(
  loadMany: (requests: R[]) => Promise<Map<string, V>>,
  keyOf: (request: R) => string,
  { maxBatch = 500, maxInFlight = 2, gather = false }: { maxBatch?: number; maxInFlight?: number; gather?: boolean } = {},
) {
  const queue: { request: R; resolve: (value: V | undefined) => void; reject: (error: unknown) => void }[] = [];
  let inFlight = 0;
  let scheduled = false;

  async function pump(): Promise<void> {
    inFlight += 1;
    try {
      while (queue.length > 0) {
        const batch = queue.splice(0, maxBatch);
        try {
          const found = await loadMany(batch.map((waiting) => waiting.request));
          for (const waiting of batch) waiting.resolve(found.get(keyOf(waiting.request)));
        } catch (error) {
          for (const waiting of batch) waiting.reject(error);
        }
      }
    } finally {
      inFlight -= 1;
    }
  }

  return {
    load(request: R): Promise<V | undefined> {
      return new Promise((resolve, reject) => {
        queue.push({ request, resolve, reject });
        if (inFlight >= maxInFlight) return;
        if (!gather) return void pump();
        if (scheduled) return;
        scheduled = true;
        setImmediate(() => {
          scheduled = false;
          if (inFlight < maxInFlight && queue.length > 0) void pump();
        });
      });
    },
  };
}
