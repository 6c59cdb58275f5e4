import { expect, test } from '@playwright/test';
import { apiSession, createCompanyWithAdmin, decodeQuotedPrintable, expectAccessible, randomRut, signIn, waitForMail } from '../support/fixtures';

/** The newest e-mail to `to` that contains `text` (earlier mail to the same address may exist). */
async function waitForMailWith(to: string, text: string, timeoutMs = 20_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mail = decodeQuotedPrintable(await waitForMail(to, Math.max(1, deadline - Date.now())));
    if (mail.includes(text)) return mail;
    if (Date.now() > deadline) throw new Error(`No llegó a ${to} un correo con «${text}»`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

test('a labour inspector asks for a key, signs in, opens an employer by RUT and reads it; the employer is told and sees the log', async ({ page, request, browser }) => {
  // Two browser contexts, an e-mail and five pages: a minute is not enough on a loaded machine.
  test.setTimeout(150_000);
  const admin = await createCompanyWithAdmin(request);
  const company = await (await request.get('/api/v1/empresa', { headers: await apiSession(request, admin) })).json();
  const companyRut: string = company.rut;
  const suffix = Math.random().toString(36).slice(2, 8);
  const inspector = { email: `ana.perez.${suffix}@dt.gob.cl`, nombre: 'Ana', apellidos: 'Pérez Soto', rut: randomRut() };

  // From the sign-in page, one small link.
  await page.goto('/');
  await page.getByRole('link', { name: 'Acceso para fiscalizadores de la Dirección del Trabajo' }).click();
  await expect(page).toHaveURL(/\/fiscalizacion$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Acceso para fiscalizadores de la Dirección del Trabajo' })).toBeVisible();
  await expectAccessible(page);

  // Step 1: an address outside the DT is refused; a DT address gets a key by e-mail.
  await page.getByRole('textbox', { name: /Correo institucional/ }).fill(`ana.${suffix}@gmail.com`);
  await page.getByRole('textbox', { name: 'Nombre' }).fill(inspector.nombre);
  await page.getByRole('textbox', { name: 'Apellidos' }).fill(inspector.apellidos);
  await page.getByRole('textbox', { name: /^RUT/ }).fill(inspector.rut);
  await page.getByRole('button', { name: 'Enviar clave a mi correo' }).click();
  await expect(page.getByText('Usa tu correo institucional de la Dirección del Trabajo (termina en @dt.gob.cl).')).toBeVisible();
  await page.getByRole('textbox', { name: /Correo institucional/ }).fill(inspector.email);
  await page.getByRole('button', { name: 'Enviar clave a mi correo' }).click();
  await expect(page.getByRole('heading', { name: 'Ingresa con tu clave' })).toBeVisible();
  await expect(page.getByText('Enviamos una clave temporal a tu correo institucional.', { exact: false })).toBeVisible();
  await expectAccessible(page);

  const keyMail = await waitForMailWith(inspector.email, 'Tu clave temporal es:');
  const key = /Tu clave temporal es: ([A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4})/.exec(keyMail)?.[1];
  expect(key, 'el correo trae la clave').toBeTruthy();
  expect(keyMail).toMatch(/Vence el \p{L}+ \d{2}\/\d{2}\/\d{4} a las 23:59:59 \(hora de Chile continental\)/u);

  // Step 2: a wrong key is refused, the e-mailed one signs in.
  await page.getByLabel(/Clave temporal/).fill('AAAA-BBBB-CCCC');
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page.getByRole('alert')).toContainText('Correo o clave incorrectos.');
  await page.getByLabel(/Clave temporal/).fill(key!.toLowerCase());
  await page.getByRole('button', { name: 'Ingresar' }).click();

  // Step 3: the employer by RUT; only razón social and RUT are shown.
  await expect(page.getByRole('heading', { name: 'Elige el empleador' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('searchbox', { name: 'Razón social o RUT del empleador' }).fill(companyRut);
  const results = page.getByRole('list', { name: 'Empleadores encontrados' });
  await expect(results.getByText(admin.razonSocial)).toBeVisible();
  await expect(results.getByText(`RUT ${companyRut}`)).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('inspector-step3.png'), fullPage: true });
  await results.getByRole('button', { name: `Acceder a ${admin.razonSocial}` }).click();

  // The employer's dashboard, as fiscalizador, read-only.
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('session-perfil')).toHaveText('Fiscalizador');
  await expect(page.getByTestId('session-company')).toHaveText(admin.razonSocial);
  await expect(page.getByTestId('session-user-name')).toHaveText('Ana Pérez Soto');
  const nav = page.getByRole('navigation', { name: 'Navegación principal' });
  await expect(nav.getByRole('link', { name: 'Cambiar empleador' })).toBeVisible();
  await expect(nav.getByText('Usuarios')).toHaveCount(0);
  await expectAccessible(page);
  const sessionToken = await page.evaluate(() => window.localStorage.getItem('token'));
  const write = await request.post('/api/v1/grupos', { headers: { Authorization: `Bearer ${sessionToken}` }, data: { nombre: 'No debería existir' } });
  expect(write.status()).toBe(403);
  await page.screenshot({ path: test.info().outputPath('inspector-dashboard.png'), fullPage: true });

  // "Cambiar empleador" goes back to step 3 without the key.
  await nav.getByRole('link', { name: 'Cambiar empleador' }).click();
  await expect(page.getByRole('heading', { name: 'Elige el empleador' })).toBeVisible();
  await expect(page.getByText(`Estás revisando ${admin.razonSocial}`)).toBeVisible();

  // The employer is told, with the exact sentence.
  const notice = await waitForMailWith(admin.email, 'accedió a los registros de');
  expect(notice).toContain(`El fiscalizador Ana Pérez Soto (${inspector.rut}, ${inspector.email}) accedió a los registros de ${admin.razonSocial} el `);

  // The administrator reads the log.
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await signIn(adminPage, admin);
  // Through the menu, as an administrator finds it. The section opens with an animation, and the session's
  // queries still re-render the menu just after sign-in: a click that lands mid-way is made again.
  const accessLog = adminPage.getByRole('link', { name: 'Accesos de fiscalizadores' });
  await expect(async () => {
    if (!(await accessLog.isVisible())) await adminPage.getByRole('navigation', { name: 'Navegación principal' }).getByText('Configuración').click();
    await accessLog.click({ timeout: 2_000 });
    await expect(adminPage).toHaveURL(/\/dashboard\/settings\/inspections$/, { timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  const table = adminPage.getByRole('table', { name: 'Accesos de fiscalizadores' });
  await expect(table.getByText('Ingreso a la empresa').first()).toBeVisible();
  await expect(table.getByText(`RUT ${inspector.rut} · ${inspector.email}`).first()).toBeVisible();
  await expect(table.getByText('/api/v1/grupos').first()).toBeVisible();
  await expect(table.getByText('Rechazada').first()).toBeVisible();
  await expectAccessible(adminPage);
  await adminPage.screenshot({ path: test.info().outputPath('inspector-log.png'), fullPage: true });
  await adminContext.close();
});
