import { expect, test, type Page } from '@playwright/test';
import { apiSession, createCompanyWithAdmin, createGroup, createUser, signInWithToken } from '../support/fixtures';

/**
 * On a phone (390×844) no page of any perfil scrolls sideways: each page its menu offers, loaded by its
 * URL, is as wide as the window, so the header's bell and search stay on screen. Wide tables scroll inside
 * their own region. The pages come from the menu each perfil sees, so a new page is checked once it is
 * offered.
 */

test.use({ viewport: { width: 390, height: 844 } });

const PERFILES = ['administrador', 'supervisor', 'trabajador', 'fiscalizador'] as const;

/** Every private page the perfil's menu links to, its sections opened. */
async function menuPages(page: Page): Promise<string[]> {
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Abrir menú' }).click();
  const nav = page.getByRole('navigation', { name: 'Navegación principal' });
  // The drawer draws its links as it opens: read them once the first one is there.
  await expect(nav.locator('a[href^="/dashboard"]').first()).toBeVisible();
  // A section's links are drawn only while it is open.
  for (const button of await nav.getByRole('button').all()) {
    if ((await button.textContent())?.includes('Cerrar sesión')) continue;
    if ((await button.getAttribute('data-expanded')) === null) await button.click();
  }
  const hrefs = await nav.locator('a[href^="/dashboard"]').evaluateAll((links) => links.map((a) => a.getAttribute('href')!));
  return [...new Set(['/dashboard', ...hrefs])];
}

/** The outermost elements past the window's right edge, named; empty when the page is as wide as the window. */
function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    document.documentElement.scrollWidth <= window.innerWidth
      ? []
      : Array.from(document.querySelectorAll('body *'))
          .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1)
          .filter((e) => !(e.parentElement && e.parentElement.getBoundingClientRect().right > window.innerWidth + 1))
          .slice(0, 6)
          .map((e) => `${e.tagName.toLowerCase()}.${String(e.className).slice(0, 50)} ${Math.round(e.getBoundingClientRect().right)}px`),
  );
}

for (const perfil of PERFILES) {
  test(`${perfil}: no page scrolls sideways at 390 px`, async ({ page, request }) => {
    test.setTimeout(240_000);
    const admin = await createCompanyWithAdmin(request);
    const headers = await apiSession(request, admin);
    let token = (headers.Authorization ?? '').replace(/^Bearer /, '');
    const group = await createGroup(request, headers, 'Sala de ventas');
    const worker = await createUser(request, headers, { nombre: 'Ignacio', apellidos: 'Ancho Soto', grupoId: group.id });
    const pages: string[] = [`/dashboard/users/${worker.id}`];
    if (perfil !== 'administrador') {
      const person = perfil === 'trabajador' ? worker : await createUser(request, headers, { nombre: 'Carla', apellidos: 'Pantalla Rojas', perfil });
      if (perfil === 'supervisor') {
        const led = await request.put(`/api/v1/grupos/${group.id}/lideres`, { headers, data: { liderIds: [person.id] } });
        expect(led.ok(), await led.text()).toBeTruthy();
      }
      token = ((await apiSession(request, person)).Authorization ?? '').replace(/^Bearer /, '');
      if (perfil === 'trabajador') pages.pop();
    }
    await signInWithToken(page, token);
    pages.unshift(...(await menuPages(page)));
    expect(pages.length, 'el menú no ofrece páginas').toBeGreaterThan(2);
    const problems: string[] = [];
    for (const path of pages) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first(), path).toBeVisible({ timeout: 20_000 });
      await expect(page.locator('[aria-busy="true"]'), path).toHaveCount(0, { timeout: 20_000 });
      const wide = await overflowing(page);
      if (wide.length > 0) problems.push(`${path}: ${wide.join(', ')}`);
    }
    test.info().annotations.push({ type: 'páginas revisadas', description: String(pages.length) });
    expect(problems, `páginas más anchas que el teléfono (${pages.length} revisadas)`).toEqual([]);
  });
}
