import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { apiSession, createCompanyWithAdmin, createUser, expectAccessible, signIn } from '../support/fixtures';

/** `aaaa-mm-dd` of today in Santiago (the sites' default zone), plus `days`. */
function dayInSantiago(days = 0): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Santiago', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}
const dashed = (date: string) => date.split('-').reverse().join('-');

test('a day on an approved permission: the home says so and skips it, marking asks first and records on confirmation', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const admin = await createCompanyWithAdmin(request);
  const headers = await apiSession(request, admin);
  const worker = await createUser(request, headers, { nombre: 'Paula', apellidos: 'Permiso Día' });
  // A shift that covers the whole day, planned today and the next three days.
  const shift = await request.post('/api/v1/turnos', {
    headers,
    data: { nombre: 'Jornada completa', codigo: 'JC', color: '#2b8a3e', inicio: '00:00', fin: '23:59', colacion: { tipo: 'minutos', minutos: 30 }, confirmarAdvertencias: true },
  });
  expect(shift.status(), await shift.text()).toBe(201);
  const { id: turnoId } = (await shift.json()) as { id: string };
  for (const days of [0, 1, 2, 3]) {
    const planned = await request.put(`/api/v1/planificaciones/${worker.id}/${dayInSantiago(days)}`, { headers, data: { tipo: 'turno', turnoId } });
    expect(planned.ok(), await planned.text()).toBeTruthy();
  }
  // A paid permission (días corridos, so any weekday) from today to the day after tomorrow, assigned: approved at once.
  const types = (await (await request.get('/api/v1/tipos-permiso', { headers })).json()) as { items: { id: string; codigo: string }[] };
  const assigned = await request.post('/api/v1/permisos', {
    headers,
    data: { usuarioId: worker.id, tipoId: types.items.find((type) => type.codigo === 'P.G.R.')!.id, desde: dayInSantiago(0), hasta: dayInSantiago(2), comentario: randomUUID() },
  });
  expect(assigned.status(), await assigned.text()).toBe(201);

  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, worker);
  await expect(page.getByTestId('permiso-en-curso')).toHaveText(`Hoy estás con permiso con goce de remuneraciones (hasta el ${dashed(dayInSantiago(2))}).`);
  // The next shift is the first one after the permission.
  await expect(page.getByTestId('proximo-turno')).toBeVisible();
  const next = await (await request.get('/api/v1/inicio', { headers: await apiSession(request, worker) })).json();
  expect(next.proximoTurno.fecha).toBe(dayInSantiago(3));
  await expectAccessible(page);

  await page.goto('/dashboard/web-marking');
  await expect(page.getByTestId('permiso-hoy')).toContainText('Hoy estás con permiso con goce de remuneraciones');
  const buttons = page.getByRole('group', { name: 'Marcar' });
  await buttons.getByRole('button', { name: /^Entrada/ }).click();
  const dialog = page.getByRole('dialog', { name: '¿Marcar de todos modos?' });
  await expect(dialog).toContainText('Tienes Permiso con goce de remuneraciones (P.G.R.) aprobado para hoy');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'No marcar' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Aún no marcas hoy.')).toBeVisible();
  await buttons.getByRole('button', { name: /^Entrada/ }).click();
  await dialog.getByRole('button', { name: 'Marcar entrada' }).click();
  await expect(page.getByRole('heading', { name: /^Entrada registrada a las \d{2}:\d{2}:\d{2}$/ })).toBeVisible();
  await context.close();
});
