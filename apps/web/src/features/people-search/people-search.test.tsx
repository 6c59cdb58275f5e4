import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser } from '../../test/fixtures';
import { mockRoutes, page, signedInAs } from '../../test/mock-api';
import { renderPage } from '../../test/render-page';
import { PeopleSearchButton } from '.';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the header’s people search', () => {
  it('finds a person by RUT from any page and opens their record', async () => {
    const rojas = makeUser({ id: 'u-rojas', nombre: 'Camila', apellidos: 'Rojas Muñoz', rut: '12.345.678-5' });
    const { calls } = mockRoutes({ ...signedInAs('administrador'), 'GET /v1/usuarios': () => ({ body: page([rojas]) }) });
    const { router } = renderPage(<PeopleSearchButton />, { path: '/dashboard/assists' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Buscar una persona por nombre o RUT' }, { timeout: 15_000 }));
    const field = await screen.findByRole('combobox', { name: 'Nombre, apellido o RUT' }, { timeout: 15_000 });
    await user.type(field, '12345678');
    await user.click(await screen.findByRole('option', { name: 'Camila Rojas Muñoz (12.345.678-5)', hidden: true }, { timeout: 15_000 }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/users/u-rojas'));
    expect(calls.find((c) => c.path === '/v1/usuarios')!.url.searchParams.get('q')).toBe('12345678');
  }, 60_000);

  it('opens with «/» and asks for two characters before searching', async () => {
    const { calls } = mockRoutes({ ...signedInAs('supervisor'), 'GET /v1/usuarios': () => ({ body: page([]) }) });
    renderPage(<PeopleSearchButton />, { path: '/dashboard' });
    const user = userEvent.setup();
    await screen.findByRole('button', { name: 'Buscar una persona por nombre o RUT' }, { timeout: 15_000 });
    await user.keyboard('/');
    const field = await screen.findByRole('combobox', { name: 'Nombre, apellido o RUT' }, { timeout: 15_000 });
    await user.type(field, 'R');
    expect(await screen.findByText('Escribe al menos 2 letras o dígitos.')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/v1/usuarios')).toBe(false);
  }, 60_000);
});
