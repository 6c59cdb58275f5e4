import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SAMPLE_USER } from '../../test/api-stubs';
import { renderPage } from '../../test/render-page';
import { ShiftFormModal } from './components/shift-form-modal';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The API as the form sees it: the profile, one site, and the shifts created (their bodies in `posts`). */
function stubApi(posts: unknown[]) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const path = new URL(String(input), 'http://localhost').pathname.replace(/^\/api/, '');
      if (path === '/usuarios/profile') return Response.json(SAMPLE_USER);
      if (path === '/v1/sedes') return Response.json({ items: [{ id: '11111111-1111-4111-8111-111111111111', nombre: 'Tienda Centro' }], total: 1, page: 1, pageSize: 100 });
      if (path === '/v1/turnos' && init.method === 'POST') {
        posts.push(JSON.parse(String(init.body)));
        return Response.json({ id: 's1', codigo: 'X' }, { status: 201 });
      }
      return Response.json({});
    }),
  );
  localStorage.setItem('token', 'tok-1');
  localStorage.setItem('token_set_at', String(Date.now()));
}

describe('the shift form warns of the law as the user types', () => {
  it('lists the rules a 07:00–20:00 shift breaks and saves it only after «Entiendo…», sending the confirmation', async () => {
    const posts: unknown[] = [];
    stubApi(posts);
    renderPage(<ShiftFormModal opened onClose={() => undefined} shift={null} />, { path: '/dashboard/planning/shift-list' });
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: /^Nombre/ }), 'Largo');
    await user.type(screen.getByRole('textbox', { name: /^Código/ }), 'LAR');
    // The default 09:00–18:00 with a 13:00–14:00 colación is lawful: no warning.
    expect(screen.queryByText('Este turno no cumple la ley')).not.toBeInTheDocument();

    for (const [label, time] of [[/^Inicio( \*)?$/, '07:00'], [/^Fin( \*)?$/, '20:00']] as const) {
      const field = screen.getByRole('textbox', { name: label });
      await user.clear(field);
      await user.type(field, time);
      await user.tab();
    }
    expect(await screen.findByText('Este turno no cumple la ley')).toBeInTheDocument();
    expect(screen.getByText(/tiene 12 h 00 min ordinarias al día: supera el máximo legal de 10 horas diarias \(art\. 22 y 28 del Código del Trabajo\)/)).toBeInTheDocument();
    expect(screen.getByText(/A 5 días por semana el turno 07:00–20:00 suma 60 h 00 min ordinarias/)).toBeInTheDocument();

    const save = screen.getByRole('button', { name: 'Crear turno' });
    expect(save).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: /Entiendo que este turno no cumple estas reglas/ }));
    expect(save).toBeEnabled();
    await user.click(save);
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toMatchObject({ inicio: '07:00', fin: '20:00', confirmarAdvertencias: true });
  });

  it('limits the shift to the chosen sites and job titles, sending them with the shift', async () => {
    const posts: unknown[] = [];
    stubApi(posts);
    renderPage(<ShiftFormModal opened onClose={() => undefined} shift={null} />, { path: '/dashboard/planning/shift-list' });
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: /^Nombre/ }), 'Caja');
    await user.type(screen.getByRole('textbox', { name: /^Código/ }), 'CAJ');
    await user.click(screen.getAllByLabelText('Sedes donde se usa')[0]!);
    await user.click(await screen.findByRole('option', { name: 'Tienda Centro', hidden: true }));
    await user.type(screen.getAllByLabelText(/Cargos que pueden tomarlo/)[0]!, 'Cajera{Enter}');
    await user.click(screen.getByRole('button', { name: 'Crear turno' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toMatchObject({ sedeIds: ['11111111-1111-4111-8111-111111111111'], cargos: ['Cajera'] });
  });
});
