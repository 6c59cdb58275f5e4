import { expect, test, type Page } from '@playwright/test';
import { apiSession, createCompanyWithAdmin, createUser, expectAccessible, signIn, shootBothSizes } from '../support/fixtures';

const ZONE = 'America/Santiago';
/** `aaaa-mm-dd` in Santiago, `days` from today. */
const santiagoDate = (days = 0) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(Date.now() + days * 86_400_000));
/** `dd-mm-aaaa`, as the date fields take it. */
const typed = (date: string) => `${date.slice(8, 10)}-${date.slice(5, 7)}-${date.slice(0, 4)}`;

const SHOTS = 'test-results/screenshots/overtime-rest';
const shoot = (page: Page, name: string) => shootBothSizes(page, SHOTS, name);

test('overtime compensated with vacation days: the administrator records the written agreement on the pact, the worker sees the F.H.E. balance', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const admin = await createCompanyWithAdmin(request);
  await apiSession(request, admin);
  const worker = await createUser(request, await apiSession(request, admin), { nombre: 'Rosa', apellidos: 'Feriado Tapia' });

  const adminPage = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
  await signIn(adminPage, admin);
  await adminPage.goto('/dashboard/extra-time/pacts');
  await expect(adminPage.getByRole('heading', { name: 'Pactos de horas extra', level: 1 })).toBeVisible({ timeout: 30_000 });
  await adminPage.getByRole('button', { name: 'Nuevo pacto' }).first().click();
  const form = adminPage.getByRole('dialog', { name: 'Nuevo pacto de horas extra' });
  await form.getByRole('combobox', { name: 'Trabajador' }).fill('Rosa');
  await adminPage.getByRole('option', { name: /Rosa Feriado Tapia/ }).click();
  const desde = santiagoDate(0);
  await form.getByRole('textbox', { name: /^Desde/ }).fill(typed(desde));
  await form.getByRole('textbox', { name: /^Desde/ }).press('Tab');
  await form.getByRole('textbox', { name: /^Hasta/ }).fill(typed(santiagoDate(30)));
  await form.getByRole('textbox', { name: /^Hasta/ }).press('Tab');
  await form.getByText('Días de feriado').click();
  // Without the signing date the form says what is missing.
  await form.getByRole('button', { name: 'Registrar pacto' }).click();
  await expect(form.getByText('Indica la fecha en que se firmó el acuerdo de compensar con días de feriado.')).toBeVisible();
  await form.getByRole('textbox', { name: /^Acuerdo firmado el/ }).fill(typed(santiagoDate(-1)));
  await form.getByRole('textbox', { name: /^Acuerdo firmado el/ }).press('Tab');
  await expectAccessible(adminPage);
  await shoot(adminPage, 'form');
  await form.getByRole('button', { name: 'Registrar pacto' }).click();
  await expect(form).toBeHidden();
  const row = adminPage.getByRole('table', { name: 'Pactos de horas extra' }).getByRole('row').filter({ hasText: 'Rosa Feriado Tapia' });
  await expect(row).toContainText(`Días de feriado (firmado el ${typed(santiagoDate(-1))})`);

  // The administrator's «Saldos» and the worker's «Mis permisos» show the balance (nothing earned yet).
  await adminPage.goto('/dashboard/permisos?vista=saldos');
  await expect(adminPage.getByText('Feriado por horas extra (art. 32) (F.H.E.)')).toBeVisible({ timeout: 30_000 });
  const workerPage = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
  await signIn(workerPage, worker);
  await workerPage.goto('/dashboard/permisos/mios');
  const card = workerPage.getByRole('region', { name: /saldo/i }).getByText(/^Feriado por horas extra \(art\. 32\)/);
  await expect(card).toBeVisible({ timeout: 30_000 });
  await expect(workerPage.getByText(/0 h extra compensadas con feriado/)).toBeVisible();
  await expectAccessible(workerPage);
  await shoot(workerPage, 'mis-saldos');
  await adminPage.context().close();
  await workerPage.context().close();
});
