import { expect, test } from '@playwright/test';
import { apiSession, createCompanyWithAdmin, createUser, decodeQuotedPrintable, expectAccessible, signIn, waitForMail } from '../support/fixtures';

test('a worker sets a PIN (and is told by e-mail) and marks on the kiosk with RUT + PIN', async ({ browser, request }) => {
  test.slow(); // a long journey with axe on each of its pages
  const admin = await createCompanyWithAdmin(request);
  const adminHeaders = await apiSession(request, admin);
  const site = await request.post('/api/v1/sedes', { headers: adminHeaders, data: { nombre: 'Sucursal Centro', calle: 'Huérfanos', numero: '1000', comuna: 'Santiago', region: 'RM' } });
  expect(site.status(), await site.text()).toBe(201);
  const sedeId = (await site.json()).id as string;
  const worker = await createUser(request, adminHeaders, { nombre: 'Tomas', apellidos: 'Quiosco Vera' });
  const patch = await request.patch(`/api/v1/usuarios/${worker.id}`, { headers: adminHeaders, data: { sedeId, metodosMarcaje: ['web', 'kiosco_pin'] } });
  expect(patch.ok(), await patch.text()).toBeTruthy();

  // The worker defines the PIN in "Mi PIN de marcaje"; a trivial PIN is refused.
  const workerContext = await browser.newContext();
  const workerPage = await workerContext.newPage();
  await signIn(workerPage, worker);
  await workerPage.goto('/dashboard/pin');
  await expect(workerPage.getByLabel('PIN nuevo', { exact: true })).toBeVisible();
  await expectAccessible(workerPage);
  await workerPage.getByLabel('PIN nuevo', { exact: true }).fill('1234');
  await workerPage.getByLabel('Repetir PIN nuevo').fill('1234');
  await workerPage.getByRole('button', { name: 'Guardar PIN' }).click();
  await expect(workerPage.getByText('El PIN no puede ser una secuencia (como 1234 o 4321).')).toBeVisible();
  await expectAccessible(workerPage);
  await workerPage.getByLabel('PIN nuevo', { exact: true }).fill('1357');
  await workerPage.getByLabel('Repetir PIN nuevo').fill('1357');
  await workerPage.getByRole('button', { name: 'Guardar PIN' }).click();
  await expect(workerPage.getByText(/Tu PIN se definió o cambió por última vez el/)).toBeVisible();
  await expectAccessible(workerPage);
  let mail = '';
  await expect
    .poll(async () => {
      mail = decodeQuotedPrintable(await waitForMail(worker.email));
      return mail.includes('PIN de marcaje');
    })
    .toBe(true);
  expect(mail).toMatch(/el \d{2}-\d{2}-\d{4} a las \d{2}:\d{2}:\d{2}/);
  await workerContext.close();

  // The administrator opens the kiosk on the shared device.
  const kioskContext = await browser.newContext();
  const page = await kioskContext.newPage();
  await signIn(page, admin);
  await page.goto('/dashboard/kiosks');
  await expect(page.getByRole('button', { name: 'Abrir quiosco' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Abrir quiosco' }).click();
  const form = page.getByRole('form', { name: 'Abrir quiosco' });
  await expect(form.getByLabel('Nombre del quiosco')).toBeVisible();
  await expectAccessible(page);
  const sede = form.getByRole('combobox', { name: 'Sede' });
  await sede.fill('Sucursal');
  await sede.press('ArrowDown');
  await sede.press('Enter');
  await expect(sede).toHaveValue('Sucursal Centro');
  await form.getByLabel('Nombre del quiosco').fill('Entrada Huérfanos');
  await form.getByRole('button', { name: 'Abrir quiosco en este dispositivo' }).click();
  await expect(page).toHaveURL(/\/kiosco$/);
  await expect(page.getByText('Sucursal Centro · Entrada Huérfanos')).toBeVisible();
  await expectAccessible(page);

  // Wrong PIN first (an attempt), then the right one.
  await page.getByRole('button', { name: 'Entrada', exact: true }).click();
  await page.getByLabel('RUT', { exact: true }).fill(worker.rut);
  await page.getByLabel('PIN', { exact: true }).fill('9753');
  await page.getByRole('button', { name: 'Marcar', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('RUT o PIN incorrectos.');
  await expectAccessible(page);
  await page.getByLabel('PIN', { exact: true }).fill('1357');
  await page.getByRole('button', { name: 'Marcar', exact: true }).click();
  const result = page.getByRole('status', { name: 'Marca registrada' });
  await expect(result).toContainText('Tomas Quiosco Vera');
  await expect(result).toContainText('Entrada registrada');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Listo' }).click();
  await expect(page.getByRole('heading', { name: '¿Qué vas a marcar?' })).toBeVisible();

  const attempts = await request.get(`/api/v1/intentos-marcaje?usuarioId=${worker.id}`, { headers: adminHeaders });
  expect(attempts.ok(), await attempts.text()).toBeTruthy();
  expect((await attempts.json()).items.map((a: { motivo: string }) => a.motivo)).toEqual(['pin_incorrecto']);
  const marks = await request.get(`/api/v1/marcas?usuarioId=${worker.id}`, { headers: adminHeaders });
  expect((await marks.json()).items).toEqual([expect.objectContaining({ tipo: 'entrada', metodo: 'kiosco_pin', sedeId })]);
  await kioskContext.close();
});
