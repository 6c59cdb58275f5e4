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

/**
 * WCAG AA (4.5:1) where Mantine's light scheme falls short: the placeholder grey (shade 5 reads at
 * 3.6:1; shade 6 passes on white), the error red, and the text of the "light" variant (alerts, badges) for the
 * colours whose shade 9 on shade 1 is under 4.5:1 (yellow 2.7, lime 3.3, orange 3.6, green 3.8,
 * teal 4.3) or only just over it (cyan, red): the same hue darkened to at least 4.7:1 on the
 * hover background (shade 2).
 */
const LIGHT_VARIANT_TEXT = {
  teal: '#076d4e',
  green: '#226e32',
  lime: '#46700a',
  yellow: '#a15300',
  orange: '#a9380c',
  cyan: '#0a6778',
  red: '#ad2424',
};

const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-placeholder': 'var(--mantine-color-gray-6)',
    // Field errors (message and the field's text): red 6 reads at 3.3:1 on white.
    '--mantine-color-error': LIGHT_VARIANT_TEXT.red,
    ...Object.fromEntries(Object.entries(LIGHT_VARIANT_TEXT).map(([color, value]) => [`--mantine-color-${color}-light-color`, value])),
  },
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
