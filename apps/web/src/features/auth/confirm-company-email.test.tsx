import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockRoutes } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const INVALID =
  'El enlace para confirmar el correo de la empresa no es válido, ya se usó, venció o es de un correo que la empresa ya no tiene. Pide uno nuevo desde Jornada con «Reenviar correo de confirmación».';

describe('/confirmar-correo/:token', () => {
  it('opens from the e-mailed link without a session and confirms only on a click', async () => {
    const { calls } = mockRoutes({ 'POST /v1/empresa/confirmar-correo': () => ({ body: { ok: true, email: 'contacto@losandes.cl' } }) });
    renderApp('/confirmar-correo/abc_DEF-123');
    expect(await screen.findByRole('heading', { name: 'Confirma el correo de la empresa' })).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/v1/empresa/confirmar-correo')).toHaveLength(0);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Confirmar correo' }));
    expect(await screen.findByRole('heading', { name: 'Correo confirmado' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('contacto@losandes.cl quedó confirmado como el correo de la empresa.');
    expect(calls.filter((c) => c.path === '/v1/empresa/confirmar-correo').map((c) => c.body)).toEqual([{ token: 'abc_DEF-123' }]);
    expect(screen.getByRole('link', { name: 'Iniciar sesión' })).toHaveAttribute('href', '/');
  });

  it('shows the server’s Spanish message for a used or expired link', async () => {
    mockRoutes({ 'POST /v1/empresa/confirmar-correo': () => apiError(400, 'CONFIRMATION_TOKEN_INVALID', INVALID, { token: INVALID }) });
    renderApp('/confirmar-correo/usado');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Confirmar correo' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(INVALID);
  });
});
