import { expect, test, type Page } from '@playwright/test';
import { apiSession, createCompanyWithAdmin, createGroup, createUser, expectAccessible, signIn, waitForPageData } from '../support/fixtures';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: false });
}

/** The bottom of the filter bar, in px from the top of the window. */
async function barBottom(page: Page) {
  const box = await page.getByRole('search', { name: 'Buscar y filtrar' }).boundingBox();
  return box ? box.y + box.height : Infinity;
}

test('on a phone the filters of a list fold behind «Filtros (n)»; on a desktop they stay inline', async ({ page, request }) => {
  test.setTimeout(120_000);
  const admin = await createCompanyWithAdmin(request);
  const headers = await apiSession(request, admin);
  const group = await createGroup(request, headers, 'Sala de ventas');
  await createUser(request, headers, { nombre: 'Ignacio', apellidos: 'Filtro Soto', grupoId: group.id });
  await createUser(request, headers, { nombre: 'Renata', apellidos: 'Plegable Pérez' });

  await page.setViewportSize(PHONE);
  await signIn(page, admin);
  await page.goto('/dashboard/users');
  await waitForPageData(page);
  const main = page.getByRole('main');
  const table = main.getByRole('table', { name: 'Usuarios' });
  const toggle = main.getByRole('button', { name: /^Filtros/ });

  // Folded: the search and the button; the selects wait, and the list starts on the first screen.
  await expect(main.getByRole('searchbox', { name: 'Buscar' })).toBeVisible();
  await expect(toggle).toHaveText('Filtros');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(main.getByRole('combobox', { name: 'Grupo' })).toBeHidden();
  await expect(table.getByText('Renata Plegable Pérez')).toBeVisible();
  expect(await barBottom(page), 'la barra de filtros cabe en la primera pantalla con espacio para la lista').toBeLessThan(PHONE.height / 2);
  await shoot(page, 'users-390-folded');

  // Opened in place: the filters, usable; choosing one counts it and filters the list.
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(page.locator(`[id="${await toggle.getAttribute('aria-controls')}"]`)).toBeVisible();
  const grupo = main.getByRole('combobox', { name: 'Grupo' });
  await expect(grupo).toBeVisible();
  await grupo.click();
  await page.getByRole('option', { name: 'Sala de ventas' }).click();
  await expect(page).toHaveURL(/grupoId=/);
  await expect(toggle).toHaveText('Filtros (1)');
  await expect(table.getByText('Ignacio Filtro Soto')).toBeVisible();
  await expect(table.getByText('Renata Plegable Pérez')).toBeHidden();
  await expectAccessible(page);
  await shoot(page, 'users-390-open');

  // «Limpiar filtros» clears them and gives the focus back to the button.
  await main.getByRole('button', { name: 'Limpiar filtros' }).click();
  await expect(toggle).toHaveText('Filtros');
  await expect(toggle).toBeFocused();
  await expect(table.getByText('Renata Plegable Pérez')).toBeVisible();

  // A reload with a filter in the URL shows the count while folded.
  await page.goto('/dashboard/users?activo=true&perfil=trabajador');
  await waitForPageData(page);
  await expect(toggle).toHaveText('Filtros (2)');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');

  // On a desktop every filter is inline, no button.
  await page.setViewportSize(DESKTOP);
  await expect(main.getByRole('combobox', { name: 'Grupo' })).toBeVisible();
  await expect(main.getByRole('combobox', { name: 'Perfil' })).toHaveValue('Trabajador');
  await expect(main.getByRole('button', { name: /^Filtros/ })).toHaveCount(0);
  await shoot(page, 'users-1366');
});

test('the other lists fold their filters on a phone and keep in sight what the page is about', async ({ page, request }) => {
  test.setTimeout(240_000);
  const admin = await createCompanyWithAdmin(request);
  const headers = await apiSession(request, admin);
  const group = await createGroup(request, headers, 'Bodega');
  await createUser(request, headers, { nombre: 'Tomas', apellidos: 'Lista Rojas', grupoId: group.id });
  await page.setViewportSize(PHONE);
  await signIn(page, admin);
  const main = page.getByRole('main');

  // Other lists: what the page is about (the day, the month, the legal report) stays in sight, the rest folds.
  for (const [path, name, pinned] of [
    ['/dashboard/assists', 'assists', 'Fecha'],
    ['/dashboard/inconsistencies', 'inconsistencies', null],
    ['/dashboard/reports/attendance', 'report-attendance', null],
    ['/dashboard/remunerations', 'remunerations', 'Mes'],
    ['/dashboard/marking-attempts', 'marking-attempts', null],
    ['/dashboard/reports/legal', 'legal', 'Reporte'],
    ['/dashboard/planning', 'planning', null],
  ] as const) {
    await page.setViewportSize(PHONE);
    await page.goto(path);
    await waitForPageData(page);
    await expect(main.getByRole('button', { name: /^Filtros/ }), path).toHaveAttribute('aria-expanded', 'false');
    if (pinned) await expect(main.getByLabel(pinned, { exact: true }).first(), `${path}: ${pinned}`).toBeVisible();
    await shoot(page, `${name}-390-folded`);
    await main.getByRole('button', { name: /^Filtros/ }).click();
    await expect(main.getByRole('group', { name: 'Filtros' })).toBeVisible();
    await shoot(page, `${name}-390-open`);
    await page.setViewportSize(DESKTOP);
    await expect(main.getByRole('button', { name: /^Filtros/ })).toHaveCount(0);
    await shoot(page, `${name}-1366`);
  }
});
