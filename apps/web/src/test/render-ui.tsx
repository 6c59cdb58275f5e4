import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { theme } from '../app/theme';
import { createSessionStore, httpSessionApi, SessionProvider } from '../lib/session';

/** Renders a component with the theme, a router and a (signed-out unless a token is stored) session. */
export function renderUi(ui: ReactNode, { path = '/' }: { path?: string } = {}) {
  const session = createSessionStore({ api: httpSessionApi, logger: { error: vi.fn(), warn: vi.fn(), info: vi.fn() } });
  function Wrapper({ children }: { children: ReactNode }) {
    return (
      <MantineProvider theme={theme}>
        <SessionProvider store={session}>
          <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>
        </SessionProvider>
      </MantineProvider>
    );
  }
  return render(ui, { wrapper: Wrapper });
}
