import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiSession, createCompanyWithAdmin, createGroup, createUser, expectAccessible, signIn } from '../support/fixtures';

// Plan the month after the one the server calls today, so no day is in the past.
function nextMonth(): { mes: string; first: string; last: string; label: (day: number) => string } {
  const now = new Date();
  const year = now.getUTCMonth() === 11 ? now.getUTCFullYear() + 1 : now.getUTCFullYear();
  const month = (now.getUTCMonth() + 1) % 12; // 0-based index of next month
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const mm = String(month + 1).padStart(2, '0');
  return {
    mes: `${year}-${mm}`,
    first: `01-${mm}-${year}`,
    last: `${lastDay}-${mm}-${year}`,
    label: (day: number) => `${year}-${mm}-${String(day).padStart(2, '0')}`,
  };
}

async function dayOf(request: APIRequestContext, headers: Record<string, string>, mes: string, userId: string, fecha: string) {
  const grid = (await (await request.get(`/api/v1/planificaciones?mes=${mes}&usuarioIds=${userId}`, { headers })).json()) as {
    filas: { dias: { fecha: string; tipo: string; turno: { codigo: string } | null }[] }[];
  };
  return grid.filas[0]!.dias.find((d) => d.fecha === fecha)!;
}

async function chooseOption(page: Page, label: RegExp, option: RegExp) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).first().click();
}

