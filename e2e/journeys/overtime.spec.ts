import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { apiSession, createCompanyWithAdmin, createGroup, createUser, expectAccessible, signIn, shootBothSizes } from '../support/fixtures';

const ZONE = 'America/Santiago';
/** `aaaa-mm-dd` in Santiago, `days` from today. */
const santiagoDate = (days = 0) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(Date.now() + days * 86_400_000));
/** `dd-mm-aaaa`, as the date fields take it. */
const typed = (date: string) => `${date.slice(8, 10)}-${date.slice(5, 7)}-${date.slice(0, 4)}`;
/** The ISO instant of a Santiago wall-clock time on a date (its UTC offset that day). */
function santiagoInstant(date: string, time: string): string {
  const guess = new Date(`${date}T${time}:00Z`);
  const offset = new Intl.DateTimeFormat('en-US', { timeZone: ZONE, timeZoneName: 'longOffset' }).formatToParts(guess).find((p) => p.type === 'timeZoneName')!.value;
  return `${date}T${time}:00${offset.replace('GMT', '') || '+00:00'}`;
}

const SHOTS = 'test-results/screenshots/overtime';
const shoot = (page: Page, name: string) => shootBothSizes(page, SHOTS, name);

test('overtime: the administrator registers a pact, the worker’s overtime appears as an exception, the leader confirms part, the worker sees it', async ({ browser, request }) => {
  test.setTimeout(240_000);
  const admin = await createCompanyWithAdmin(request);
  const headers = await apiSession(request, admin);
  const group = await createGroup(request, headers, 'Bodega central');
  const leader = await createUser(request, headers, { nombre: 'Marta', apellidos: 'Líder Pizarro', perfil: 'supervisor' });
  const worker = await createUser(request, headers, { nombre: 'Tomas', apellidos: 'Extra Muñoz', grupoId: group.id });
  const leaders = await request.put(`/api/v1/grupos/${group.id}/lideres`, { headers, data: { liderIds: [leader.id] } });
  expect(leaders.ok(), await leaders.text()).toBeTruthy();

  // Yesterday: a 08:00–17:00 shift with a fixed colación; Tomas stayed until 19:00 (2 h of overtime),
  // marked from his phone without connection (the marks keep their original time).
  const shift = await request.post('/api/v1/turnos', {
    headers,
    data: { nombre: 'Diurno', codigo: 'DIU', color: '#1c7ed6', inicio: '08:00', fin: '17:00', colacion: { tipo: 'fija', inicio: '13:00', fin: '14:00' } },
  });
  expect(shift.status(), await shift.text()).toBe(201);
  const yesterday = santiagoDate(-1);
  const planned = await request.put(`/api/v1/planificaciones/${worker.id}/${yesterday}`, {
    headers,
    data: { tipo: 'turno', turnoId: ((await shift.json()) as { id: string }).id, motivo: 'Turno trabajado ayer' },
  });
  expect(planned.ok(), await planned.text()).toBeTruthy();
  const workerHeaders = await apiSession(request, worker);
  for (const [tipo, time] of [
    ['entrada', '08:00'],
    ['salida', '19:00'],
  ] as const) {
    const mark = await request.post('/api/v1/marcas', { headers: workerHeaders, data: { tipo, idCliente: randomUUID(), horaOriginal: santiagoInstant(yesterday, time) } });
    expect(mark.status(), await mark.text()).toBe(201);
  }

  // The administrator registers the pact: 90 minutes a day, from the day before yesterday.
  const adminPage = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
  await signIn(adminPage, admin);
  const nav = adminPage.getByRole('navigation', { name: 'Navegación principal' });
  await nav.getByRole('button', { name: 'Horas extra' }).click();
  await nav.getByRole('link', { name: 'Pactos' }).click();
  await expect(adminPage).toHaveURL(/\/dashboard\/extra-time\/pacts$/);
  await expect(adminPage.getByRole('heading', { name: 'Pactos de horas extra', level: 1 })).toBeVisible({ timeout: 30_000 });
  await expect(adminPage.getByText('Aún no hay pactos de horas extra')).toBeVisible();
  await adminPage.getByRole('button', { name: 'Nuevo pacto' }).first().click();
  const form = adminPage.getByRole('dialog', { name: 'Nuevo pacto de horas extra' });
  await form.getByRole('combobox', { name: 'Trabajador' }).fill('Tomas');
  await adminPage.getByRole('option', { name: /Tomas Extra Muñoz/ }).click();
  const desde = santiagoDate(-2);
  await form.getByRole('textbox', { name: /^Desde/ }).fill(typed(desde));
  await form.getByRole('textbox', { name: /^Desde/ }).press('Tab');
  await expect(form.getByText(/Como máximo hasta el/)).toBeVisible();
  await form.getByRole('textbox', { name: /^Hasta/ }).fill(typed(santiagoDate(28)));
  await form.getByRole('textbox', { name: /^Hasta/ }).press('Tab');
  await form.getByRole('textbox', { name: /^Máximo de minutos extra por día/ }).fill('90');
  await form.getByRole('textbox', { name: /^Comentario/ }).fill('Inventario de fin de año');
  await expectAccessible(adminPage);
  await form.getByRole('button', { name: 'Registrar pacto' }).click();
  await expect(form).toBeHidden();
  const pactRow = adminPage.getByRole('table', { name: 'Pactos de horas extra' }).getByRole('row').filter({ hasText: 'Tomas Extra Muñoz' });
  await expect(pactRow).toContainText(`${typed(desde)} al ${typed(santiagoDate(28))}`);
  await expect(pactRow).toContainText('1 h 30 min');
  await expect(pactRow).toContainText('Vigente');
  await shoot(adminPage, 'pacts');

  // The leader finds yesterday's 2 h among the exceptions (over the pact), and confirms one hour.
  const leaderPage = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
  await signIn(leaderPage, leader);
  await leaderPage.goto('/dashboard/extra-time/approvals');
  await expect(leaderPage.getByRole('heading', { name: 'Revisión de horas extra', level: 1 })).toBeVisible({ timeout: 30_000 });
  await expect(leaderPage.getByRole('radio', { name: 'Excepciones' })).toBeChecked();
  const table = leaderPage.getByRole('table', { name: 'Horas extra' });
  const row = table.getByRole('row').filter({ hasText: 'Tomas Extra Muñoz' });
  await expect(row).toContainText(typed(yesterday), { timeout: 30_000 });
  await expect(row).toContainText(`${typed(yesterday)}2 h`);
  await expect(row).toContainText('Por revisar');
  await expect(row).toContainText('Sobre el pacto');
  await expectAccessible(leaderPage);
  await shoot(leaderPage, 'approvals');
  await row.getByRole('button', { name: /^Confirmar las horas extra de Tomas Extra Muñoz/ }).click();
  const dialog = leaderPage.getByRole('dialog', { name: 'Confirmar horas extra' });
  await expect(dialog).toContainText('Todo: 2 h');
  await dialog.getByRole('radio', { name: 'Una parte (el resto queda en disputa)' }).check();
  await dialog.getByRole('textbox', { name: 'Horas' }).fill('1');
  await dialog.getByRole('textbox', { name: 'Minutos' }).fill('0');
  await dialog.getByRole('textbox', { name: /^Comentario/ }).fill('Una hora fue colación sin marcar: se pidió corregir la marca');
  await expectAccessible(leaderPage);
  await shoot(leaderPage, 'approve-dialog');
  await dialog.getByRole('button', { name: 'Confirmar' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('Confirmadas');
  await expect(row).toContainText('1 h de 2 h');

  // The worker sees it confirmed, with what was confirmed of what was found.
  const workerPage = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
  await signIn(workerPage, worker);
  await workerPage.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link', { name: 'Horas extra' }).click();
  await expect(workerPage).toHaveURL(/\/dashboard\/extra-time\/mine$/);
  const mine = workerPage.getByRole('table', { name: 'Mis horas extra' }).getByRole('row').filter({ hasText: typed(yesterday) });
  await expect(mine).toContainText('Confirmadas');
  await expect(mine).toContainText('1 h de 2 h');
  await expect(workerPage.getByRole('table', { name: 'Mis pactos de horas extra' })).toContainText('1 h 30 min');
  await expectAccessible(workerPage);
  await shoot(workerPage, 'mine');
  await adminPage.context().close();
  await leaderPage.context().close();
  await workerPage.context().close();
});
