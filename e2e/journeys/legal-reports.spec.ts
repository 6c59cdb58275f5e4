import { expect, test, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { readFile } from 'node:fs/promises';
import yauzl from 'yauzl';
import { apiSession, createCompanyWithAdmin, createUser, decodeQuotedPrintable, expectAccessible, randomRut, signIn, waitForMail } from '../support/fixtures';

/** `aaaa-mm-dd` of today in Chile, moved by `days`. */
function chileDate(days = 0): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Santiago', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The text of one entry of a zip file (docx). */
function zipEntry(path: string, name: string): Promise<string> {
  return new Promise((resolve, reject) => {
    yauzl.open(path, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error);
      zip.on('entry', (entry: yauzl.Entry) => {
        if (entry.fileName !== name) return zip.readEntry();
        zip.openReadStream(entry, (err, stream) => {
          if (err || !stream) return reject(err);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
        });
      });
      zip.on('end', () => reject(new Error(`${name} no está en el archivo`)));
      zip.readEntry();
    });
  });
}

async function download(page: Page, label: string) {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: label }).click()]);
  return { name: file.suggestedFilename(), path: (await file.path())! };
}

test('legal reports: the administrator opens b) for a worker and downloads Word, Excel and PDF; the inspector opens a legal report and it is logged', async ({ page, request, browser }) => {
  test.setTimeout(240_000);
  const admin = await createCompanyWithAdmin(request);
  const headers = await apiSession(request, admin);
  const company = await (await request.get('/api/v1/empresa', { headers })).json();
  const worker = await createUser(request, headers, { nombre: 'Renato', apellidos: 'Vergara Soto' });
  const shift = await request.post('/api/v1/turnos', {
    headers,
    data: { codigo: 'D', nombre: 'Diurno', color: '#228be6', inicio: '08:00', fin: '17:00', colacion: { tipo: 'fija', inicio: '13:00', fin: '14:00' }, toleranciaAtrasoMin: 5, toleranciaSalidaMin: 5 },
  });
  expect(shift.status(), await shift.text()).toBe(201);
  const { id: turnoId } = (await shift.json()) as { id: string };
  for (const days of [-3, -2, -1]) {
    const planned = await request.put(`/api/v1/planificaciones/${worker.id}/${chileDate(days)}`, { headers, data: { tipo: 'turno', turnoId, motivo: 'Planificación de la semana' } });
    expect(planned.ok(), await planned.text()).toBeTruthy();
  }

  // The administrator: Reportes → Reportes legales, report b) for the worker over the last week.
  await signIn(page, admin);
  await page.setViewportSize({ width: 1366, height: 900 });
  const nav = page.getByRole('navigation', { name: 'Navegación principal' });
  await nav.getByText('Reportes', { exact: true }).click();
  await nav.getByRole('link', { name: 'Reportes legales' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reportes legales' })).toBeVisible({ timeout: 30_000 });
  await page.goto(`/dashboard/reports/legal?periodo=rango&desde=${chileDate(-6)}&hasta=${chileDate(0)}&usuarioId=${worker.id}`);
  await page.getByRole('combobox', { name: 'Reporte', exact: true }).click();
  await page.getByRole('option', { name: 'b) Reporte de jornada diaria' }).click();
  await expect(page.getByRole('heading', { name: 'b) Reporte de jornada diaria' })).toBeVisible({ timeout: 30_000 });
  const block = page.getByRole('region', { name: 'Vergara Soto, Renato' });
  await expect(block).toBeVisible({ timeout: 30_000 });
  for (const column of ['Jornada ordinaria pactada', 'Marcaciones jornada', 'Colación', 'Marcaciones colación', 'Tiempo faltante', 'Tiempo extra', 'Otras marcaciones', 'Observaciones']) {
    await expect(block.getByRole('columnheader', { name: column, exact: true })).toBeVisible();
  }
  await expect(block.getByRole('cell', { name: 'J.O. 08:00–17:00' })).toHaveCount(3);
  await expect(block.getByRole('cell', { name: '08:00:00', exact: true })).toHaveCount(3);
  await expect(page.getByRole('heading', { name: 'Glosario de abreviaturas' })).toBeVisible();
  await expect(page.getByText('Permiso con goce de remuneraciones')).toBeVisible();
  await expectAccessible(page, { soft: true });
  await page.screenshot({ path: test.info().outputPath('legal-b-1366.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath('legal-b-390.png'), fullPage: true });
  await page.setViewportSize({ width: 1366, height: 900 });

  // The three downloads hold what the screen shows.
  const word = await download(page, 'Exportar Word');
  expect(word.name).toMatch(/^reporte-jornada-diaria-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.docx$/);
  const xml = await zipEntry(word.path, 'word/document.xml');
  expect(xml).toContain('b) Reporte de jornada diaria');
  expect(xml).toContain('Vergara Soto, Renato');
  expect(xml.split('J.O. 08:00–17:00').length - 1).toBe(3);
  expect(new Set([...xml.matchAll(/w:ascii="([^"]+)"/g)].map((m) => m[1]))).toEqual(new Set(['Arial']));
  expect(Math.max(...[...xml.matchAll(/<w:sz w:val="(\d+)"/g)].map((m) => Number(m[1])))).toBeLessThanOrEqual(16);
  const excel = await download(page, 'Exportar Excel');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(excel.path);
  const cells: string[] = [];
  workbook.worksheets[0]!.eachRow((row) => row.eachCell((cell) => cells.push(String(cell.value))));
  expect(cells).toContain('Vergara Soto, Renato');
  expect(cells.filter((c) => c === 'J.O. 08:00–17:00')).toHaveLength(3);
  const pdf = await download(page, 'Exportar PDF');
  expect((await readFile(pdf.path)).subarray(0, 5).toString()).toBe('%PDF-');

  // The inspector: key by e-mail, sign-in, the employer by RUT, then the legal reports.
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const inspectorPage = await context.newPage();
  const suffix = Math.random().toString(36).slice(2, 8);
  const inspector = { email: `rodrigo.${suffix}@dt.gob.cl`, nombre: 'Rodrigo', apellidos: 'Fuentes Lagos', rut: randomRut() };
  await inspectorPage.goto('/fiscalizacion');
  await inspectorPage.getByRole('textbox', { name: /Correo institucional/ }).fill(inspector.email);
  await inspectorPage.getByRole('textbox', { name: 'Nombre' }).fill(inspector.nombre);
  await inspectorPage.getByRole('textbox', { name: 'Apellidos' }).fill(inspector.apellidos);
  await inspectorPage.getByRole('textbox', { name: /^RUT/ }).fill(inspector.rut);
  await inspectorPage.getByRole('button', { name: 'Enviar clave a mi correo' }).click();
  await expect(inspectorPage.getByRole('heading', { name: 'Ingresa con tu clave' })).toBeVisible();
  const key = /Tu clave temporal es: ([A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4})/.exec(decodeQuotedPrintable(await waitForMail(inspector.email)))?.[1];
  expect(key).toBeTruthy();
  await inspectorPage.getByLabel(/Clave temporal/).fill(key!);
  await inspectorPage.getByRole('button', { name: 'Ingresar' }).click();
  await inspectorPage.getByRole('searchbox', { name: 'Razón social o RUT del empleador' }).fill(company.rut);
  await inspectorPage.getByRole('list', { name: 'Empleadores encontrados' }).getByRole('button', { name: `Acceder a ${admin.razonSocial}` }).click();
  await expect(inspectorPage.getByTestId('session-perfil')).toHaveText('Fiscalizador', { timeout: 30_000 });
  const inspectorNav = inspectorPage.getByRole('navigation', { name: 'Navegación principal' });
  await inspectorNav.getByText('Reportes', { exact: true }).click();
  await inspectorNav.getByRole('link', { name: 'Reportes legales' }).click();
  await expect(inspectorPage.getByRole('heading', { name: 'a) Reporte de asistencia' })).toBeVisible({ timeout: 30_000 });
  await expect(inspectorPage.getByText('Los reportes de la Dirección del Trabajo del empleador elegido, solo lectura.', { exact: false })).toBeVisible();
  await expect(inspectorPage.getByRole('region', { name: 'Vergara Soto, Renato' })).toBeVisible({ timeout: 30_000 });
  await inspectorPage.screenshot({ path: test.info().outputPath('legal-inspector-1366.png'), fullPage: true });
  await inspectorPage.setViewportSize({ width: 390, height: 844 });
  await inspectorPage.screenshot({ path: test.info().outputPath('legal-inspector-390.png'), fullPage: true });
  await context.close();

  // The employer's access log has the report the inspector opened.
  const log = await request.get('/api/v1/fiscalizacion/accesos?pageSize=100', { headers });
  const entries = ((await log.json()) as { items: { recurso: string | null; fiscalizador: { email: string } }[] }).items;
  expect(entries.some((e) => e.fiscalizador.email === inspector.email && e.recurso?.startsWith('/api/v1/reportes-legales/asistencia'))).toBe(true);
});
