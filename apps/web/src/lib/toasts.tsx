import { lazy, Suspense, useEffect, useState } from 'react';

/*
 * react-toastify is fetched with the first toast, not with the initial JS nor right after the first
 * render: toasts only follow a user action, the sign-in page must stay under its size budget, and
 * evaluating it while the page becomes usable showed up as blocking time in Lighthouse (sign-in
 * 0.85-0.92 with it, 0.95-0.99 without; docs/performance.md). A toast called before the container
 * mounts is queued by react-toastify and shown when it does.
 */
const loadToastify = () => import('./toast-container');
const LazyToastContainer = lazy(loadToastify);

let wanted = false;
const onWanted = new Set<() => void>();

function mountContainer() {
  if (wanted) return;
  wanted = true;
  for (const listener of onWanted) listener();
}

/** The toast area of the spec (section 9): top-right, 5 s, pause on hover and focus loss, draggable at 80 %, light. */
export function AppToasts() {
  const [mounted, setMounted] = useState(wanted);
  useEffect(() => {
    if (wanted) {
      setMounted(true);
      return;
    }
    const listener = () => setMounted(true);
    onWanted.add(listener);
    return () => {
      onWanted.delete(listener);
    };
  }, []);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <LazyToastContainer />
    </Suspense>
  );
}

type Kind = 'error' | 'success' | 'info';

function show(kind: Kind, message: string): void {
  mountContainer();
  loadToastify()
    .then(({ toast }) => {
      // The message doubles as the id, so a repeated failure does not stack identical toasts.
      toast[kind](message, { toastId: message });
    })
    .catch((error: unknown) => console.error('No se pudo mostrar la notificación:', message, error));
}

export const notify = {
  error: (message: string) => show('error', message),
  success: (message: string) => show('success', message),
  info: (message: string) => show('info', message),
};
