import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { apiSession, createCompanyWithAdmin, createUser, expectAccessible, signIn } from '../support/fixtures';

/** The page at the phone and laptop sizes, loaded directly by its address, saved to look at. */
async function screenshots(page: Page, name: string) {
  for (const [label, size] of [
    ['390x844', { width: 390, height: 844 }],
    ['1366x768', { width: 1366, height: 768 }],
  ] as const) {
    await page.setViewportSize(size);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `test-results/screenshots/${name}-${label}.png`, fullPage: true });
    // Wide tables scroll inside their own box: the page itself never scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

test('automatic planning: the administrator states the demand, asks for a proposal, sees it with its chart and applies it', async ({ page, request }) => {
  test.setTimeout(180_000);
  const admin = await createCompanyWithAdmin(request);
  const headers = await apiSession(request, admin);
  const site = await request.post('/api/v1/sedes', { headers, data: { nombre: 'Tienda Maipú' } });
  expect(site.status(), await site.text()).toBe(201);
  const siteId = ((await site.json()) as { id: string }).id;
  const shift = await request.post('/api/v1/turnos', {
    headers,
    data: { nombre: 'Jornada', codigo: 'JOR', color: '#2b8a3e', inicio: '09:00', fin: '18:00', colacion: { tipo: 'minutos', minutos: 60 } },
  });
  expect(shift.status(), await shift.text()).toBe(201);
  for (const [nombre, apellidos] of [['Ana', 'Rojas'], ['Luis', 'Pérez'], ['Marta', 'Soto']]) await createUser(request, headers, { nombre: nombre!, apellidos: apellidos!, sedeId: siteId });

  await signIn(page, admin);
  await page.getByRole('navigation', { name: 'Navegación principal' }).getByText('Planificación', { exact: true }).click();
  await page.getByRole('link', { name: 'Planificación automática' }).click();
  await expect(page).toHaveURL(/\/dashboard\/planning\/automatic$/);
  await expect(page.getByRole('heading', { name: 'Planificación automática', level: 1 })).toBeVisible();
  await expect(page.getByText('Elige una sede')).toBeVisible();

  await page.getByRole('combobox', { name: 'Sede' }).click();
  await page.getByRole('option', { name: 'Tienda Maipú' }).click();
  for (const day of ['Lun', 'Mar', 'Mié', 'Jue', 'Vie', 'Sáb', 'Dom']) await page.getByRole('textbox', { name: `Personas el ${day} de 09:00 a 18:00` }).fill('1');
  await page.getByRole('button', { name: 'Guardar demanda' }).click();
  await expect(page.getByText('Demanda guardada.')).toBeVisible();

  await page.getByRole('button', { name: 'Calcular propuesta' }).click();
  await expect(page.getByRole('button', { name: 'Aplicar propuesta' })).toBeEnabled({ timeout: 90_000 });
  await expect(page.getByText(/Propuesta óptima|a lo más .* % de lo óptimo/)).toBeVisible();
  await expect(page.getByRole('img', { name: /Gráfico de demanda/ })).toBeVisible();
  const grid = page.getByRole('region', { name: 'Propuesta por persona y día' });
  await expect(grid.getByText('Ana Rojas')).toBeVisible();
  await expect(grid.getByText('JOR').first()).toBeVisible();
  await expect(page.getByText('Toda la demanda queda cubierta.')).toBeVisible();
  await expectAccessible(page);

  // The same page loaded by its address, at the phone and laptop sizes.
  await page.goto('/dashboard/planning/automatic');
  await page.getByRole('combobox', { name: 'Sede' }).click();
  await page.getByRole('option', { name: 'Tienda Maipú' }).click();
  await page.getByRole('button', { name: 'Calcular propuesta' }).click();
  await expect(page.getByRole('button', { name: 'Aplicar propuesta' })).toBeEnabled({ timeout: 90_000 });
  await screenshots(page, 'roster');

  // Adjusts the proposal: Ana's first day fixed as a rest day, and asked again with it.
  await grid.getByRole('button', { name: /^Ana Rojas, / }).first().click();
  const fix = page.getByRole('dialog', { name: 'Fijar el día' });
  await fix.getByRole('radio', { name: 'Libre' }).check();
  await page.screenshot({ path: 'test-results/screenshots/roster-fix-day-1280x720.png' });
  await fix.getByRole('button', { name: 'Fijar' }).click();
  await expect(page.getByText('1 día fijado para la próxima propuesta.')).toBeVisible();
  await page.getByRole('button', { name: 'Volver a calcular con los días fijados' }).click();
  await expect(page.getByRole('button', { name: 'Aplicar propuesta' })).toBeEnabled({ timeout: 90_000 });
  await expect(grid.getByRole('button', { name: /^Ana Rojas, / }).first()).toHaveAccessibleName(/: L, fijado\. Fijar el día$/);

  await page.getByRole('button', { name: 'Aplicar propuesta' }).click();
  const dialog = page.getByRole('dialog', { name: '¿Aplicar la propuesta?' });
  await dialog.getByRole('button', { name: 'Aplicar propuesta' }).click();
  await expect(page.getByText(/Propuesta aplicada: \d+ días escritos en la planificación\./)).toBeVisible();
  await expect(page.getByText('Aplicada', { exact: true })).toBeVisible();

  // The plan now has the proposal's shifts.
  const plan = await request.get(`/api/v1/planificaciones?sedeId=${siteId}&desde=${tomorrow()}&hasta=${tomorrow(7)}`, { headers });
  const filas = ((await plan.json()) as { filas: { dias: { tipo: string; turno: { codigo: string } | null }[] }[] }).filas;
  expect(filas).toHaveLength(3);
  expect(filas.flatMap((f) => f.dias).filter((d) => d.turno?.codigo === 'JOR').length).toBeGreaterThanOrEqual(7);
  await page.getByRole('link', { name: 'Ver planificación' }).click();
  await expect(page).toHaveURL(/\/dashboard\/planning$/);
});