test('a shift is created, a group planned Monday to Friday for a month, and one changed day shows in the log', async ({ page, request }) => {
  test.slow(); // a long journey with axe on each of its pages
  const admin = await createCompanyWithAdmin(request);
  const headers = await apiSession(request, admin);
  const group = await createGroup(request, headers, 'Sala de ventas');
  const ana = await createUser(request, headers, { nombre: 'Ana', apellidos: 'Pérez Muñoz', grupoId: group.id });
  await createUser(request, headers, { nombre: 'Luis', apellidos: 'Contreras Díaz', grupoId: group.id });
  const month = nextMonth();

  await signIn(page, admin);
  await page.goto('/dashboard/planning/shift-list');
  await expect(page.getByRole('button', { name: 'Nuevo turno' }).first()).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Nuevo turno' }).first().click();
  const modal = page.getByRole('dialog', { name: 'Nuevo turno' });
  await expect(modal.getByLabel(/^Nombre/)).toBeVisible();
  await expectAccessible(page);
  await modal.getByLabel(/^Nombre/).fill('Oficina');
  await modal.getByLabel(/^Código/).fill('OF');
  await modal.getByLabel(/^Inicio$|^Inicio \*/).fill('09:00');
  await modal.getByLabel(/^Fin$|^Fin \*/).fill('18:00');
  await modal.getByText('Minutos', { exact: true }).click();
  await modal.getByLabel(/^Minutos de colación/).fill('60');
  // Six days of 8 ordinary hours break the legal week (42 h, 40 from 2028): warned as typed, not saved without «Entiendo…».
  await modal.getByLabel(/^Días por semana/).fill('6');
  await expect(modal.getByText('Este turno no cumple la ley')).toBeVisible();
  await expect(modal.getByText(/A 6 días por semana el turno 09:00–18:00 suma 48 h 00 min ordinarias/)).toBeVisible();
  await expect(modal.getByRole('button', { name: 'Crear turno' })).toBeDisabled();
  await expectAccessible(page);
  await modal.getByLabel(/^Días por semana/).fill('5');
  await expect(modal.getByText('Este turno no cumple la ley')).toBeHidden();
  await modal.getByRole('button', { name: 'Crear turno' }).click();
  await expect(page.getByRole('button', { name: 'Editar turno OF' })).toBeVisible();
  await expectAccessible(page);

  await page.goto('/dashboard/create-planning');
  await expect(page.getByRole('combobox', { name: /^Grupos/ })).toBeVisible();
  await expectAccessible(page);
  await chooseOption(page, /^Grupos/, /Sala de ventas/);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await expect(page.getByRole('textbox', { name: /^Desde/ })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('textbox', { name: /^Desde/ }).fill(month.first);
  await page.getByRole('textbox', { name: /^Desde/ }).press('Tab');
  await page.getByRole('textbox', { name: /^Hasta/ }).fill(month.last);
  await page.getByRole('textbox', { name: /^Hasta/ }).press('Tab');
  await page.getByText('Semana fija', { exact: true }).click();
  await page.getByRole('button', { name: 'Lunes a viernes' }).click();
  // With one shift the preset fills Monday to Friday with it and the weekend with rest.
  await expect(page.getByRole('textbox', { name: /^Lunes/ }).or(page.getByRole('combobox', { name: /^Lunes/ }))).toHaveValue(/OF/);
  await page.getByRole('button', { name: 'Ver vista previa' }).click();
  await expect(page.getByRole('status', { name: 'Resumen de la vista previa' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Guardar planificación' }).click();
  await expect(page.getByText('Planificación guardada')).toBeVisible();

  // Every weekday of the month is the shift, every weekend day is rest.
  const grid = (await (await request.get(`/api/v1/planificaciones?mes=${month.mes}&usuarioIds=${ana.id}`, { headers })).json()) as {
    filas: { dias: { fecha: string; tipo: string }[] }[];
  };
  for (const day of grid.filas[0]!.dias.filter((d) => d.fecha.startsWith(month.mes))) {
    const weekday = new Date(`${day.fecha}T12:00:00Z`).getUTCDay();
    expect(day.tipo, day.fecha).toBe(weekday === 0 || weekday === 6 ? 'libre' : 'turno');
  }

  // Change Ana's first working day to rest: an already planned day asks for the reason.
  const firstWorking = grid.filas[0]!.dias.find((d) => d.fecha.startsWith(month.mes) && d.tipo === 'turno')!.fecha;
  const dayNumber = Number(firstWorking.slice(8));
  await page.goto(`/dashboard/planning?mes=${month.mes}&grupo=${group.id}`);
  await expect(page.getByRole('button', { name: new RegExp(` ${dayNumber} de .*, Ana Pérez Muñoz: turno`) })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: new RegExp(` ${dayNumber} de .*, Ana Pérez Muñoz: turno`) }).click();
  await page.getByRole('button', { name: /Libre \(descanso\)/ }).click();
  await expect(page.getByRole('dialog').getByRole('textbox', { name: /^Motivo/ })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('dialog').getByRole('textbox', { name: /^Motivo/ }).fill('Cambio de turno pedido por la trabajadora');
  await page.getByRole('dialog').getByText('Trabajador', { exact: true }).click();
  await page.getByRole('button', { name: 'Guardar cambio' }).click();
  await expect.poll(async () => (await dayOf(request, headers, month.mes, ana.id, firstWorking)).tipo).toBe('libre');

  await page.getByRole('tab', { name: 'Registro de cambios' }).click();
  const log = page.getByRole('table', { name: 'Registro de cambios de planificación' });
  await expect(log).toContainText('Ana');
  await expect(log).toContainText('Cambio de turno pedido por la trabajadora');
  await expectAccessible(page);
});

test('a planning file with one bad row writes nothing; the fixed file is applied', async ({ page, request }) => {
  test.slow(); // a long journey with axe on each of its pages
  const admin = await createCompanyWithAdmin(request);
  const headers = await apiSession(request, admin);
  const shift = await request.post('/api/v1/turnos', {
    headers,
    data: { nombre: 'Mañana', codigo: 'MA', color: '#2b8a3e', inicio: '07:00', fin: '15:00', colacion: { tipo: 'minutos', minutos: 30 } },
  });
  expect(shift.status(), await shift.text()).toBe(201);
  const worker = await createUser(request, headers, { nombre: 'Pedro', apellidos: 'Salinas Vega' });
  const month = nextMonth();
  const [d5, d6] = [month.label(5), month.label(6)];
  const file = (secondShift: string) =>
    ['RUT;Fecha;Turno', `${worker.rut};${d5};MA`, `${worker.rut};${d6};${secondShift}`].join('\n');

  await signIn(page, admin);
  await page.goto('/dashboard/bulk-planning-upload');
  await expect(page.locator('input[type=file][name=archivo]')).toBeAttached();
  await expectAccessible(page);
  await page.locator('input[type=file][name=archivo]').setInputFiles({ name: 'planificacion.csv', mimeType: 'text/csv', buffer: Buffer.from(file('NOEXISTE')) });
  const errors = page.getByRole('table', { name: 'Errores por fila' });
  await expect(errors).toBeVisible();
  await expect(errors).toContainText('Turno');
  await expect(page.getByRole('button', { name: 'Confirmar carga' })).toBeDisabled();
  expect((await dayOf(request, headers, month.mes, worker.id, d5)).tipo).toBe('sin_planificar');
  await expectAccessible(page);

  await page.locator('input[type=file][name=archivo]').setInputFiles({ name: 'planificacion.csv', mimeType: 'text/csv', buffer: Buffer.from(file('libre')) });
  await expect(page.getByRole('button', { name: 'Confirmar carga' })).toBeEnabled();
  await page.getByRole('button', { name: 'Confirmar carga' }).click();
  await expect(page.getByText('Carga completada')).toBeVisible();
  await expectAccessible(page);
  const day5 = await dayOf(request, headers, month.mes, worker.id, d5);
  expect(day5.tipo).toBe('turno');
  expect(day5.turno?.codigo).toBe('MA');
  expect((await dayOf(request, headers, month.mes, worker.id, d6)).tipo).toBe('libre');
});
