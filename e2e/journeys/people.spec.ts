import { expect, test, type Page } from '@playwright/test';
import {
  apiSession,
  createCompanyWithAdmin,
  createGroup,
  createUser,
  decodeQuotedPrintable,
  expectAccessible,
  randomRut,
  shootBothSizes,
  signIn,
  waitForMail,
} from '../support/fixtures';

async function pickOption(page: Page, combobox: string, option: RegExp) {
  await page.getByRole('combobox', { name: new RegExp(combobox) }).click();
  await page.getByRole('option', { name: option }).click();
}

test('an administrator registers a worker, who sets a password from the e-mail and signs in', async ({ page, request }) => {
  test.slow(); // a long journey with axe on each of its pages
  const admin = await createCompanyWithAdmin(request);
  await signIn(page, admin);
  await page.goto('/dashboard/users/register');
  await expectAccessible(page);
  const suffix = Math.random().toString(36).slice(2, 8);
  const rut = randomRut();
  const email = `valentina-${suffix}@example.cl`;
  await page.getByRole('textbox', { name: /^Nombre/ }).fill('Valentina');
  await page.getByRole('textbox', { name: /^Apellidos/ }).fill('Soto Parra');
  await page.getByRole('textbox', { name: /^RUT/ }).fill(rut);
  await page.getByRole('textbox', { name: /^Cargo/ }).fill('Cajera');
  await page.getByRole('textbox', { name: /^Correo electrónico/ }).fill(email);
  await page.getByRole('textbox', { name: /^Horas semanales/ }).fill('42');
  await page.getByRole('textbox', { name: /^Inicio de contrato/ }).fill('05-01-2026');
  await page.getByRole('textbox', { name: /^Inicio de contrato/ }).press('Tab');
  // A cashier moved to a store open on Sundays in March: excepted from Sunday rest (art. 38) from that date on.
  await page.getByRole('switch', { name: /^Exceptuado del descanso dominical/ }).check();
  await page.getByRole('textbox', { name: /^Exceptuado desde/ }).fill('02-03-2026');
  await page.getByRole('textbox', { name: /^Exceptuado desde/ }).press('Tab');
  await expect(page.getByRole('textbox', { name: /^Exceptuado hasta/ })).toHaveValue('');
  await page.getByRole('switch', { name: /^Exceptuado del descanso dominical/ }).scrollIntoViewIfNeeded();
  await shootBothSizes(page, test.info().outputPath('screens'), 'user-sunday-exception', { fullPage: false });
  await page.getByRole('button', { name: 'Registrar usuario' }).click();
  await expect(page.getByRole('link', { name: /Ver ficha de Valentina/ })).toBeVisible();
  await expectAccessible(page);

  const mail = decodeQuotedPrintable(await waitForMail(email));
  const link = /https?:\/\/[^\s"<>]+\/reset-password\/[A-Za-z0-9_-]+/.exec(mail)?.[0];
  expect(link).toBeTruthy();
  await page.getByRole('button', { name: 'Cerrar sesión' }).click();
  await page.goto(new URL(link!).pathname);
  await expect(page.getByLabel('Nueva contraseña')).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('Nueva contraseña').fill('Valentina-clave-2026');
  await page.getByLabel('Repetir contraseña').fill('Valentina-clave-2026');
  await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
  await expect(page.getByRole('link', { name: /iniciar sesión|ingresar/i }).first()).toBeVisible();
  await signIn(page, { rut, password: 'Valentina-clave-2026' });
  await expect(page.getByRole('main')).toContainText('Valentina');
  await expectAccessible(page);
});

test('a leader assigned to a group sees that group and its members only', async ({ page, request }) => {
  test.slow(); // a long journey with axe on each of its pages
  const admin = await createCompanyWithAdmin(request);
  const headers = await apiSession(request, admin);
  const leader = await createUser(request, headers, { nombre: 'Rodrigo', apellidos: 'Paredes Lagos', perfil: 'supervisor' });
  const member = await createUser(request, headers, { nombre: 'Fernanda', apellidos: 'Ibáñez Rojas' });
  const other = await createGroup(request, headers, 'Bodega Norte');
  await createUser(request, headers, { nombre: 'Ignacio', apellidos: 'Fuentes Vidal', grupoId: other.id });

  await signIn(page, admin);
  await page.goto('/dashboard/group');
  await expect(page.getByText('Bodega Norte').first()).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Nuevo grupo' }).click();
  await expect(page.getByRole('textbox', { name: /^Nombre del grupo/ })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('textbox', { name: /^Nombre del grupo/ }).fill('Cajas Mall Plaza');
  await page.getByRole('button', { name: 'Crear grupo' }).click();
  await expect(page.getByText('Cajas Mall Plaza').first()).toBeVisible();

  const groups = (await (await request.get('/api/v1/grupos?q=Cajas', { headers })).json()) as { items: { id: string }[] };
  const groupId = groups.items[0]!.id;
  await page.goto(`/dashboard/group/edit?id=${groupId}`);
  await page.getByRole('searchbox', { name: 'Buscar personas' }).fill('Fernanda');
  await page.getByRole('checkbox', { name: /Seleccionar a Fernanda .*para agregar/ }).check();
  await page.getByRole('button', { name: /Agregar seleccionados \(1\)/ }).click();
  await expect(page.getByRole('table', { name: /Integrantes de Cajas Mall Plaza/ })).toContainText('Fernanda');
  await expectAccessible(page);

  await page.goto(`/dashboard/group/assignment-leaders?id=${groupId}`);
  await expect(page.getByRole('combobox', { name: /Líderes del grupo/ })).toBeVisible();
  await expectAccessible(page);
  await pickOption(page, 'Líderes del grupo', /Rodrigo/);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Guardar líderes' }).click();
  await expect
    .poll(async () => ((await (await request.get(`/api/v1/grupos/${groupId}`, { headers })).json()) as { lideres: { id: string }[] }).lideres.map((l) => l.id))
    .toEqual([leader.id]);

  await page.getByRole('button', { name: 'Cerrar sesión' }).click();
  await signIn(page, leader);
  await page.goto('/dashboard/group');
  await expect(page.getByText('Cajas Mall Plaza').first()).toBeVisible();
  await expect(page.getByText('Bodega Norte')).toHaveCount(0);
  await expectAccessible(page);
  await page.goto('/dashboard/users');
  await expect(page.getByRole('table', { name: 'Usuarios' })).toContainText('Fernanda');
  await expect(page.getByRole('table', { name: 'Usuarios' })).not.toContainText('Ignacio');
  await expectAccessible(page);
  expect(member.id).toBeTruthy();
});

test('leaders are assigned to several groups at once after a preview', async ({ page, request }) => {
  test.slow(); // a long journey with axe on each of its pages
  const admin = await createCompanyWithAdmin(request);
  const headers = await apiSession(request, admin);
  const leader = await createUser(request, headers, { nombre: 'Macarena', apellidos: 'Toro Sepúlveda', perfil: 'supervisor' });
  const a = await createGroup(request, headers, 'Turno Mañana');
  const b = await createGroup(request, headers, 'Turno Tarde');
  const c = await createGroup(request, headers, 'Turno Noche');

  await signIn(page, admin);
  await page.goto('/dashboard/group/assignment-masiva');
  await expect(page.getByRole('checkbox', { name: 'Elegir Turno Noche' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('checkbox', { name: 'Elegir Turno Mañana' }).check();
  await page.getByRole('checkbox', { name: 'Elegir Turno Tarde' }).check();
  await pickOption(page, 'Líderes', /Macarena/);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Revisar cambios' }).click();
  const changes = page.getByRole('table', { name: 'Cambios por grupo' });
  await expect(changes).toContainText('Turno Mañana');
  await expect(changes).toContainText('Turno Tarde');
  await expect(changes).not.toContainText('Turno Noche');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Confirmar asignación' }).click();

  const leadersOf = async (id: string) =>
    ((await (await request.get(`/api/v1/grupos/${id}`, { headers })).json()) as { lideres: { id: string }[] }).lideres.map((l) => l.id);
  await expect.poll(() => leadersOf(a.id)).toEqual([leader.id]);
  expect(await leadersOf(b.id)).toEqual([leader.id]);
  expect(await leadersOf(c.id)).toEqual([]);
});

test('a bulk user upload with one bad row writes nothing, and the fixed file registers everyone', async ({ page, request }) => {
  test.slow(); // a long journey with axe on each of its pages
  const admin = await createCompanyWithAdmin(request);
  const headers = await apiSession(request, admin);
  const suffix = Math.random().toString(36).slice(2, 8);
  const good = randomRut();
  const header = 'RUT;Nombre;Apellidos;Correo;Horas semanales;Inicio contrato';
  const rows = (secondRut: string) =>
    [header, `${good};Tomás;Reyes Vera;tomas-${suffix}@example.cl;42;05-01-2026`, `${secondRut};Josefa;Lagos Peña;josefa-${suffix}@example.cl;42;2026-01-05`].join('\n');

  await signIn(page, admin);
  await page.goto('/dashboard/users/register?tab=masivo');
  await expect(page.locator('input[type=file][name=archivo]')).toBeAttached();
  await expectAccessible(page);
  await page.locator('input[type=file][name=archivo]').setInputFiles({ name: 'usuarios.csv', mimeType: 'text/csv', buffer: Buffer.from(rows('12.345.678-9')) });
  const errors = page.getByRole('table', { name: 'Errores por fila' });
  await expect(errors).toBeVisible();
  await expect(errors).toContainText('RUT');
  await expect(page.getByRole('button', { name: 'Confirmar carga' })).toBeDisabled();
  await expectAccessible(page);
  const before = (await (await request.get(`/api/v1/usuarios?q=${encodeURIComponent('Reyes Vera')}`, { headers })).json()) as { total: number };
  expect(before.total).toBe(0);

  const fixedRut = randomRut();
  await page.locator('input[type=file][name=archivo]').setInputFiles({ name: 'usuarios.csv', mimeType: 'text/csv', buffer: Buffer.from(rows(fixedRut)) });
  await expect(page.getByRole('table', { name: /Vista previa de usuarios/ })).toContainText('Josefa');
  await page.getByRole('button', { name: 'Confirmar carga' }).click();
  await expect(page.getByText('Carga completada')).toBeVisible();
  await expectAccessible(page);
  const after = (await (await request.get('/api/v1/usuarios?pageSize=100', { headers })).json()) as { items: { nombre: string }[] };
  expect(after.items.map((u) => u.nombre)).toEqual(expect.arrayContaining(['Tomás', 'Josefa']));
});
