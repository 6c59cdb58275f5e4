import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { E2E_MAILBOX } from '../support/env';
import { apiSession, createCompanyWithAdmin, createUser, decodeQuotedPrintable, expectAccessible, signIn } from '../support/fixtures';

/** Casa Matriz, Av. Apoquindo 4500: the site's position; the geofence is 150 m around it. */
const SITE = { lat: -33.4136, lng: -70.5826 };
/** About 4 km away (Plaza de Armas): outside the geofence. */
const FAR = { lat: -33.4378, lng: -70.6505 };

/** Every receipt e-mail to `to` in the run's mailbox whose text includes `marker`, decoded. */
function receiptMails(to: string, marker: string): string[] {
  const found: string[] = [];
  for (const file of readdirSync(E2E_MAILBOX)) {
    const raw = readFileSync(path.join(E2E_MAILBOX, file), 'utf8');
    if (!raw.split('\r\n', 1)[0]!.toLowerCase().includes(to.toLowerCase())) continue;
    // Quoted-printable gives the UTF-8 bytes one per character: read them back as UTF-8.
    const text = decodeQuotedPrintable(raw);
    if (text.includes(marker)) found.push(text);
  }
  return found;
}

test('web marking: inside and outside the geofence, the receipt e-mail, its verification, and a mark made offline', async ({ browser, request }) => {
  test.slow(); // a long journey with axe on each of its pages
  const admin = await createCompanyWithAdmin(request);
  const headers = await apiSession(request, admin);
  const site = await request.post('/api/v1/sedes', {
    headers,
    data: { nombre: 'Casa Matriz', calle: 'Av. Apoquindo', numero: '4500', comuna: 'Las Condes', ciudad: 'Santiago', region: 'RM', ...SITE, radioGeocercaM: 150 },
  });
  expect(site.status(), await site.text()).toBe(201);
  const sedeId = (await site.json()).id as string;
  const worker = await createUser(request, headers, { nombre: 'Ignacia', apellidos: 'Marca Web' });
  const personal = `personal-${worker.email}`;
  const patch = await request.patch(`/api/v1/usuarios/${worker.id}`, { headers, data: { sedeId, emailPersonal: personal } });
  expect(patch.ok(), await patch.text()).toBeTruthy();

  const context = await browser.newContext();
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation({ latitude: SITE.lat, longitude: SITE.lng, accuracy: 12 });
  const page = await context.newPage();
  await signIn(page, worker);
  await page.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link', { name: 'Marcar asistencia' }).click();
  await expect(page).toHaveURL(/\/dashboard\/web-marking$/);
  await expect(page.getByText('No tienes un turno planificado para hoy.')).toBeVisible();
  await expect(page.getByText(/Tu siguiente marca:/)).toContainText('Entrada');
  await expectAccessible(page);
  const buttons = page.getByRole('group', { name: 'Marcar' });

  // Entrada inside the geofence: recorded, not flagged.
  await buttons.getByRole('button', { name: /^Entrada/ }).click();
  await expect(page.getByRole('heading', { name: /^Entrada registrada a las \d{2}:\d{2}:\d{2}$/ })).toBeVisible();
  const firstReceipt = page.getByRole('table', { name: 'Comprobante de tu marca' });
  await expect(firstReceipt).toContainText('Ignacia Marca Web');
  await expect(firstReceipt).toContainText(`${SITE.lat.toFixed(6)}, ${SITE.lng.toFixed(6)}`);
  await expect(page.getByText('Marcaste fuera de la geocerca de tu sede')).toHaveCount(0);
  await expectAccessible(page);

  // Salida from 4 km away: recorded too, and flagged.
  await context.setGeolocation({ latitude: FAR.lat, longitude: FAR.lng, accuracy: 15 });
  await buttons.getByRole('button', { name: /^Salida/ }).click();
  await expect(page.getByRole('heading', { name: /^Salida registrada a las/ })).toBeVisible();
  await expect(page.getByText('Marcaste fuera de la geocerca de tu sede')).toBeVisible();
  const today = page.getByRole('list', { name: 'Tus marcas de hoy' });
  await expect(today.getByRole('listitem')).toHaveCount(2);
  await expect(today.getByRole('listitem').nth(1)).toContainText('Salida');
  await expect(today.getByRole('listitem').nth(1)).toContainText('Fuera de la geocerca');
  await expect(today.getByRole('listitem').nth(0)).not.toContainText('Fuera de la geocerca');
  await expectAccessible(page);

  // The receipt of the salida reaches the worker's personal e-mail with every legal field.
  let mail = '';
  await expect.poll(() => (mail = receiptMails(personal, 'Tipo de marca: Salida')[0] ?? ''), { timeout: 20_000 }).not.toBe('');
  const company = await (await request.get('/api/v1/empresa', { headers })).json();
  for (const field of [
    /Fecha: \d{2}\/\d{2}\/\d{2}/,
    /Hora: \d{2}:\d{2}:\d{2}/,
    'Trabajador: Ignacia Marca Web',
    `RUT del trabajador: ${worker.rut}`,
    'Tipo de marca: Salida',
    `Empleador: ${admin.razonSocial}`,
    `RUT del empleador: ${company.rut}`,
    /Lugar de trabajo: Casa Matriz, Av\. Apoquindo 4500, Las Condes/,
    /Posición: -33\.437800, -70\.650500 .*fuera de la geocerca/,
    /Código de verificación \(hash SHA-256\): [0-9a-f]{64}/,
  ]) {
    if (typeof field === 'string') expect(mail).toContain(field);
    else expect(mail).toMatch(field);
  }
  const hash = /Código de verificación \(hash SHA-256\): ([0-9a-f]{64})/.exec(mail)![1]!;

  // The receipt on the screen is the same one, and the public page verifies it.
  await expect(page.getByRole('table', { name: 'Comprobante de tu marca' })).toContainText(hash);
  // Pages of their own contexts (axe opens a helper page in the page's context).
  const verifier = await (await browser.newContext()).newPage();
  await verifier.goto(`/verificar/${hash}`);
  await expect(verifier.getByText('Comprobante auténtico')).toBeVisible();
  const verified = verifier.getByRole('table', { name: 'Datos del comprobante verificado' });
  // What proves the receipt, without the worker's name (the public page shows a masked RUT).
  await expect(verified).not.toContainText('Ignacia Marca Web');
  await expect(verified).toContainText('**.***.');
  await expect(verified).toContainText('Salida');
  await expect(verified).toContainText(admin.razonSocial);
  await expectAccessible(verifier);
  await verifier.context().close();

  // Without network: the mark waits on the device, then goes out flagged offline with its own time.
  await context.setGeolocation({ latitude: SITE.lat, longitude: SITE.lng, accuracy: 12 });
  await context.setOffline(true);
  await buttons.getByRole('button', { name: /^Entrada/ }).click();
  await expect(page.getByText('Sin conexión: tu marca quedó guardada en este dispositivo')).toBeVisible();
  await expect(page.getByRole('heading', { name: '1 marca pendiente de envío' })).toBeVisible();
  await expectAccessible(page);
  await expect(today.getByRole('listitem')).toHaveCount(2);
  await context.setOffline(false);
  await expect(page.getByRole('heading', { name: '1 marca pendiente de envío' })).toHaveCount(0, { timeout: 20_000 });
  await expect(today.getByRole('listitem')).toHaveCount(3);
  await expect(today.getByRole('listitem').nth(2)).toContainText('Entrada');
  await expect(today.getByRole('listitem').nth(2)).toContainText('Sin conexión');

  // The server has it once, flagged offline (and logged among the attempts as such).
  const marks = await (await request.get(`/api/v1/marcas?usuarioId=${worker.id}`, { headers })).json();
  expect(marks.total).toBe(3);
  const offline = marks.items.filter((m: { offline: boolean }) => m.offline);
  expect(offline).toHaveLength(1);
  expect(offline[0].horaOriginal).toBeTruthy();
  await context.close();

  // The administrator sees the flagged marks on the attempts page.
  const adminPage = await (await browser.newContext()).newPage();
  await signIn(adminPage, admin);
  await adminPage.goto('/dashboard/marking-attempts');
  const attempts = adminPage.getByRole('table', { name: 'Intentos de marcaje' });
  await expect(attempts.getByText('Fuera de la geocerca (marca registrada)')).toBeVisible();
  await expect(attempts.getByText('Sin conexión (marca registrada)')).toBeVisible();
  await expectAccessible(adminPage);
  await adminPage.context().close();
});
