import { useCallback, useState } from 'react';

/**
 * The last answer of an upload's preview or commit, for what a page shows beside the upload dialog (a
 * summary, a warning): `track` wraps the request, keeping its result, and forgets it when the request
 * fails (the dialog shows the error); `reset` forgets it (the dialog closed).
 */
export function useLastUpload<T>(): { last: T | null; track: (promise: Promise<T>) => Promise<T>; reset: () => void } {
  const [last, setLast] = useState<T | null>(null);
  const track = useCallback(
    (promise: Promise<T>) =>
      promise.then(
        (result) => {
          setLast(result);
          return result;
        },
        (error: unknown) => {
          setLast(null);
          throw error;
        },
      ),
    [],
  );
  const reset = useCallback(() => setLast(null), []);
  return { last, track, reset };
}
