import { expect, test } from '@playwright/test';
import { createCompanyWithAdmin, expectAccessible, signIn, storedToken } from '../support/fixtures';

test('a wrong password keeps the person signed out and says so', async ({ page, request }) => {
  const admin = await createCompanyWithAdmin(request);
  await page.goto('/');
  await expectAccessible(page);
  await page.getByLabel('RUT', { exact: true }).fill(admin.rut);
  await page.getByLabel('Contraseña', { exact: true }).fill('no-es-la-clave');
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page.getByText('RUT o contraseña incorrectos.')).toBeVisible();
  await expectAccessible(page);
  await expect(page).toHaveURL(/\/$/);
  expect(await storedToken(page)).toBeNull();
});

test('the sign-in page says when the server cannot be reached', async ({ page }) => {
  await page.route('**/api/usuarios/auth', (route) => route.abort('connectionrefused'));
  await page.goto('/');
  await page.getByLabel('RUT', { exact: true }).fill('11.111.111-1');
  await page.getByLabel('Contraseña', { exact: true }).fill('cualquier-clave');
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page.getByText('No pudimos conectar con el servidor', { exact: false })).toBeVisible();
  expect(await storedToken(page)).toBeNull();
});

test('signing in shows the user and company, and a reload keeps the session', async ({ page, request }) => {
  const admin = await createCompanyWithAdmin(request);
  await signIn(page, admin);
  expect(await storedToken(page)).toBeTruthy();
  await expect(page.getByRole('main')).toContainText(admin.nombre);
  await expect(page.getByRole('main')).toContainText(admin.razonSocial);
  await expectAccessible(page);
  await page.reload();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('main')).toContainText(admin.nombre);
});

test('a person who works for two companies chooses which one to enter', async ({ page, request }) => {
  const first = await createCompanyWithAdmin(request);
  const second = await createCompanyWithAdmin(request, { rut: first.rut, password: first.password });
  await page.goto('/');
  await page.getByLabel('RUT', { exact: true }).fill(first.rut);
  await page.getByLabel('Contraseña', { exact: true }).fill(first.password);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page.getByText('Trabajas en más de una empresa. ¿A cuál quieres entrar?')).toBeFocused();
  await expect(page.getByRole('list', { name: 'Empresas' }).getByRole('listitem')).toHaveCount(2);
  await expectAccessible(page);
  expect(await storedToken(page)).toBeNull();
  await page.getByRole('button', { name: `Entrar a ${second.razonSocial}` }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('main')).toContainText(second.razonSocial);
  expect(await storedToken(page)).toBeTruthy();
});

test('a private page without a session leads to sign-in and back after it', async ({ page, request }) => {
  const admin = await createCompanyWithAdmin(request);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/$|\/\?/);
  await page.getByLabel('RUT', { exact: true }).fill(admin.rut);
  await page.getByLabel('Contraseña', { exact: true }).fill(admin.password);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('sign-out clears the session and the token stops working', async ({ page, request }) => {
  const admin = await createCompanyWithAdmin(request);
  await signIn(page, admin);
  const token = await storedToken(page);
  await page.getByRole('button', { name: 'Cerrar sesión' }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(await storedToken(page)).toBeNull();
  const profile = await request.post('/api/usuarios/profile', { headers: { Authorization: `Bearer ${token}` }, data: { token } });
  expect(profile.status()).toBe(401);
  await page.goto('/dashboard');
  await expect(page.getByRole('button', { name: 'Ingresar' })).toBeVisible();
});

test('a token the server refuses clears the session', async ({ page }) => {
  await page.addInitScript(() => {
    if (!sessionStorage.getItem('seeded')) {
      localStorage.setItem('token', 'token-que-no-existe');
      sessionStorage.setItem('seeded', '1');
    }
  });
  await page.goto('/dashboard');
  await expect(page.getByRole('button', { name: 'Ingresar' })).toBeVisible();
  expect(await storedToken(page)).toBeNull();
});

test('the session ends by itself two hours after sign-in', async ({ page, request }) => {
  const admin = await createCompanyWithAdmin(request);
  await page.clock.install();
  await signIn(page, admin);
  await page.clock.fastForward('01:59:00');
  await expect(page).toHaveURL(/\/dashboard$/);
  expect(await storedToken(page)).toBeTruthy();
  await page.clock.fastForward('00:01:01');
  await expect(page.getByRole('button', { name: 'Ingresar' })).toBeVisible();
  expect(await storedToken(page)).toBeNull();
});
