import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { apiSession, createCompanyWithAdmin, createGroup, createUser, expectAccessible, signIn } from '../support/fixtures';

/** `aaaa-mm-dd` of today in Santiago (the sites' default zone). */
const todayInSantiago = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Santiago', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const clDate = (date: string) => date.split('-').reverse().join('/');

async function download(page: Page, label: string) {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: label }).click()]);
  return file;
}

test('management reports: the administrator opens the six reports, filters, reads the figures and exports Excel, CSV and PDF', async ({ page, request }) => {
  test.slow(); // a company, two workers, a plan in the past, six pages and three downloads
  const admin = await createCompanyWithAdmin(request);
  const headers = await apiSession(request, admin);
  const ventas = await createGroup(request, headers, 'Ventas Reportes');
  const renata = await createUser(request, headers, { nombre: 'Renata', apellidos: 'Reportes Gestión', grupoId: ventas.id });
  const tomas = await createUser(request, headers, { nombre: 'Ignacio', apellidos: 'Sin Grupo' });
  const shift = await request.post('/api/v1/turnos', {
    headers,
    data: { nombre: 'Diurno', codigo: 'D', color: '#2b8a3e', inicio: '08:00', fin: '17:00', colacion: { tipo: 'fija', inicio: '13:00', fin: '14:00' } },
  });
  expect(shift.status(), await shift.text()).toBe(201);
  const { id: turnoId } = (await shift.json()) as { id: string };

  // A closed week two weeks back: Renata planned Monday to Wednesday (no marks), on an approved P.G.R. on Tuesday; Ignacio on Monday.
  const today = todayInSantiago();
  const weekday = (new Date(`${today}T12:00:00Z`).getUTCDay() + 6) % 7;
  const monday = addDays(today, -weekday - 14);
  const sunday = addDays(monday, 6);
  const plan = async (userId: string, date: string) => {
    const response = await request.put(`/api/v1/planificaciones/${userId}/${date}`, { headers, data: { tipo: 'turno', turnoId, motivo: 'Planificación de prueba' } });
    expect(response.ok(), await response.text()).toBeTruthy();
  };
  for (const offset of [0, 1, 2]) await plan(renata.id, addDays(monday, offset));
  await plan(tomas.id, monday);
  const types = (await (await request.get('/api/v1/tipos-permiso', { headers })).json()) as { items: { id: string; codigo: string }[] };
  const pgr = types.items.find((type) => type.codigo === 'P.G.R.')!;
  const permission = await request.post('/api/v1/permisos', { headers, data: { usuarioId: renata.id, tipoId: pgr.id, desde: addDays(monday, 1), hasta: addDays(monday, 1) } });
  expect(permission.status(), await permission.text()).toBe(201);

  await signIn(page, admin);
  const nav = page.getByRole('navigation', { name: 'Navegación principal' });
  await nav.getByRole('button', { name: 'Reportes' }).click();
  await nav.getByRole('link', { name: 'Asistencia', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/reports\/attendance$/);
  await expect(page.getByRole('heading', { name: 'Reporte de asistencia', level: 1 })).toBeVisible();
  // Every filter at once.
  for (const label of ['Periodo', 'Trabajador', 'Grupo', 'Sede', 'Cargo', 'Turno']) await expect(page.getByRole('combobox', { name: label })).toBeVisible();
  for (const label of ['Desde', 'Hasta']) await expect(page.getByLabel(label, { exact: true }).first()).toBeVisible();

  await page.goto(`/dashboard/reports/attendance?desde=${monday}&hasta=${sunday}`);
  const table = page.getByRole('table', { name: 'Reporte de asistencia' });
  const renataRow = table.getByRole('row').filter({ hasText: 'Renata Reportes Gestión' });
  // Días planificados 3, presentes 0, con atraso 0, ausencias injustificadas 2, con permiso 1, incompletos 0, 24 h planned.
  // The first read brings the week's stored days up to date: give it the time a loaded machine needs.
  await expect(renataRow).toContainText('Ventas Reportes', { timeout: 30_000 });
  await expect(renataRow.getByRole('cell')).toHaveText(['Renata Reportes Gestión', renata.rut, 'Ventas Reportes', /.*/, '3', '0', '0', '2', '1', '0', '24:00:00', '0:00:00', '0:00:00', /Ver detalle/]);
  await expect(page.getByRole('region', { name: 'Totales del periodo' })).toContainText('Ausencias injustificadas3');
  await expect(page.getByRole('heading', { name: 'Asistencia por día' })).toBeVisible();
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.screenshot({ path: test.info().outputPath('asistencia-1366.png'), fullPage: true });
  await expectAccessible(page);

  // The day-by-day detail of a row.
  await renataRow.getByRole('button', { name: /Ver el detalle de Renata/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('row')).toHaveCount(8);
  await expect(dialog.getByRole('row').filter({ hasText: clDate(addDays(monday, 1)) })).toContainText('Permiso P.G.R.');
  await dialog.getByRole('button', { name: 'Cerrar' }).click();

  // Sorting by a column goes to the server; filtering by group leaves Renata alone.
  await table.getByRole('button', { name: 'Ausencias injustificadas' }).click();
  await expect(page).toHaveURL(/sort=ausenciasInjustificadas/);
  await page.getByRole('combobox', { name: 'Grupo' }).click();
  await page.getByRole('option', { name: 'Ventas Reportes' }).click();
  await expect(page).toHaveURL(new RegExp(`grupoId=${ventas.id}`));
  await expect(table.getByRole('row').filter({ hasText: 'Ignacio Sin Grupo' })).toHaveCount(0);
  await expect(renataRow).toBeVisible();

  // The files have the screen's rows and figures.
  const csv = await download(page, 'Exportar CSV');
  expect(csv.suggestedFilename()).toBe(`reporte-asistencia-${monday}-a-${sunday}.csv`);
  const lines = (await readFile(await csv.path(), 'utf8')).replace(/^\uFEFF/, '').trim().split('\r\n');
  expect(lines).toHaveLength(3);
  const renataCsv = lines[1]!.split(';');
  expect(renataCsv.slice(0, 3)).toEqual(['Renata Reportes Gestión', renata.rut, 'Ventas Reportes']);
  expect(renataCsv.slice(4)).toEqual(['3', '0', '0', '2', '1', '0', '24:00:00', '0:00:00', '0:00:00']);
  expect(lines[2]).toMatch(/^Total del periodo;;;;3;0;0;2;1;0;24:00:00;/);
  const xlsx = await download(page, 'Exportar Excel');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await xlsx.path());
  const rows: string[][] = [];
  workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v)))));
  expect(rows.filter((r) => r[0] === 'Renata Reportes Gestión')).toHaveLength(1);
  expect(rows.find((r) => r[0] === 'Renata Reportes Gestión')!.slice(4, 10)).toEqual(['3', '0', '0', '2', '1', '0']);
  expect(rows.some((r) => r[0] === 'Ignacio Sin Grupo')).toBe(false);
  expect(rows.filter((r) => r[1] === clDate(monday))).toHaveLength(1);
  expect(rows.at(-1)![0]).toBe('Total del periodo');
  const pdf = await download(page, 'Exportar PDF');
  const bytes = await readFile(await pdf.path());
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  expect(pdf.suggestedFilename()).toBe(`reporte-asistencia-${monday}-a-${sunday}.pdf`);

  // The other five reports over the same week.
  const period = `desde=${monday}&hasta=${sunday}`;
  await page.goto(`/dashboard/reports/absences?${period}`);
  await expect(page.getByRole('heading', { name: 'Reporte de ausencias', level: 1 })).toBeVisible();
  const absences = page.getByRole('table', { name: 'Reporte de ausencias' });
  await expect(absences.getByRole('row').filter({ hasText: 'Renata Reportes Gestión' })).toContainText('16:00:00');
  await expect(absences.getByRole('row').filter({ hasText: 'Ignacio Sin Grupo' })).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath('ausencias-390.png'), fullPage: true });
  await page.setViewportSize({ width: 1366, height: 900 });

  await page.goto(`/dashboard/reports/assigned-permissions?${period}`);
  await expect(page.getByRole('heading', { name: 'Reporte de permisos asignados', level: 1 })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Reporte de permisos asignados' }).getByRole('row').filter({ hasText: 'Renata Reportes Gestión' })).toBeVisible();

  for (const [path, title] of [
    ['arrears', 'Reporte de atrasos'],
    ['extra-time', 'Reporte de horas extra'],
  ] as const) {
    await page.goto(`/dashboard/reports/${path}?${period}`);
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    await expect(page.getByText('No hay trabajadores que coincidan con la selección')).toBeVisible();
  }

  await page.goto(`/dashboard/reports/endowment?${period}`);
  await expect(page.getByRole('heading', { name: 'Reporte de dotación', level: 1 })).toBeVisible();
  const endowment = page.getByRole('table', { name: 'Reporte de dotación' }).getByRole('row').filter({ hasText: 'Ventas Reportes' });
  await expect(endowment.getByRole('cell').nth(3)).toHaveText('1');
  await expect(endowment.getByRole('cell').nth(4)).toHaveText('3');
  await expect(page.getByRole('heading', { name: 'Planificados y presentes por día' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('dotacion-1366.png'), fullPage: true });
  await expectAccessible(page);
});
