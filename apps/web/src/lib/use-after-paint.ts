import { useEffect, useState } from 'react';

/**
 * False on a component's first render, true once the browser has painted it (two frames after the
 * commit). A page that asks for its data only then shows its frame first instead of starting the
 * requests while its first render still holds the main thread: on the dashboard home that first
 * paint is what a phone waits for, and the figures fill in a moment later (docs/performance.md).
 */
export function useAfterPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (typeof requestAnimationFrame !== 'function') {
      const timer = setTimeout(() => setPainted(true), 0);
      return () => clearTimeout(timer);
    }
    // The first frame callback runs before the commit's paint; the second, a frame later, after it.
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => setPainted(true));
    });
    return () => cancelAnimationFrame(frame);
  }, []);
  return painted;
}
