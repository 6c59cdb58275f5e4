import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { E2E_MAILBOX } from '../support/env';
import { apiSession, createCompanyWithAdmin, createUser, decodeQuotedPrintable, expectAccessible, signIn, waitForPageData } from '../support/fixtures';

const ZONE = 'America/Santiago';

/** `aaaa-mm-dd` of an instant in Santiago. */
const santiagoDate = (at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);

/** The instant of a Santiago wall-clock time on a date, as ISO with its offset (`-03:00` in summer). */
function santiagoInstant(date: string, time: string): string {
  const offset = new Intl.DateTimeFormat('en-US', { timeZone: ZONE, timeZoneName: 'longOffset' })
    .formatToParts(new Date(`${date}T16:00:00Z`))
    .find((p) => p.type === 'timeZoneName')!
    .value.replace('GMT', '');
  return `${date}T${time}:00${offset || '+00:00'}`;
}

const clDate = (iso: string) => iso.split('-').reverse().join('-');

/** The newest e-mail to `to` whose text includes `marker`, decoded. */
async function waitForMailWith(to: string, marker: string): Promise<string> {
  let mail = '';
  await expect
    .poll(
      () => {
        for (const file of readdirSync(E2E_MAILBOX).sort().reverse()) {
          const raw = readFileSync(path.join(E2E_MAILBOX, file), 'utf8');
          if (!raw.split('\r\n', 1)[0]!.toLowerCase().includes(to.toLowerCase())) continue;
          const text = decodeQuotedPrintable(raw);
          if (text.includes(marker)) return (mail = text);
        }
        return '';
      },
      { timeout: 20_000, message: `correo a ${to} con «${marker}»` },
    )
    .not.toBe('');
  return mail;
}

