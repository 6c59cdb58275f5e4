import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { E2E_MAILBOX } from '../support/env';
import { apiSession, createCompanyWithAdmin, createGroup, createUser, decodeQuotedPrintable, expectAccessible, signIn } from '../support/fixtures';

/** The newest e-mail to `to` whose text includes `marker`, decoded, or ''. */
function mailTo(to: string, marker: string): string {
  const found: { file: string; text: string }[] = [];
  for (const file of readdirSync(E2E_MAILBOX)) {
    const raw = readFileSync(path.join(E2E_MAILBOX, file), 'utf8');
    if (!raw.split('\r\n', 1)[0]!.toLowerCase().includes(to.toLowerCase())) continue;
    const text = decodeQuotedPrintable(raw);
    if (text.includes(marker)) found.push({ file, text });
  }
  return found.sort((a, b) => b.file.localeCompare(a.file))[0]?.text ?? '';
}

test('permissions: a worker requests vacation, their leader approves it, the worker sees it approved', async ({ browser, request }) => {
  // Three people, two browsers and four e-mails: longer than the default minute on a busy machine.
  test.setTimeout(240_000);
  const admin = await createCompanyWithAdmin(request);
  const headers = await apiSession(request, admin);
  const group = await createGroup(request, headers, 'Sala de ventas');
  const leader = await createUser(request, headers, { nombre: 'Carla', apellidos: 'Líder Rojas', perfil: 'supervisor' });
  const worker = await createUser(request, headers, { nombre: 'Ignacio', apellidos: 'Vacaciones Soto', grupoId: group.id });
  const leaders = await request.put(`/api/v1/grupos/${group.id}/lideres`, { headers, data: { liderIds: [leader.id] } });
  expect(leaders.ok(), await leaders.text()).toBeTruthy();

  // The worker asks for the first week of March 2027 (5 business days) from their own page.
  const workerContext = await browser.newContext();
  const workerPage = await workerContext.newPage();
  await signIn(workerPage, worker);
  await workerPage.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link', { name: 'Permisos' }).click();
  await expect(workerPage).toHaveURL(/\/dashboard\/permisos\/mios$/);
  await expect(workerPage.getByRole('heading', { name: 'Mis permisos' })).toBeVisible();
  await expect(workerPage.getByText(/15 días hábiles disponibles/)).toBeVisible();
  await expect(workerPage.getByText('Aún no tienes permisos')).toBeVisible();
  await expectAccessible(workerPage);
  await workerPage.getByRole('button', { name: 'Solicitar permiso' }).first().click();
  const dialog = workerPage.getByRole('dialog', { name: 'Solicitar permiso' });
  await dialog.getByRole('combobox', { name: /^Tipo de permiso/ }).click();
  await workerPage.getByRole('option', { name: 'Vacaciones (VAC.)' }).click();
  await dialog.getByRole('textbox', { name: /^Desde/ }).fill('01-03-2027');
  await dialog.getByRole('textbox', { name: /^Desde/ }).press('Tab');
  await dialog.getByRole('textbox', { name: /^Hasta/ }).fill('05-03-2027');
  await dialog.getByRole('textbox', { name: /^Hasta/ }).press('Tab');
  await dialog.getByRole('textbox', { name: /^Comentario/ }).fill('Vacaciones de verano en el sur');
  await expectAccessible(workerPage);
  await dialog.getByRole('button', { name: 'Enviar solicitud' }).click();
  await expect(dialog).toBeHidden();
  const myTable = workerPage.getByRole('table', { name: 'Mis permisos' });
  const myRow = myTable.getByRole('row').filter({ hasText: 'Vacaciones' });
  await expect(myRow).toContainText('01-03-2027 al 05-03-2027');
  await expect(myRow).toContainText('5 días hábiles');
  await expect(myRow).toContainText('Pendiente');

  // The leader is told by e-mail, with the link to the pending requests.
  let requested = '';
  await expect.poll(() => (requested = mailTo(leader.email, 'Ignacio Vacaciones Soto solicitó')), { timeout: 20_000 }).not.toBe('');
  expect(requested).toContain('del 01/03/2027 al 05/03/2027 (5 días hábiles)');
  const link = /https?:\/\/\S+\/dashboard\/permisos\?estado=pendiente/.exec(requested)?.[0];
  expect(link, 'el correo trae el enlace a las solicitudes pendientes').toBeTruthy();

  // The leader opens the link, sees the pending count and approves with a comment.
  const leaderContext = await browser.newContext();
  const leaderPage = await leaderContext.newPage();
  await signIn(leaderPage, leader);
  await leaderPage.goto(new URL(link!).pathname + new URL(link!).search);
  await expect(leaderPage.getByText('1 solicitud pendiente de tu decisión.')).toBeVisible({ timeout: 30_000 });
  const table = leaderPage.getByRole('table', { name: 'Permisos' });
  const row = table.getByRole('row').filter({ hasText: 'Ignacio Vacaciones Soto' });
  await expect(row).toContainText('Vacaciones de verano en el sur');
  await expectAccessible(leaderPage);
  await row.getByRole('button', { name: 'Aprobar el permiso de Ignacio Vacaciones Soto' }).click();
  const approve = leaderPage.getByRole('dialog', { name: 'Aprobar permiso' });
  await approve.getByRole('textbox', { name: /^Comentario/ }).fill('¡Que descanses!');
  await approve.getByRole('button', { name: 'Aprobar' }).click();
  await expect(approve).toBeHidden();
  await expect(leaderPage.getByText('No hay solicitudes pendientes de tu decisión.')).toBeVisible();

  // The worker is told by e-mail and sees it approved, with the leader's comment.
  let approved = '';
  await expect.poll(() => (approved = mailTo(worker.email, 'Tu permiso fue aprobado')), { timeout: 20_000 }).not.toBe('');
  expect(approved).toContain('Carla Líder Rojas aprobó tu permiso «Vacaciones» (VAC.) del 01/03/2027 al 05/03/2027 (5 días hábiles).');
  await workerPage.reload();
  await expect(myRow).toContainText('Aprobado');
  await expect(myRow).toContainText('Aprobado por Carla Líder Rojas: ¡Que descanses!');
  await expect(myRow.getByRole('button', { name: /Retirar/ })).toHaveCount(0);
  await workerContext.close();
  await leaderContext.close();
});
