import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { apiSession, createCompanyWithAdmin, createUser, expectAccessible, signIn } from '../support/fixtures';

/** `aaaa-mm-dd` of today in Santiago (the sites' default zone). */
const todayInSantiago = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Santiago', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());

test('attendance: the administrator opens the day board by URL, sees the counts and a row, and opens the worker’s month', async ({ page, request }) => {
  test.slow(); // a company, a plan, a mark and two pages with axe
  const admin = await createCompanyWithAdmin(request);
  const headers = await apiSession(request, admin);
  // A shift that covers the whole day, so the board reads the same at any hour of the run.
  const shift = await request.post('/api/v1/turnos', {
    headers,
    data: { nombre: 'Jornada completa', codigo: 'JC', color: '#2b8a3e', inicio: '00:00', fin: '23:59', colacion: { tipo: 'minutos', minutos: 30 }, confirmarAdvertencias: true },
  });
  expect(shift.status(), await shift.text()).toBe(201);
  const { id: turnoId } = (await shift.json()) as { id: string };
  const renata = await createUser(request, headers, { nombre: 'Renata', apellidos: 'Asistencia Diaria' });
  const ignacio = await createUser(request, headers, { nombre: 'Ignacio', apellidos: 'Sin Marca' });
  const today = todayInSantiago();
  for (const worker of [renata, ignacio]) {
    const planned = await request.put(`/api/v1/planificaciones/${worker.id}/${today}`, { headers, data: { tipo: 'turno', turnoId } });
    expect(planned.ok(), await planned.text()).toBeTruthy();
  }
  const mark = await request.post('/api/v1/marcas', { headers: await apiSession(request, renata), data: { tipo: 'entrada', idCliente: randomUUID() } });
  expect(mark.status(), await mark.text()).toBe(201);

  await signIn(page, admin);
  await page.goto('/dashboard/assists');
  await expect(page.getByRole('heading', { name: 'Asistencia del día', level: 1 })).toBeVisible();
  const counts = page.getByRole('group', { name: 'Trabajadores por estado' });
  // Renata entered during her shift (on time or late, by the hour of the run); Ignacio has not marked yet.
  await expect(counts.getByRole('button', { name: /^Sin marcar aún: [1-9]/ })).toBeVisible();
  await expect(counts.getByRole('button', { name: /^(Presente|Atrasado): 1$/ })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Llegadas por hora' })).toBeAttached();
  const table = page.getByRole('table', { name: /^Asistencia del / });
  const renataRow = table.getByRole('row').filter({ hasText: 'Renata Asistencia Diaria' });
  await expect(renataRow).toContainText(/Presente|Atrasado/);
  await expect(table.getByRole('row').filter({ hasText: 'Ignacio Sin Marca' })).toContainText('Sin marcar aún');
  await expectAccessible(page);

  // The status filter lives in the URL.
  await counts.getByRole('button', { name: /^Sin marcar aún:/ }).click();
  await expect(page).toHaveURL(/estado=sin_marcar/);
  await expect(table.getByRole('row').filter({ hasText: 'Renata Asistencia Diaria' })).toHaveCount(0);
  await counts.getByRole('button', { name: /^Sin marcar aún:/ }).click();
  await expect(page).not.toHaveURL(/estado=/);

  // The row opens the worker's month on that day, with the engine's explanation.
  await renataRow.getByRole('link', { name: 'Renata Asistencia Diaria', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/settings/assists-user\\?usuarioId=${renata.id}&mes=${today.slice(0, 7)}&dia=${today}`));
  await expect(page.getByRole('heading', { name: 'Asistencia por trabajador', level: 1 })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Totales del periodo' })).toBeVisible();
  const days = page.getByRole('group', { name: 'Días del mes' });
  await expect(days.getByRole('button', { pressed: true })).toContainText(/Presente|Atrasado/);
  await expect(page.getByRole('heading', { name: 'Explicación del resultado' })).toBeVisible();
  await expect(page.getByRole('table', { name: /^Marcas del / })).toContainText('Entrada');
  await expectAccessible(page);
});
