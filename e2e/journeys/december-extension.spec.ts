import { expect, test, type Page } from '@playwright/test';
import { apiSession, createCompanyWithAdmin, createUser, expectAccessible, signIn, shootBothSizes } from '../support/fixtures';

const shoot = (page: Page, name: string) =>
  shootBothSizes(page, 'test-results/screenshots', name, { laptop: { width: 1366, height: 768 }, fullPage: false, after: { width: 1280, height: 720 } });

test('commerce declares two December extension days (art. 24) and the 12-hour shifts on them stop alerting', async ({ page, request }) => {
  test.setTimeout(150_000);
  // The fixture's company is «Comercio».
  const admin = await createCompanyWithAdmin(request);
  const headers = await apiSession(request, admin);
  // 10:00–23:00 with an hour of colación: 12 ordinary hours, over the 10 of art. 28 (confirmed on purpose).
  const shift = await request.post('/api/v1/turnos', {
    headers,
    data: { nombre: 'Navidad', codigo: 'NAV', color: '#c92a2a', inicio: '10:00', fin: '23:00', colacion: { tipo: 'minutos', minutos: 60 }, confirmarAdvertencias: true },
  });
  expect(shift.status(), await shift.text()).toBe(201);
  const { id: turnoId } = (await shift.json()) as { id: string };
  const worker = await createUser(request, headers, { nombre: 'Rosa', apellidos: 'Tapia Leiva' });
  for (const fecha of ['2026-12-15', '2026-12-18']) {
    const response = await request.put(`/api/v1/planificaciones/${worker.id}/${fecha}`, { headers, data: { tipo: 'turno', turnoId } });
    expect(response.status(), await response.text()).toBe(200);
  }

  await signIn(page, admin);
  await page.goto('/dashboard/planning?mes=2026-12');
  await expect(page.getByText('1 trabajador con alertas legales')).toBeVisible();

  await page.getByRole('button', { name: 'Extensión de diciembre (art. 24)' }).click();
  const dialog = page.getByRole('dialog', { name: 'Extensión de diciembre 2026 (art. 24)' });
  await expect(dialog.getByText('0 de 9 días')).toBeVisible();
  await dialog.getByRole('checkbox', { name: 'Martes 15 de diciembre' }).check();
  await dialog.getByRole('checkbox', { name: 'Viernes 18 de diciembre' }).check();
  await expect(dialog.getByText('2 de 9 días')).toBeVisible();
  await expectAccessible(page);
  await shoot(page, 'december-extension-dialog');
  await dialog.getByRole('button', { name: 'Guardar días' }).click();
  await expect(page.getByText('Extensión de diciembre guardada: 2 días.')).toBeVisible();
  // The grid's alerts refresh: each 12-hour day is within 10 hours plus its 2 declared hours.
  await expect(page.getByText('Sin alertas legales')).toBeVisible();
  await shoot(page, 'december-extension-grid');

  const declared = (await (await request.get('/api/v1/planificaciones/extension-diciembre?anio=2026', { headers })).json()) as { dias: { fecha: string; minutos: number }[] };
  expect(declared.dias.map((d) => [d.fecha, d.minutos])).toEqual([
    ['2026-12-15', 120],
    ['2026-12-18', 120],
  ]);

  // One hour on the 18th: its 12 hours are again over 11 hours, and the server's answer is the one the grid shows.
  await page.getByRole('button', { name: 'Extensión de diciembre (art. 24)' }).click();
  await dialog.getByRole('combobox', { name: 'Horas de extensión del Viernes 18 de diciembre' }).click();
  await page.getByRole('option', { name: '1 hora', exact: true }).click();
  await dialog.getByRole('button', { name: 'Guardar días' }).click();
  await expect(page.getByText('1 trabajador con alertas legales')).toBeVisible();
});

test('a December day an overtime pact covers is not declared: the dialog says which pact (art. 24 inc. 2)', async ({ page, request }) => {
  test.setTimeout(120_000);
  const admin = await createCompanyWithAdmin(request);
  const headers = await apiSession(request, admin);
  const worker = await createUser(request, headers, { nombre: 'Pedro', apellidos: 'Reyes Soto' });
  const pact = await request.post('/api/v1/pactos-horas-extra', { headers, data: { usuarioId: worker.id, desde: '2026-12-01', hasta: '2026-12-16', maxMinutosDia: 120 } });
  expect(pact.status(), await pact.text()).toBe(201);

  await signIn(page, admin);
  await page.goto('/dashboard/planning?mes=2026-12');
  await page.getByRole('button', { name: 'Extensión de diciembre (art. 24)' }).click();
  const dialog = page.getByRole('dialog', { name: 'Extensión de diciembre 2026 (art. 24)' });
  await dialog.getByRole('checkbox', { name: 'Martes 15 de diciembre' }).check();
  await dialog.getByRole('button', { name: 'Guardar días' }).click();
  await expect(dialog.getByRole('alert')).toContainText('Hay pactos de horas extra vigentes en esos días: Pedro Reyes Soto (del 01-12-2026 al 16-12-2026).');
  await expectAccessible(page);
  await shoot(page, 'december-extension-pact-refused');
  const declared = (await (await request.get('/api/v1/planificaciones/extension-diciembre?anio=2026', { headers })).json()) as { dias: unknown[] };
  expect(declared.dias).toEqual([]);
});
