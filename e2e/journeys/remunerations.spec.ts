import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { apiSession, createCompanyWithAdmin, createUser, expectAccessible, signIn, shootBothSizes } from '../support/fixtures';

const ZONE = 'America/Santiago';
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
/** The previous month (the one the page opens on): `YYYYMM` and its dates. */
function previousMonth(): { periodo: string; day: (n: number) => string; label: string } {
  const [y, m] = today().split('-').map(Number) as [number, number];
  const year = m === 1 ? y - 1 : y;
  const month = m === 1 ? 12 : m - 1;
  const mm = String(month).padStart(2, '0');
  const names = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'];
  return { periodo: `${year}${mm}`, day: (n) => `${year}-${mm}-${String(n).padStart(2, '0')}`, label: `${names[month - 1]} de ${year}` };
}

const SHOTS = 'test-results/screenshots/remunerations';
const shoot = (page: Page, name: string) => shootBothSizes(page, SHOTS, name);

test('remunerations: the administrator opens last month, drills down to an absence, exports the CSV for payroll and closes the month', async ({ page, request }) => {
  test.setTimeout(240_000);
  const admin = await createCompanyWithAdmin(request);
  const headers = await apiSession(request, admin);
  const worker = await createUser(request, headers, { nombre: 'Rita', apellidos: 'Remu Salas' });
  const salary = await request.patch(`/api/v1/usuarios/${worker.id}`, { headers, data: { sueldoBase: 600_000, numeroContrato: 'C-12' } });
  expect(salary.ok(), await salary.text()).toBeTruthy();

  // Last month: a 08:00–17:00 shift on the 10th and 11th; no marks on the 10th (an unjustified
  // absence) and an unpaid permission on the 11th.
  const month = previousMonth();
  const shift = await request.post('/api/v1/turnos', {
    headers,
    data: { nombre: 'Diurno', codigo: 'DIU', color: '#1c7ed6', inicio: '08:00', fin: '17:00', colacion: { tipo: 'fija', inicio: '13:00', fin: '14:00' } },
  });
  expect(shift.status(), await shift.text()).toBe(201);
  const turnoId = ((await shift.json()) as { id: string }).id;
  for (const n of [10, 11]) {
    const planned = await request.put(`/api/v1/planificaciones/${worker.id}/${month.day(n)}`, { headers, data: { tipo: 'turno', turnoId, motivo: 'Turno del mes' } });
    expect(planned.ok(), await planned.text()).toBeTruthy();
  }
  const types = (await (await request.get('/api/v1/tipos-permiso', { headers })).json()) as { items: { id: string; codigo: string }[] };
  const unpaid = types.items.find((t) => t.codigo === 'P.S.G.R.')!;
  const permission = await request.post('/api/v1/permisos', { headers, data: { usuarioId: worker.id, tipoId: unpaid.id, desde: month.day(11), hasta: month.day(11) } });
  expect(permission.status(), await permission.text()).toBe(201);

  await signIn(page, admin);
  const nav = page.getByRole('navigation', { name: 'Navegación principal' });
  await nav.getByRole('link', { name: 'Remuneraciones' }).click();
  await expect(page).toHaveURL(/\/dashboard\/remunerations/);
  await expect(page.getByRole('heading', { name: 'Remuneraciones', level: 1 })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('status').filter({ hasText: 'Abierto' })).toBeVisible();

  // Rita: one absence worth 20,000 (600,000 / 30) and one unpaid permission day.
  const absences = page.getByRole('button', { name: 'Ausencias de Rita Remu Salas: 1' });
  await expect(absences).toContainText(/\$\s?20\.000/);
  await expect(page.getByText(/sin goce \(\$\s?20\.000\)/)).toBeVisible();
  await expectAccessible(page, { soft: true });
  await shoot(page, 'month');

  // Drill down: the day behind the absence.
  await absences.click();
  const drawer = page.getByRole('dialog', { name: `Rita Remu Salas · ${month.label}` });
  await expect(drawer.getByText('1 día')).toBeVisible();
  await expect(drawer.getByRole('listitem').filter({ hasText: 'Ausente' })).toContainText(`${month.day(10).slice(8, 10)}-${month.day(10).slice(5, 7)}-${month.day(10).slice(0, 4)}`);
  await shoot(page, 'drill-down');
  await drawer.getByRole('button', { name: 'Cerrar' }).click();

  // The payroll CSV: UTF-8 with a BOM (Excel), `;`, id_empleado;numero_contrato;proceso first.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exportar CSV' }).click()]);
  expect(download.suggestedFilename()).toBe(`remuneraciones-${month.periodo}.csv`);
  const text = readFileSync((await download.path())!, 'utf8');
  expect(text.charCodeAt(0)).toBe(0xfeff);
  const lines = text.slice(1).trimEnd().split('\r\n');
  const header = lines[0]!.split(';');
  expect(header.slice(0, 3)).toEqual(['id_empleado', 'numero_contrato', 'proceso']);
  const rita = lines.find((l) => l.includes(';Rita;'))!.split(';');
  const cell = (name: string) => rita[header.indexOf(name)];
  expect([cell('numero_contrato'), cell('proceso'), cell('dias_ausencia_injustificada'), cell('valor_ausencias'), cell('dias_permiso_sin_goce'), cell('descuento_permisos')]).toEqual([
    'C-12',
    month.periodo,
    '1',
    '20000',
    '1',
    '20000',
  ]);
  expect(cell('id_empleado')).toMatch(/^\d{7,8}-[\dK]$/);

  // A correction of the absent day, waiting for Rita: the close shows it before asking.
  const correction = await request.post('/api/v1/correcciones', { headers, data: { usuarioId: worker.id, tipo: 'entrada', fecha: month.day(10), hora: '08:00', motivo: 'Olvidó marcar la entrada' } });
  expect(correction.status(), await correction.text()).toBe(201);

  // Close the month with eyes open: what is pending, each a link to its list, then the confirmation.
  await page.getByRole('button', { name: 'Cerrar mes' }).click();
  const dialog = page.getByRole('dialog', { name: `¿Cerrar ${month.label}?` });
  const pending = dialog.getByRole('link', { name: '1 corrección espera la aceptación del trabajador' });
  await expect(pending).toBeVisible({ timeout: 30_000 });
  await expect(pending).toHaveAttribute('href', new RegExp(`^/dashboard/corrections\\?estado=pendiente&desde=${month.day(1)}&hasta=`));
  await expect(dialog.getByRole('listitem')).toHaveCount(1);
  await expect(dialog).toContainText('Al cerrar se guardan las cifras que el mes informa hoy');
  await expectAccessible(page, { soft: true });
  await shoot(page, 'close-dialog');
  await dialog.getByRole('button', { name: 'Cerrar el mes' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Cerrado' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reabrir mes' })).toBeVisible();
  await shoot(page, 'closed');

  // A permission in the closed month is now refused, with the reason.
  const refused = await request.post('/api/v1/permisos', { headers, data: { usuarioId: worker.id, tipoId: unpaid.id, desde: month.day(12), hasta: month.day(12) } });
  expect(refused.status()).toBe(409);
  expect(((await refused.json()) as { error: { message: string } }).error.message).toContain(`${month.label} está cerrado`);
});