test('inconsistencies: a missing exit is listed, a correction is proposed from its row, the worker objects from the e-mail and the original stands', async ({ browser, request }) => {
  test.setTimeout(300_000);
  const admin = await createCompanyWithAdmin(request);
  const headers = await apiSession(request, admin);
  const worker = await createUser(request, headers, { nombre: 'Valentina', apellidos: 'Inconsistencia Soto' });

  // Two days ago the worker's phone had no signal: the entrada reached the server later; she never marked out.
  const day = santiagoDate(new Date(Date.now() - 2 * 24 * 3_600_000));
  const entrada = await request.post('/api/v1/marcas', {
    headers: await apiSession(request, worker),
    data: { tipo: 'entrada', idCliente: randomUUID(), horaOriginal: santiagoInstant(day, '09:00') },
  });
  expect(entrada.status(), await entrada.text()).toBe(201);

  const adminContext = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const page = await adminContext.newPage();
  await signIn(page, admin);
  const nav = page.getByRole('navigation', { name: 'Navegación principal' });
  await nav.getByRole('button', { name: 'Asistencia' }).click();
  // The submenu slides open; on a loaded machine a click can land while its items still move, on the
  // item above. Click again until the address says the page was reached.
  await expect(async () => {
    await nav.getByRole('link', { name: 'Inconsistencias' }).click();
    await expect(page).toHaveURL(/\/dashboard\/inconsistencies/, { timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  // A lazy page's first load on a busy machine.
  await expect(page.getByRole('heading', { name: 'Inconsistencias', level: 1 })).toBeVisible({ timeout: 30_000 });
  if (day.slice(0, 7) !== santiagoDate(new Date()).slice(0, 7)) await page.goto(`/dashboard/inconsistencies?desde=${day}`);
  await waitForPageData(page);

  const counts = page.getByRole('group', { name: 'Inconsistencias por tipo' });
  await expect(counts.getByRole('button', { name: 'Entrada sin salida: 1' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Inconsistencias' });
  const missingExit = table.getByRole('row').filter({ hasText: 'Entrada sin salida' });
  await expect(missingExit).toContainText('Valentina Inconsistencia Soto');
  await expect(missingExit).toContainText(clDate(day));
  await expect(missingExit).toContainText('Abierta');
  await expect(missingExit).toContainText('Entrada 09:00');
  await expectAccessible(page);
  await page.screenshot({ path: test.info().outputPath('inconsistencies-1366.png'), fullPage: true });

  // The row opens the day: plan, marks and the engine's explanation, and the ways to resolve it.
  await missingExit.getByRole('button', { name: /^Resolver/ }).click();
  const drawer = page.getByRole('dialog', { name: `Valentina Inconsistencia Soto, ${clDate(day)}` });
  await expect(drawer.getByText('Sin planificación', { exact: true })).toBeVisible();
  await expect(drawer.getByRole('list', { name: 'Marcas del día' })).toContainText('Entrada 09:00:00');
  await expect(drawer).toContainText('Inconsistencia: Entrada sin salida.');
  await expect(drawer.getByRole('link', { name: 'Justificar con permiso' })).toHaveAttribute('href', `/dashboard/permisos?asignar=${worker.id}&fecha=${day}`);
  await expectAccessible(page);
  await page.screenshot({ path: test.info().outputPath('inconsistencies-drawer-1366.png') });

  // The administrator proposes the exit the worker forgot, at 18:00 (never filled in by itself).
  await drawer.getByRole('button', { name: 'Agregar marca faltante' }).click();
  const propose = page.getByRole('dialog', { name: 'Agregar marca faltante' });
  await expect(propose.getByRole('combobox', { name: /^Tipo de marca/ })).toHaveValue('Salida');
  await propose.getByRole('textbox', { name: /^Motivo/ }).fill('Olvidó marcar la salida; el guardia la vio salir a las 18:00.');
  // A slip that would put the exit before the day's entry is refused, naming the mark, and nothing is proposed.
  await propose.getByLabel(/^Hora/).fill('08:00');
  await propose.getByRole('button', { name: 'Proponer corrección' }).click();
  await expect(propose).toContainText(
    `La salida propuesta a las 08:00 del ${clDate(day)} quedaría antes de la entrada de las 09:00: una salida va después de las demás marcas de la jornada.`,
  );
  await propose.getByLabel(/^Hora/).fill('18:00');
  await propose.getByRole('button', { name: 'Proponer corrección' }).click();
  await expect(propose).toBeHidden();
  await expect(page.getByText('Corrección propuesta. El trabajador recibió un correo y tiene 48 horas para objetarla.')).toBeVisible();
  await expect(drawer.getByText('En corrección').first()).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(missingExit).toContainText('En corrección');

  // The worker reads the e-mail (original and new values) and objects through its link.
  const mail = await waitForMailWith(worker.email, 'el guardia la vio salir');
  expect(mail).toContain('Valor original: Sin marca');
  expect(mail).toContain(`Valor nuevo: Salida el ${clDate(day)} a las 18:00:00`);
  const link = /(http:\/\/localhost:\d+\/dashboard\/corrections\?correccion=[0-9a-f-]{36})/.exec(mail)?.[1];
  expect(link, 'el correo trae el enlace a la corrección').toBeTruthy();
  const workerContext = await browser.newContext();
  const workerPage = await workerContext.newPage();
  await signIn(workerPage, worker);
  await workerPage.goto(new URL(link!).pathname + new URL(link!).search);
  const detail = workerPage.getByRole('dialog', { name: `Corrección de salida del ${clDate(day)}` });
  await detail.getByRole('button', { name: 'Objetar' }).click();
  const object = workerPage.getByRole('dialog', { name: 'Objetar corrección' });
  await object.getByRole('textbox', { name: /Motivo de la objeción/ }).fill('Salí a las 19:30, no a las 18:00.');
  await object.getByRole('button', { name: 'Objetar corrección' }).click();
  await expect(workerPage.getByText('Objetaste la corrección: se mantiene tu registro original.')).toBeVisible();

  // The original stands: the inconsistency is open again and the day still has only its entrada.
  await page.reload();
  await waitForPageData(page);
  await expect(missingExit).toContainText('Abierta');
  await missingExit.getByRole('button', { name: /^Resolver/ }).click();
  await expect(drawer.getByRole('list', { name: 'Marcas del día' }).getByRole('listitem')).toHaveCount(1);
  await page.keyboard.press('Escape');

  // The mark on a day without planning is dismissed with its reason, and can be reopened.
  const restDay = table.getByRole('row').filter({ hasText: 'Marca en día libre' });
  await restDay.getByRole('button', { name: /^Resolver/ }).click();
  await drawer.getByRole('button', { name: 'Descartar: Marca en día libre o sin planificación' }).click();
  const dismiss = page.getByRole('dialog', { name: 'Descartar inconsistencia' });
  await dismiss.getByRole('textbox', { name: /Motivo del descarte/ }).fill('Trabajó ese día por un cambio de turno acordado.');
  await dismiss.getByRole('button', { name: 'Descartar' }).click();
  await expect(drawer).toContainText('«Trabajó ese día por un cambio de turno acordado.»');
  await expect(drawer.getByRole('button', { name: 'Reabrir: Marca en día libre o sin planificación' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(restDay).toContainText('Descartada');

  // On a phone the same page reads as cards.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await waitForPageData(page);
  await expect(page.getByRole('heading', { name: 'Inconsistencias', level: 1 })).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: test.info().outputPath('inconsistencies-390.png'), fullPage: true });

  await workerContext.close();
  await adminContext.close();
});
