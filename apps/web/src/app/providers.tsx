// Mantine's base CSS sits in a cascade layer (app/base.css); each component imports its own CSS.
import './base.css';
import './global.css';
import { MantineProvider, type CSSVariablesResolver } from '@mantine/core';
import type { ReactNode } from 'react';
import { SessionProvider, type SessionStore } from '../lib/session';
import { AppToasts } from '../lib/toasts';
import { theme } from './theme';

/**
 * The nonce a server may put on `<meta property="csp-nonce" nonce="...">` for a CSP without
 * 'unsafe-inline' in style-src; Mantine puts it on the <style> tags it writes. Without it, styles
 * need 'unsafe-inline' (see docs/web.md).
 */
function getStyleNonce(): string {
  const meta = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]');
  return meta?.nonce || meta?.content || '';
}

/** Mantine's default placeholder grey (shade 5) reads at 3.6:1; shade 6 reaches WCAG AA (4.5:1) on white. */
const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-placeholder': 'var(--mantine-color-gray-6)' },
  dark: {},
});

export function AppProviders({ session, children }: { session: SessionStore; children: ReactNode }) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light" getStyleNonce={getStyleNonce} cssVariablesResolver={cssVariablesResolver}>
      <SessionProvider store={session}>
        {children}
        <AppToasts />
      </SessionProvider>
    </MantineProvider>
  );
}
