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

/** Today plus `days` (tomorrow by default) in Chile, `aaaa-mm-dd`. */
function tomorrow(days = 1): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Santiago' }).format(new Date());
  return new Date(Date.parse(`${today}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
