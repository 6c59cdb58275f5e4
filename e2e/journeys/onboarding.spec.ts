import { expect, test, type Page } from '@playwright/test';
import { decodeQuotedPrintable, expectAccessible, randomRut, signIn, waitForMail } from '../support/fixtures';

// The spec's dialog texts; sweetalert2 shows the first words as the title and the rest below.
const COMPANY_OK = ['¡Registro exitoso!', 'Datos de la empresa registrados correctamente. Presiona Continuar para agregar al usuario administrador.'];
const USER_OK = ['¡Registro exitoso!', 'Datos del Usuario registrados correctamente.'];
const BAD_DATA = ['Oops...', 'Hay un error en la data ingresada. Inténtalo de nuevo.'];
const NETWORK = ['Oops...', 'Algo salió mal! Inténtalo más tarde.'];

async function expectDialog(page: Page, [title, text]: string[]) {
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: title })).toBeVisible();
  await expect(dialog).toContainText(text!);
  return dialog;
}

test('a company registers, adds its administrator and that administrator signs in', async ({ page }) => {
  // Three forms, two dialogs and a sign-in: more than a minute on a loaded machine.
  test.setTimeout(120_000);
  const suffix = Math.random().toString(36).slice(2, 8);
  const razonSocial = `Panadería El Trigal ${suffix} Ltda.`;
  await page.goto('/configuracion');
  await expect(page.getByRole('heading', { name: 'Datos Empresa' })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('Nombre', { exact: true }).fill('Panadería El Trigal');
  await page.getByLabel('RUT empresa').fill(randomRut(76_000_000, 77_999_999));
  await page.getByLabel('Dirección').fill('San Diego 1020, Santiago');
  await page.getByLabel('Teléfono').fill('+56 2 2555 1234');
  await page.getByLabel('Correo electrónico').fill(`contacto-${suffix}@eltrigal.cl`);
  await page.getByLabel('Rubro').fill('Panadería');
  await page.getByLabel('Razón social').fill(razonSocial);
  await page.getByLabel('Comentario').fill('Dos locales en Santiago centro.');
  await page.getByRole('button', { name: 'Registrar empresa' }).click();

  const dialog = await expectDialog(page, COMPANY_OK);
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Continuar' }).click();
  await expect(page).toHaveURL(/\/configuracion-usuario$/);
  await expect(page.getByRole('heading', { name: 'Datos Usuario Principal' })).toBeVisible();
  await expectAccessible(page);

  const rut = randomRut();
  const password = `Trigal-${suffix}-2026`;
  await page.getByLabel('Nombre', { exact: true }).fill('Joaquín');
  await page.getByLabel('Apellidos').fill('Fuentes Araya');
  await page.getByLabel('Cargo').fill('Gerente general');
  await page.getByLabel('RUT', { exact: true }).fill(rut);
  const passwordInput = page.getByLabel('Contraseña', { exact: true });
  await passwordInput.fill(password);
  await expect(passwordInput).toHaveAttribute('type', 'password');
  await page.getByLabel('Correo electrónico').fill(`joaquin-${suffix}@eltrigal.cl`);
  await page.getByLabel('Dirección').fill('San Diego 1020, Santiago');
  await page.getByLabel('Razón social').fill(razonSocial);
  await page.getByLabel('Teléfono').fill('+56 9 5555 1234');
  await page.getByLabel('Inicio de contrato').fill('02-03-2026');
  await page.getByLabel('Inicio de contrato').press('Tab');
  await page.getByRole('button', { name: 'Registrar usuario' }).click();

  await expectDialog(page, USER_OK);
  await page.getByRole('dialog').getByRole('button').first().click();
  await expect(page).toHaveURL(/\/configuracion-usuario$/);
  await expect(page.getByLabel('Apellidos')).toHaveValue('');
  await expect(page.getByLabel('RUT', { exact: true })).toHaveValue('');

  await signIn(page, { rut, password });
  await expect(page.getByRole('main')).toContainText('Joaquín');
  await expect(page.getByRole('main')).toContainText(razonSocial);

  // Until the company's e-mail is confirmed, its invitations wait and the home says so.
  const companyEmail = `contacto-${suffix}@eltrigal.cl`;
  const banner = page.getByRole('status').filter({ hasText: 'Falta confirmar el correo de la empresa' });
  await expect(banner).toContainText(`Confirma el correo de la empresa (${companyEmail}) para enviar las invitaciones pendientes.`);
  await expect(banner.getByRole('button', { name: 'Reenviar correo de confirmación' })).toBeVisible();
  const mail = decodeQuotedPrintable(await waitForMail(companyEmail));
  expect(mail).toMatch(/^Subject: Confirma el correo de tu empresa en Jornada$/m);
  const token = /\/confirmar-correo\/([A-Za-z0-9_-]+)/.exec(mail)![1]!;
  await page.goto(`/confirmar-correo/${token}`);
  await expect(page.getByRole('heading', { name: 'Confirma el correo de la empresa' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Confirmar correo' }).click();
  await expect(page.getByRole('heading', { name: 'Correo confirmado' })).toBeVisible();
  await expect(page.getByRole('status')).toContainText(`${companyEmail} quedó confirmado como el correo de la empresa.`);
  await page.goto('/dashboard');
  await expect(page.getByRole('main')).toContainText('Joaquín');
  await expect(page.getByText('Falta confirmar el correo de la empresa')).toHaveCount(0);
});

test('the company form shows the bad-data dialog and keeps what was typed', async ({ page }) => {
  await page.goto('/configuracion');
  await page.getByLabel('Nombre', { exact: true }).fill('Empresa con RUT malo');
  await page.getByLabel('RUT empresa').fill('12.345.678-9');
  await page.getByLabel('Razón social').fill('RUT Malo SpA');
  await page.getByRole('button', { name: 'Registrar empresa' }).click();
  await expectDialog(page, BAD_DATA);
  await expectAccessible(page);
  await page.getByRole('dialog').getByRole('button').first().click();
  await expect(page).toHaveURL(/\/configuracion$/);
  await expect(page.getByLabel('RUT empresa')).toHaveValue('12.345.678-9');
});

test('the company form shows the network dialog when the server cannot be reached', async ({ page }) => {
  await page.route('**/api/empresa/crear', (route) => route.abort('connectionrefused'));
  await page.goto('/configuracion');
  await page.getByLabel('Nombre', { exact: true }).fill('Sin red');
  await page.getByRole('button', { name: 'Registrar empresa' }).click();
  await expectDialog(page, NETWORK);
});

test('the user form shows both failure dialogs', async ({ page }) => {
  await page.goto('/configuracion-usuario');
  await expect(page.getByRole('heading', { name: 'Datos Usuario Principal' })).toBeVisible();
  await page.getByLabel('Nombre', { exact: true }).fill('Sin empresa');
  await page.getByRole('button', { name: 'Registrar usuario' }).click();
  await expectDialog(page, BAD_DATA);
  await page.getByRole('dialog').getByRole('button').first().click();

  await page.route('**/api/usuarios/crear', (route) => route.abort('connectionrefused'));
  await page.getByRole('button', { name: 'Registrar usuario' }).click();
  await expectDialog(page, NETWORK);
});
