import { expect, test } from '@playwright/test';
import { createCompanyWithAdmin, expectAccessible, signIn } from '../support/fixtures';

test('an unknown public path shows the not-found page', async ({ page }) => {
  await page.goto('/esta-ruta-no-existe');
  await expect(page.getByRole('heading', { name: /no encontr/i })).toBeVisible();
  await expectAccessible(page);
});

test('an unknown path inside the dashboard shows the not-found page', async ({ page, request }) => {
  const admin = await createCompanyWithAdmin(request);
  await signIn(page, admin);
  await page.goto('/dashboard/esta-pagina-no-existe');
  await expect(page.getByRole('heading', { name: /no encontr/i })).toBeVisible();
});

test('a dashboard page that is still loading shows the full-screen loader with the logo', async ({ page, request }) => {
  const admin = await createCompanyWithAdmin(request);
  await page.goto('/');
  // Hold every script not yet loaded so the lazy dashboard page cannot arrive at once.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await held;
    await route.continue();
  });
  await page.getByLabel('RUT', { exact: true }).fill(admin.rut);
  await page.getByLabel('Contraseña', { exact: true }).fill(admin.password);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  const loader = page.getByRole('progressbar', { name: /cargando/i });
  await expect(loader).toBeVisible();
  await expect(loader.locator('svg')).toBeVisible();
  release();
  await expect(loader).toBeHidden();
  await expect(page.getByRole('main')).toContainText(admin.nombre);
});

test('the public group page invites a signed-out visitor to sign in', async ({ page }) => {
  await page.goto('/group');
  await expect(page.getByRole('link', { name: /iniciar sesión|ingresar/i })).toBeVisible();
});
