import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockRoutes } from '../../test/mock-api';
import { renderPage } from '../../test/render-page';
import { VerifyPage, VerifyResultPage } from '.';
import { normalizeHash } from './components/hash';
import { publicReceipt } from '@jornada/contracts';
import { HASH, RECEIPT } from '../../test/receipt-fixture';

const PUBLIC_RECEIPT = publicReceipt(RECEIPT);

afterEach(() => {
  vi.unstubAllGlobals();
});



describe('receipt verification (public)', () => {
  it('normalizes a pasted code or address', () => {
    expect(normalizeHash(`  ${HASH.toUpperCase().slice(0, 30)}\n${HASH.slice(30)} `)).toBe(HASH);
    expect(normalizeHash(`https://jornada.cl/verificar/${HASH}?x=1`)).toBe(HASH);
    expect(normalizeHash('abc')).toBeNull();
  });

  it('the form refuses an invalid code and opens the verification of a valid one, without a session', async () => {
    const { calls } = mockRoutes({ [`GET /v1/verificar/${HASH}`]: () => ({ body: { integra: true, comprobante: PUBLIC_RECEIPT } }) });
    const { router } = renderPage(<VerifyPage />, { path: '/verificar', routes: { '/verificar/:hash': <VerifyResultPage /> } });
    const user = userEvent.setup();
    const input = await screen.findByRole('textbox', { name: /Código de verificación/ }, { timeout: 15_000 });
    await user.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(screen.getByText('Pega el código de verificación de tu comprobante.')).toBeInTheDocument();
    await user.type(input, '1234');
    await user.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(screen.getByText(/El código no es válido: son 64 caracteres/)).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, HASH);
    await user.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(await screen.findByText('Comprobante auténtico')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/verificar/${HASH}`);
    expect(calls.find((c) => c.path.startsWith('/v1/verificar'))!.headers.get('authorization')).toBeNull();
  });

  it('shows what proves an authentic receipt, and nothing that tracks the worker', async () => {
    mockRoutes({ [`GET /v1/verificar/${HASH}`]: () => ({ body: { integra: true, comprobante: PUBLIC_RECEIPT } }) });
    renderPage(<VerifyResultPage />, { path: `/verificar/${HASH}`, routePath: '/verificar/:hash' });
    expect(await screen.findByText('Comprobante auténtico')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Datos del comprobante verificado' });
    const text = table.textContent!;
    for (const value of ['21/11/26', '08:59:12', '**.***.678-5', 'Entrada', 'Panadería Los Aromos SpA', '76.123.456-0', HASH]) {
      expect(text).toContain(value);
    }
    for (const hidden of ['Camila Rojas Fuentes', '12.345.678-5', 'Av. Apoquindo 4500', '-33.413600']) expect(text).not.toContain(hidden);
    expect(within(table).getByText('RUT del trabajador')).toBeInTheDocument();
  });

  it('says when the stored mark was altered', async () => {
    mockRoutes({ [`GET /v1/verificar/${HASH}`]: () => ({ body: { integra: false, comprobante: PUBLIC_RECEIPT } }) });
    renderPage(<VerifyResultPage />, { path: `/verificar/${HASH}`, routePath: '/verificar/:hash' });
    expect(await screen.findByText('Comprobante alterado')).toBeInTheDocument();
    expect(screen.queryByText('Comprobante auténtico')).not.toBeInTheDocument();
  });

  it('says when no receipt has that code, and when the code is malformed', async () => {
    mockRoutes({ [`GET /v1/verificar/${HASH}`]: () => apiError(404, 'NOT_FOUND', 'El comprobante no existe.') });
    const first = renderPage(<VerifyResultPage />, { path: `/verificar/${HASH}`, routePath: '/verificar/:hash' });
    expect(await screen.findByText('No encontramos un comprobante con este código')).toBeInTheDocument();
    first.unmount();
    renderPage(<VerifyResultPage />, { path: '/verificar/no-es-un-hash', routePath: '/verificar/:hash' });
    expect(await screen.findByText('El código no es válido')).toBeInTheDocument();
  });
});
