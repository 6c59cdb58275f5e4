import { expect, test } from '@playwright/test';
import { apiSession, createCompanyWithAdmin, createGroup, createUser, expectAccessible, signIn, waitForPageData } from '../support/fixtures';

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
  await expectAccessible(page);
});

test('a dashboard page that is still loading shows the full-screen loader with the logo', async ({ page, request }) => {
  const admin = await createCompanyWithAdmin(request);
  await page.goto('/');
  // The form's validation is fetched right after the page shows: an empty submit waits for it, so
  // that what is held below is only the dashboard's code.
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page.getByText('Ingresa tu RUT.')).toBeVisible();
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
  await expectAccessible(page);
});

test('the logo of a public page is a link drawn as the logo, not underlined', async ({ page }) => {
  for (const path of ['/group', '/verificar/0000000000000000', '/configuracion', '/fiscalizacion']) {
    await page.goto(path);
    const logo = page.getByRole('link', { name: /^Jornada, ir al inicio/ });
    await expect(logo, path).toBeVisible();
    // A link's underline reaches the wordmark inside it whatever the wordmark says.
    expect(await logo.evaluate((link) => getComputedStyle(link).textDecorationLine), path).toBe('none');
  }
});

test('every page of an administrator\'s navigation passes axe once its data has loaded', async ({ page, request }) => {
  // About 30 pages, each loaded and analysed: a minute on a quiet machine, more on a busy one.
  test.setTimeout(420_000);
  const admin = await createCompanyWithAdmin(request);
  // Lists with a row or two, not only their empty states.
  const headers = await apiSession(request, admin);
  const group = await createGroup(request, headers, 'Sala de ventas');
  await createUser(request, headers, { nombre: 'Ana', apellidos: 'Pérez Muñoz', grupoId: group.id });
  await signIn(page, admin);
  const nav = page.getByRole('navigation', { name: 'Navegación principal' });
  // Open every section so that each of its pages is a link to collect.
  await expect(nav.getByRole('link', { name: 'Inicio' })).toBeVisible();
  const sections = nav.locator('button[aria-expanded]');
  for (let i = 0; i < (await sections.count()); i++) {
    const section = sections.nth(i);
    if ((await section.getAttribute('aria-expanded')) === 'false') await section.click();
    await expect(section).toHaveAttribute('aria-expanded', 'true');
  }
  const paths = [...new Set(await nav.getByRole('link').evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname)))];
  expect(paths.length).toBeGreaterThan(10);
  for (const path of paths) {
    await test.step(path, async () => {
      await page.goto(path);
      // A lazy page's chunk can take a while on a busy machine.
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 30_000 });
      await waitForPageData(page);
      await expectAccessible(page, { soft: true });
    });
  }
});
