import { lazy, Suspense, useEffect } from 'react';

/*
 * react-toastify is fetched right after the first render instead of with the initial JS: toasts only
 * follow a user action, and the sign-in page must stay under its size budget. A toast called before
 * the container mounts is queued by react-toastify and shown when it does.
 */
const loadToastify = () => import('./toast-container');
const LazyToastContainer = lazy(loadToastify);

/** The toast area of the spec (section 9): top-right, 5 s, pause on hover and focus loss, draggable at 80 %, light. */
export function AppToasts() {
  useEffect(() => {
    void loadToastify();
  }, []);
  return (
    <Suspense fallback={null}>
      <LazyToastContainer />
    </Suspense>
  );
}

type Kind = 'error' | 'success' | 'info';

function show(kind: Kind, message: string): void {
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