test('automatic planning: the administrator loads the demand from the template, sees the grid, and adds and removes special dates', async ({ page, request }) => {
  const admin = await createCompanyWithAdmin(request);
  const headers = await apiSession(request, admin);
  const site = await request.post('/api/v1/sedes', { headers, data: { nombre: 'Tienda Ñuñoa' } });
  expect(site.status(), await site.text()).toBe(201);
  const siteId = ((await site.json()) as { id: string }).id;

  await signIn(page, admin);
  await page.goto('/dashboard/planning/automatic');
  await page.getByRole('combobox', { name: 'Sede' }).click();
  await page.getByRole('option', { name: 'Tienda Ñuñoa' }).click();
  await expect(page.getByText('La sede aún no tiene demanda: indica las personas en la grilla y guárdala, o carga un archivo con la plantilla.')).toBeVisible();
  await expect(page.getByText('No hay fechas especiales: cada fecha sigue la demanda de su día de la semana.')).toBeVisible();

  // The template of a site without demand: the headers and two example rows the upload skips.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Descargar plantilla CSV' }).click()]);
  expect(download.suggestedFilename()).toBe('plantilla-demanda.csv');
  const template = (await readFile((await download.path())!, 'utf8')).replace(/^\ufeff/, '').split('\r\n');
  expect(template[0]).toBe('Día;Fecha;Hora desde;Hora hasta;Personas;Turnos;Nota');
  expect(template[1]).toMatch(/^lunes;;09:00;18:00;2;;"EJEMPLO:/);

  await page.getByRole('button', { name: 'Cargar demanda' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cargar demanda de Tienda Ñuñoa' });
  const file = dialog.locator('input[type=file][name=archivo]');
  // A row with an unknown weekday: its error is listed with its row, and nothing can be confirmed.
  await file.setInputFiles({ name: 'demanda.csv', mimeType: 'text/csv', buffer: Buffer.from([template[0], 'lunes;;09:00;18:00;2;;', 'lunez;;09:00;18:00;2;;'].join('\n')) });
  const errors = dialog.getByRole('table', { name: 'Errores por fila' });
  await expect(errors.getByRole('row').nth(1)).toContainText('3Día');
  await expect(dialog.getByRole('button', { name: 'Confirmar carga' })).toBeDisabled();
  await screenshots(page, 'roster-demand-upload');

  const weekdays = ['lunes', 'martes', 'miércoles', 'jueves', 'viernes'].map((day) => `${day};;09:00;18:00;2;;`);
  const rows = [template[0], ...weekdays, 'sábado;;10:00;14:00;1;;', ';18-09-2030;;;0;;Fiestas Patrias'];
  await file.setInputFiles({ name: 'demanda.csv', mimeType: 'text/csv', buffer: Buffer.from(rows.join('\n')) });
  await expect(dialog.getByText('Sin errores')).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Confirmar carga' }).click();
  await expect(dialog.getByText('Carga completada')).toBeVisible();
  await dialog.getByRole('button', { name: 'Ver la demanda' }).click();
  await expect(dialog).toBeHidden();

  // The grid is the file's week, and the date is in the special dates.
  await expect(page.getByRole('textbox', { name: 'Personas el Lun de 09:00 a 18:00' })).toHaveValue('2');
  await expect(page.getByRole('textbox', { name: 'Personas el Sáb de 10:00 a 14:00' })).toHaveValue('1');
  await expect(page.getByRole('textbox', { name: 'Personas el Dom de 09:00 a 18:00' })).toHaveValue('0');
  const dates = page.getByRole('list', { name: 'Fechas especiales de la demanda' });
  await expect(dates.getByRole('listitem').filter({ hasText: 'miércoles 18-09-2030' })).toContainText('Sin demanda');

  // A date with its own band, from the dialog.
  await page.getByRole('button', { name: 'Agregar fecha' }).click();
  const add = page.getByRole('dialog', { name: 'Agregar fecha especial' });
  await add.getByRole('textbox', { name: /^Fecha/ }).fill('24-12-2030');
  await add.getByRole('textbox', { name: /^Fecha/ }).press('Tab');
  await add.getByRole('textbox', { name: 'Desde, banda 1' }).fill('10:00');
  await add.getByRole('textbox', { name: 'Hasta, banda 1' }).fill('15:00');
  await add.getByRole('textbox', { name: 'Personas, banda 1' }).fill('3');
  await expectAccessible(page);
  await screenshots(page, 'roster-demand-date');
  await add.getByRole('button', { name: 'Guardar fecha' }).click();
  await expect(add).toBeHidden();
  await expect(page.getByText('Fecha 24-12-2030 guardada.')).toBeVisible();
  await expect(dates.getByRole('listitem').filter({ hasText: 'martes 24-12-2030' })).toContainText('10:00–15:00 · 3 personas');

  // The closed day is removed; the week is untouched.
  await page.getByRole('button', { name: 'Quitar el 18-09-2030' }).click();
  await page.getByRole('dialog', { name: '¿Quitar el 18-09-2030?' }).getByRole('button', { name: 'Quitar fecha' }).click();
  await expect(dates.getByRole('listitem').filter({ hasText: '18-09-2030' })).toHaveCount(0);
  await screenshots(page, 'roster-demand');

  const demand = (await (await request.get(`/api/v1/sedes/${siteId}/demanda`, { headers })).json()) as { bandas: unknown[]; excepciones: unknown[] };
  expect(demand.bandas).toHaveLength(6);
  expect(demand.excepciones).toEqual([{ fecha: '2030-12-24', inicio: '10:00', fin: '15:00', personas: 3 }]);
});

/** Today plus `days` (tomorrow by default) in Chile, `aaaa-mm-dd`. */
function tomorrow(days = 1): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Santiago' }).format(new Date());
  return new Date(Date.parse(`${today}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
