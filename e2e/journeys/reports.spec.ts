import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import ExcelJS from 'exceljs';
import { apiSession, createCompanyWithAdmin, createUser, expectAccessible, signIn, type CreatedUser } from '../support/fixtures';

/** The worker marks through the API (web marking), as their own session. */
async function markAs(request: APIRequestContext, worker: CreatedUser, tipos: string[]) {
  const headers = await apiSession(request, worker);
  for (const tipo of tipos) {
    const response = await request.post('/api/v1/marcas', { headers, data: { tipo, idCliente: randomUUID() } });
    expect(response.status(), await response.text()).toBe(201);
  }
}

test('marks report: the administrator filters by a worker, reads their block with each mark verified, and downloads the Excel', async ({ page, request }) => {
  test.slow(); // a company, marks and a page with two axe checks on a shared machine
  const admin = await createCompanyWithAdmin(request);
  const headers = await apiSession(request, admin);
  const renata = await createUser(request, headers, { nombre: 'Renata', apellidos: 'Informe Marcas' });
  const diego = await createUser(request, headers, { nombre: 'Diego', apellidos: 'Otro Bloque' });
  await markAs(request, renata, ['entrada', 'salida']);
  await markAs(request, diego, ['entrada']);

  await signIn(page, admin);
  const nav = page.getByRole('navigation', { name: 'Navegación principal' });
  await nav.getByRole('button', { name: 'Reportes' }).click();
  await nav.getByRole('link', { name: 'Marcas' }).click();
  await expect(page).toHaveURL(/\/dashboard\/reports\/brand$/);
  await expect(page.getByRole('heading', { name: 'Reporte de marcas', level: 1 })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('region', { name: 'Renata Informe Marcas' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Diego Otro Bloque' })).toBeVisible();
  await expect(page.getByText('2 trabajadores · 3 marcas · 0 marcas alteradas')).toBeVisible();
  await expectAccessible(page);

  // Filter by the worker: only her block remains.
  await page.getByRole('combobox', { name: 'Trabajador' }).click();
  await page.getByRole('combobox', { name: 'Trabajador' }).fill('Renata');
  await page.getByRole('option', { name: `Renata Informe Marcas (${renata.rut})` }).click();
  await expect(page).toHaveURL(new RegExp(`usuarioId=${renata.id}`));
  const block = page.getByRole('region', { name: 'Renata Informe Marcas' });
  await expect(page.getByRole('region', { name: 'Diego Otro Bloque' })).toHaveCount(0);
  await expect(block).toContainText(`RUT ${renata.rut}`);
  const rows = block.getByRole('table', { name: 'Marcas de Renata Informe Marcas' }).getByRole('row');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1)).toContainText('Entrada');
  await expect(rows.nth(1)).toContainText('Íntegra');
  await expect(rows.nth(2)).toContainText('Salida');
  await expect(rows.nth(2)).toContainText('Íntegra');
  await expect(page.getByText('1 trabajador · 2 marcas · 0 marcas alteradas')).toBeVisible();
  await expectAccessible(page);

  // The Excel has what the screen shows.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exportar Excel' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^reporte-marcas-\d{4}-\d{2}-\d{2}-a-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  const lines: string[] = [];
  workbook.getWorksheet('Marcas')!.eachRow((row) => lines.push((row.values as unknown[]).slice(1).join(' | ')));
  const text = lines.join('\n');
  expect(text).toContain('Reporte de marcas');
  expect(text).toContain(`Renata Informe Marcas · RUT ${renata.rut}`);
  expect(text).toContain(`Filtros: Trabajador: Renata Informe Marcas (${renata.rut})`);
  expect(text).not.toContain('Diego Otro Bloque');
  expect(lines.filter((line) => line.startsWith('1 | ') || line.startsWith('2 | '))).toHaveLength(2);
  expect(lines.filter((line) => line.endsWith('| Íntegra'))).toHaveLength(2);
});
