/**
 * Coalesces concurrent look-ups of one kind into one query. While a batch is being read, the requests
 * that arrive wait and go together in the next one (at most `maxInFlight` batches at a time), so under
 * load the database sees one statement for many requests, and with no load a request waits for nothing.
 * Requests with the same key share one answer.
 */
export function createBatchLoader<R, V>(
  loadMany: (requests: R[]) => Promise<Map<string, V>>,
  keyOf: (request: R) => string,
  { maxBatch = 500, maxInFlight = 2 }: { maxBatch?: number; maxInFlight?: number } = {},
) {
  const queue: { request: R; resolve: (value: V | undefined) => void; reject: (error: unknown) => void }[] = [];
  let inFlight = 0;

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
        if (inFlight < maxInFlight) void pump();
      });
    },
  };
}
