import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { E2E_MAILBOX } from '../support/env';
import { apiSession, createCompanyWithAdmin, createUser, decodeQuotedPrintable, expectAccessible, signIn } from '../support/fixtures';

/** Every e-mail to `to` whose text includes `marker`, decoded (quoted-printable UTF-8), newest first. */
function mailsTo(to: string, marker: string): string[] {
  const found: { file: string; text: string }[] = [];
  for (const file of readdirSync(E2E_MAILBOX)) {
    const raw = readFileSync(path.join(E2E_MAILBOX, file), 'utf8');
    if (!raw.split('\r\n', 1)[0]!.toLowerCase().includes(to.toLowerCase())) continue;
    const text = decodeQuotedPrintable(raw);
    if (text.includes(marker)) found.push({ file, text });
  }
  return found.sort((a, b) => b.file.localeCompare(a.file)).map((m) => m.text);
}

async function waitForMailWith(to: string, marker: string): Promise<string> {
  let mail = '';
  await expect.poll(() => (mail = mailsTo(to, marker)[0] ?? ''), { timeout: 20_000, message: `correo a ${to} con «${marker}»` }).not.toBe('');
  return mail;
}

/** `dd-mm-aaaa` of yesterday in Santiago. */
function yesterdayInSantiago(): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Santiago', year: 'numeric', month: '2-digit', day: '2-digit' })
      .formatToParts(new Date(Date.now() - 24 * 3_600_000))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.day}-${parts.month}-${parts.year}`;
}

async function openNav(page: Page, name: string) {
  await page.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link', { name }).click();
}

test('corrections: an attempt turned into a mark and accepted by the worker; a missing mark objected; the employer sees each state', async ({ browser, request }) => {
  // Two people, two browsers and four e-mails: longer than the default minute on a busy machine.
  test.setTimeout(150_000);
  const admin = await createCompanyWithAdmin(request);
  const headers = await apiSession(request, admin);
  const worker = await createUser(request, headers, { nombre: 'Ignacio', apellidos: 'Corrección Pérez' });

  // The worker presses "Entrada" twice: the second is kept as the attempt "Marca repetida".
  const workerApi = await apiSession(request, worker);
  for (let i = 0; i < 2; i++) {
    const response = await request.post('/api/v1/marcas', { headers: workerApi, data: { tipo: 'entrada', idCliente: randomUUID() } });
    expect(response.ok(), await response.text()).toBeTruthy();
  }

  // The administrator corrects the attempt from the attempts page: it was meant to be a salida.
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await signIn(adminPage, admin);
  await openNav(adminPage, 'Intentos de marcaje');
  const attempts = adminPage.getByRole('table', { name: 'Intentos de marcaje' });
  const attemptRow = attempts.getByRole('row').filter({ hasText: 'Marca repetida' });
  await expect(attemptRow).toContainText('Ignacio Corrección Pérez');
  await expectAccessible(adminPage);
  await attemptRow.getByRole('button', { name: 'Corregir' }).click();
  const dialog = adminPage.getByRole('dialog', { name: 'Corregir intento de marcaje' });
  await expect(dialog).toContainText('Marca repetida (ignorada)');
  await dialog.getByRole('combobox', { name: /^Tipo de marca/ }).click();
  await adminPage.getByRole('option', { name: 'Salida' }).click();
  await dialog.getByRole('textbox', { name: /^Motivo/ }).fill('Marcó entrada en vez de salida al terminar el turno.');
  await expectAccessible(adminPage);
  await dialog.getByRole('button', { name: 'Proponer corrección' }).click();
  await expect(dialog).toBeHidden();
  await expect(attemptRow.getByText('Corrección pendiente')).toBeVisible();
  await expect(attemptRow.getByRole('button', { name: 'Corregir' })).toHaveCount(0);

  // The worker's e-mail: original and new values, the reason, who asked, the deadline and the link.
  const proposal = await waitForMailWith(worker.email, 'Marcó entrada en vez de salida');
  expect(proposal).toMatch(/Valor original: Intento de marcaje no registrado: Entrada el \d{2}-\d{2}-\d{4} a las \d{2}:\d{2}:\d{2} \(Marca repetida \(ignorada\)\)/);
  expect(proposal).toMatch(/Valor nuevo: Salida el \d{2}-\d{2}-\d{4} a las \d{2}:\d{2}:\d{2}/);
  expect(proposal).toContain(`Solicitada por: ${admin.nombre} ${admin.apellidos} (${admin.razonSocial})`);
  expect(proposal).toMatch(/Plazo para objetar: hasta el \d{2}-\d{2}-\d{4} a las \d{2}:\d{2}:\d{2} \(America\/Santiago\)/);
  const link = /(http:\/\/localhost:\d+\/dashboard\/corrections\?correccion=[0-9a-f-]{36})/.exec(proposal)?.[1];
  expect(link, 'el correo trae el enlace a la corrección').toBeTruthy();

  // The worker opens the link, reads the correction and accepts it.
  const workerContext = await browser.newContext();
  const workerPage = await workerContext.newPage();
  await signIn(workerPage, worker);
  await workerPage.goto(new URL(link!).pathname + new URL(link!).search);
  const detail = workerPage.getByRole('dialog', { name: /^Corrección de salida del \d{2}-\d{2}-\d{4}$/ });
  await expect(detail.getByRole('table', { name: 'Datos de la corrección' })).toContainText('Marcó entrada en vez de salida al terminar el turno.');
  await expect(detail.getByRole('list', { name: 'Historial de la corrección' })).toContainText('Propuesta');
  await expectAccessible(workerPage);
  await detail.getByRole('button', { name: 'Aceptar' }).click();
  const accept = workerPage.getByRole('dialog', { name: 'Aceptar corrección' });
  await accept.getByRole('button', { name: 'Aceptar corrección' }).click();
  await expect(workerPage.getByText('Corrección aceptada: la marca quedó registrada.')).toBeVisible();
  const corrections = workerPage.getByRole('table', { name: 'Correcciones' });
  await expect(corrections.getByRole('row').nth(1)).toContainText('Consolidada');
  // Its receipt reaches the worker like any other mark's.
  await waitForMailWith(worker.email, 'Método: Corrección');

  // The administrator adds a mark the worker never made (yesterday's entrada at 09:00), from the corrections page.
  await openNav(adminPage, 'Correcciones');
  await expect(adminPage.getByRole('table', { name: 'Correcciones' }).getByRole('row').nth(1)).toContainText('Consolidada');
  await adminPage.getByRole('link', { name: 'Agregar marca faltante' }).click();
  const missing = adminPage.getByRole('dialog', { name: 'Agregar marca faltante' });
  await missing.getByRole('combobox', { name: /^Trabajador/ }).fill('Ignacio');
  await adminPage.getByRole('option', { name: /Ignacio Corrección Pérez/ }).click();
  await missing.getByRole('combobox', { name: /^Tipo de marca/ }).click();
  await adminPage.getByRole('option', { name: 'Entrada' }).click();
  await missing.getByRole('textbox', { name: /^Fecha/ }).fill(yesterdayInSantiago());
  await missing.getByRole('textbox', { name: /^Fecha/ }).press('Tab');
  await missing.getByLabel(/^Hora/).fill('09:00:00');
  await missing.getByRole('textbox', { name: /^Motivo/ }).fill('Olvidó marcar la entrada; llegó a las 9 según el libro de portería.');
  await missing.getByRole('button', { name: 'Proponer corrección' }).click();
  await expect(missing).toBeHidden();

  // The worker objects from the corrections page: the original ("sin marca") stands.
  await waitForMailWith(worker.email, 'libro de portería');
  await workerPage.reload();
  const pendingRow = workerPage.getByRole('table', { name: 'Correcciones' }).getByRole('row').filter({ hasText: 'Pendiente' });
  await expect(pendingRow).toContainText('Sin marca');
  await expect(pendingRow).toContainText(/Quedan 4\d h \d+ min/);
  await pendingRow.getByRole('button', { name: 'Objetar' }).click();
  const object = workerPage.getByRole('dialog', { name: 'Objetar corrección' });
  await object.getByRole('textbox', { name: /Motivo de la objeción/ }).fill('Ese día llegué a las 8:30, no a las 9.');
  await expectAccessible(workerPage);
  await object.getByRole('button', { name: 'Objetar corrección' }).click();
  await expect(workerPage.getByText('Objetaste la corrección: se mantiene tu registro original.')).toBeVisible();
  await expect(workerPage.getByRole('table', { name: 'Correcciones' }).getByRole('row').filter({ hasText: 'Objetada' })).toContainText('Ese día llegué a las 8:30');

  // The administrator is told by e-mail and sees both states.
  await waitForMailWith(admin.email, 'Ese día llegué a las 8:30');
  await openNav(adminPage, 'Correcciones');
  const adminTable = adminPage.getByRole('table', { name: 'Correcciones' });
  await expect(adminTable.getByRole('row').filter({ hasText: 'Objetada' })).toContainText('Ignacio Corrección Pérez');
  await expect(adminTable.getByRole('row').filter({ hasText: 'Consolidada' })).toHaveCount(1);
  await expectAccessible(adminPage);

  await workerContext.close();
  await adminContext.close();
});
