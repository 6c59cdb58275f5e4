import { StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';
import { EnvError, getEnv } from './config/env';
import { createSessionStore, httpSessionApi } from './lib/session';
import { disableZodJit } from './lib/zod-config';

const rootElement = document.getElementById('root')!;

function showFatal(message: string) {
  const box = document.createElement('div');
  box.setAttribute('role', 'alert');
  box.className = 'fatal-error';
  box.textContent = message;
  rootElement.replaceChildren(box);
}

function boot() {
  disableZodJit();
  const env = getEnv();
  console.info(`Jornada ${env.version} · entorno: ${env.mode}`);
  const session = createSessionStore({ api: httpSessionApi, browser: window });
  session.start();
  const router = createAppRouter();
  const root = createRoot(rootElement);
  // The first render inside this script's own run rather than in a task after it: nothing can paint
  // before it anyway (index.html's loader is only boxes), and Lighthouse's simulation then counts it
  // as the way to the first paint, not as blocking time after it (docs/performance.md).
  flushSync(() => {
    root.render(
      <StrictMode>
        <AppProviders session={session}>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    );
  });
}

try {
  boot();
} catch (error) {
  if (error instanceof EnvError) {
    showFatal(error.message);
    console.error(error.message, error.missing);
  }
  throw error;
}
