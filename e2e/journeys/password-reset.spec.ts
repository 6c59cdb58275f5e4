import { expect, test } from '@playwright/test';
import { createCompanyWithAdmin, decodeQuotedPrintable, expectAccessible, signIn, waitForMail } from '../support/fixtures';

test('a forgotten password is reset through the e-mailed link', async ({ page, request }) => {
  const admin = await createCompanyWithAdmin(request);
  await page.goto('/');
  await page.getByRole('link', { name: '¿Olvidaste tu contraseña?' }).click();
  await expect(page).toHaveURL(/\/forgotpassword$/);
  await expectAccessible(page);
  await page.getByLabel('RUT o correo electrónico').fill(admin.rut);
  await page.getByRole('button', { name: 'Enviar enlace' }).click();
  await expect(page.getByText('Si los datos corresponden a una cuenta', { exact: false })).toBeVisible();
  await expectAccessible(page);

  const mail = decodeQuotedPrintable(await waitForMail(admin.email));
  const link = /https?:\/\/[^\s"<>]+\/reset-password\/[A-Za-z0-9_-]+/.exec(mail)?.[0];
  expect(link, 'el correo trae el enlace de restablecimiento').toBeTruthy();
  await page.goto(new URL(link!).pathname);
  await expect(page.getByLabel('Nueva contraseña')).toBeVisible();
  await expectAccessible(page);
  const newPassword = 'Nueva-clave-2026';
  await page.getByLabel('Nueva contraseña').fill(newPassword);
  await page.getByLabel('Repetir contraseña').fill(newPassword);
  await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
  await expect(page.getByRole('link', { name: /iniciar sesión|ingresar/i })).toBeVisible();
  await expectAccessible(page);

  // The link is single-use.
  await page.goto(new URL(link!).pathname);
  await page.getByLabel('Nueva contraseña').fill('Otra-clave-2026');
  await page.getByLabel('Repetir contraseña').fill('Otra-clave-2026');
  await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
  await expect(page.getByText(/inválido|venció|expir|ya fue usado/i)).toBeVisible();
  await expectAccessible(page);

  const old = await request.post('/api/usuarios/auth', { data: { rut: admin.rut, password: admin.password } });
  expect(old.status()).toBe(401);
  await signIn(page, { rut: admin.rut, password: newPassword });
});
