import { mkdirSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { apiSession, createCompanyWithAdmin, createGroup, createUser, expectAccessible, signIn, waitForPageData } from '../support/fixtures';

/** `aaaa-mm-dd` of today in Santiago (the sites' default zone). */
const todayInSantiago = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Santiago', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
const MONTHS = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'];

const SHOTS = 'test-results/screenshots/worker-record';
/** The page at a desktop and a phone size, whole; the page never scrolls sideways. */
async function shoot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  for (const [width, height] of [
    [1366, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await waitForPageData(page);
    // Polled: a table turns into cards a moment after the resize.
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), { message: `${name} a ${width}×${height} sin desplazamiento lateral` })
      .toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${SHOTS}/${name}-${width}x${height}.png`, fullPage: true });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}x${height}-top.png` });
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}

test('worker record: the administrator opens a worker by URL on «Marcas», switches tabs, and a reload keeps the tab', async ({ page, request }) => {
  test.setTimeout(300_000); // a company, a plan, a mark and five tabs with axe and screenshots at two sizes
  const admin = await createCompanyWithAdmin(request);
  const headers = await apiSession(request, admin);
  const site = await request.post('/api/v1/sedes', { headers, data: { nombre: 'Casa Matriz', calle: 'Av. Apoquindo', numero: '4500', comuna: 'Las Condes', ciudad: 'Santiago', region: 'RM' } });
  expect(site.status(), await site.text()).toBe(201);
  const { id: sedeId } = (await site.json()) as { id: string };
  const group = await createGroup(request, headers, 'Sala de ventas');
  // A shift covering the whole day, so the tabs read the same at any hour of the run.
  const shift = await request.post('/api/v1/turnos', {
    headers,
    data: { nombre: 'Jornada completa', codigo: 'JC', color: '#2b8a3e', inicio: '00:00', fin: '23:59', colacion: { tipo: 'minutos', minutos: 30 }, confirmarAdvertencias: true },
  });
  expect(shift.status(), await shift.text()).toBe(201);
  const { id: turnoId } = (await shift.json()) as { id: string };
  const renata = await createUser(request, headers, { nombre: 'Renata', apellidos: 'Ficha Completa', grupoId: group.id, sedeId });
  const today = todayInSantiago();
  const planned = await request.put(`/api/v1/planificaciones/${renata.id}/${today}`, { headers, data: { tipo: 'turno', turnoId } });
  expect(planned.ok(), await planned.text()).toBeTruthy();
  const mark = await request.post('/api/v1/marcas', { headers: await apiSession(request, renata), data: { tipo: 'entrada', idCliente: randomUUID() } });
  expect(mark.status(), await mark.text()).toBe(201);
  const month = `${MONTHS[Number(today.slice(5, 7)) - 1]} de ${today.slice(0, 4)}`;
  const ddmmyyyy = `${today.slice(8, 10)}-${today.slice(5, 7)}-${today.slice(0, 4)}`;

  await signIn(page, admin);
  await page.goto(`/dashboard/users/${renata.id}?pestana=marcas`);
  await expect(page.getByRole('heading', { name: 'Renata Ficha Completa', level: 1 })).toBeVisible();
  const tabs = page.getByRole('tablist', { name: 'Secciones de la ficha de Renata Ficha Completa' });
  await expect(tabs.getByRole('tab')).toHaveText(['Datos', 'Asistencia', 'Saldos', 'Planificación', 'Marcas']);
  await expect(tabs.getByRole('tab', { name: 'Marcas' })).toHaveAttribute('aria-selected', 'true');
  const marks = page.getByRole('table', { name: `Marcas de ${month}` });
  const row = marks.getByRole('row').filter({ hasText: ddmmyyyy });
  await expect(row).toContainText('Entrada');
  await expect(row).toContainText('Web');
  await expect(row).toContainText('Casa Matriz');
  await expect(row.getByRole('cell', { name: /^\d{2}:\d{2}:\d{2}$/ })).toBeVisible();
  await expect(row.getByRole('link', { name: /^Comprobante de la marca de entrada del / })).toBeVisible();
  await expect(page.getByText(`1 marca en ${month}`)).toBeVisible();
  await expectAccessible(page);
  await shoot(page, 'marcas');

  // «Asistencia»: today's day in the calendar, present or late, with its marks.
  await tabs.getByRole('tab', { name: 'Asistencia' }).click();
  await expect(page).toHaveURL(/[?&]pestana=asistencia(&|$)/);
  await expect(page.getByRole('group', { name: 'Totales del periodo' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Días del mes' }).getByRole('button', { pressed: true })).toContainText(/Presente|Atrasado|En jornada/);
  await expect(page.getByRole('table', { name: /^Marcas del / })).toContainText('Entrada');
  await expect(marks).toHaveCount(0);
  await expectAccessible(page);
  await shoot(page, 'asistencia');

  // «Planificación»: the week of today with the shift.
  await tabs.getByRole('tab', { name: 'Planificación' }).click();
  await expect(page).toHaveURL(/[?&]pestana=planificacion(&|$)/);
  const week = page.getByRole('region', { name: /^Semana del / }).filter({ hasText: 'JC 00:00–23:59' });
  await expect(week).toHaveCount(1);
  await expect(week).toContainText('h planificadas de');
  await expectAccessible(page);
  await shoot(page, 'planificacion');

  // «Saldos»: the legal vacation of this year; a reload keeps the tab.
  await tabs.getByRole('tab', { name: 'Saldos' }).click();
  await expect(page).toHaveURL(/[?&]pestana=saldos(&|$)/);
  const year = today.slice(0, 4);
  await expect(page.getByRole('heading', { name: 'Saldos de permisos', level: 2 })).toBeVisible();
  const balances = page.getByRole('region', { name: `Saldo ${year}` });
  await expect(balances).toContainText(`Vacaciones ${year}`);
  await expect(balances).toContainText('disponibles');
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Saldos' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('region', { name: `Saldo ${year}` })).toContainText(`Vacaciones ${year}`);
  await expectAccessible(page);
  await shoot(page, 'saldos');

  // «Datos»: the record as before, without the parameter.
  await page.getByRole('tab', { name: 'Datos' }).click();
  await expect(page).not.toHaveURL(/pestana=/);
  await expect(page.getByText(renata.rut.replace(/^(\d{1,2})(\d{3})(\d{3})-?([\dkK])$/, '$1.$2.$3-$4'))).toBeVisible();
  await shoot(page, 'datos');
});

test('worker record: a worker opens their own marks at /dashboard/users/me on a phone', async ({ page, request }) => {
  const admin = await createCompanyWithAdmin(request);
  const headers = await apiSession(request, admin);
  // The e-mail is made from the name: no accents in it.
  const ignacio = await createUser(request, headers, { nombre: 'Ignacio', apellidos: 'Propia Ficha' });
  const mark = await request.post('/api/v1/marcas', { headers: await apiSession(request, ignacio), data: { tipo: 'entrada', idCliente: randomUUID() } });
  expect(mark.status(), await mark.text()).toBe(201);

  await signIn(page, ignacio);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/dashboard/users/me?pestana=marcas');
  await expect(page.getByRole('heading', { name: 'Mis datos', level: 1 })).toBeVisible();
  const tabs = page.getByRole('tablist', { name: 'Secciones de mis datos' });
  await expect(tabs.getByRole('tab')).toHaveText(['Datos', 'Asistencia', 'Saldos', 'Planificación', 'Marcas']);
  // The chosen tab is in sight on a phone, though the last one.
  await expect(tabs.getByRole('tab', { name: 'Marcas' })).toHaveAttribute('aria-selected', 'true');
  await expect(tabs.getByRole('tab', { name: 'Marcas' })).toBeInViewport({ ratio: 1 });
  await expect(page.getByRole('table', { name: /^Marcas de / }).getByRole('row').filter({ hasText: 'Entrada' })).toHaveCount(1);
  await tabs.getByRole('tab', { name: 'Saldos' }).click();
  await expect(page.getByRole('link', { name: 'Ver mis permisos y solicitudes' })).toBeVisible();
  await expectAccessible(page);
});
