import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { apiSession, createCompanyWithAdmin, createGroup, createUser, expectAccessible, signIn } from '../support/fixtures';

/** `aaaa-mm-dd` of today in Santiago (the sites' default zone). */
const todayInSantiago = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Santiago', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());

/** The page at the desktop and the phone sizes, saved for people to look at. */
async function screenshots(page: Page, name: string) {
  for (const [label, size] of [
    ['1366x900', { width: 1366, height: 900 }],
    ['390x844', { width: 390, height: 844 }],
  ] as const) {
    await page.setViewportSize(size);
    await page.screenshot({ path: `test-results/screenshots/${name}-${label}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

test('home: the administrator sees today’s counts; a worker’s request reaches the leader’s bell and its approval page', async ({ browser, page, request }) => {
  test.setTimeout(240_000); // a company, three people, three browsers
  const admin = await createCompanyWithAdmin(request);
  const headers = await apiSession(request, admin);
  const group = await createGroup(request, headers, 'Sala de ventas');
  const leader = await createUser(request, headers, { nombre: 'Carla', apellidos: 'Líder Rojas', perfil: 'supervisor' });
  const worker = await createUser(request, headers, { nombre: 'Ignacio', apellidos: 'Inicio Soto', grupoId: group.id });
  const absentee = await createUser(request, headers, { nombre: 'Renata', apellidos: 'Sin Marca', grupoId: group.id });
  expect((await request.put(`/api/v1/grupos/${group.id}/lideres`, { headers, data: { liderIds: [leader.id] } })).ok()).toBeTruthy();
  // A shift that covers the whole day, so the home reads the same at any hour of the run.
  const shift = await request.post('/api/v1/turnos', {
    headers,
    data: { nombre: 'Jornada completa', codigo: 'JC', color: '#2b8a3e', inicio: '00:00', fin: '23:59', colacion: { tipo: 'minutos', minutos: 30 }, confirmarAdvertencias: true },
  });
  expect(shift.status(), await shift.text()).toBe(201);
  const { id: turnoId } = (await shift.json()) as { id: string };
  for (const person of [worker, absentee]) {
    const planned = await request.put(`/api/v1/planificaciones/${person.id}/${todayInSantiago()}`, { headers, data: { tipo: 'turno', turnoId } });
    expect(planned.ok(), await planned.text()).toBeTruthy();
  }
  const workerHeaders = await apiSession(request, worker);
  const mark = await request.post('/api/v1/marcas', { headers: workerHeaders, data: { tipo: 'entrada', idCliente: randomUUID() } });
  expect(mark.status(), await mark.text()).toBe(201);

  // The administrator's home: today's counts, each a link to the day board.
  await signIn(page, admin);
  await expect(page.getByRole('heading', { name: 'Hoy en la empresa' })).toBeVisible();
  const present = page.getByRole('link', { name: /^(Presente|Atrasado)\s*1$/ });
  await expect(present).toBeVisible();
  await expect(page.getByRole('link', { name: /^Sin marcar aún\s*[1-9]/ })).toBeVisible();
  await expect(page.getByTestId('aprobaciones-pendientes')).toContainText('0');
  await expect(page.getByRole('heading', { name: 'Últimos 7 días' })).toBeVisible();
  await expectAccessible(page);
  // On a phone, the home loaded there (not a desktop window narrowed while its menu slides away) never
  // scrolls sideways: the bell stays on screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Hoy en la empresa' })).toBeVisible({ timeout: 30_000 });
  // The elements past the right edge, named, when there are any.
  const wide = await page.evaluate(() =>
    document.documentElement.scrollWidth <= window.innerWidth
      ? []
      : Array.from(document.querySelectorAll('body *'))
          .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1)
          // The outermost ones: where the width comes from.
          .filter((e) => !(e.parentElement && e.parentElement.getBoundingClientRect().right > window.innerWidth + 1))
          .slice(0, 8)
          .map((e) => `${e.tagName.toLowerCase()}.${String(e.className).slice(0, 60)} ${Math.round(e.getBoundingClientRect().right)}px`),
  );
  expect(wide).toEqual([]);
  await expect(page.getByRole('button', { name: 'Notificaciones', exact: true })).toBeInViewport();
  await screenshots(page, 'home-admin');

  // A person by name from the header's search, straight to their record; then back home.
  await page.getByRole('button', { name: 'Buscar una persona por nombre o RUT' }).click();
  const search = page.getByRole('dialog', { name: 'Buscar una persona' });
  await search.getByRole('combobox', { name: 'Nombre, apellido o RUT' }).fill('Ignacio');
  await page.getByRole('option', { name: /Ignacio Inicio Soto/ }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/users/${worker.id}$`));
  await expect(page.getByRole('heading', { name: /Ignacio Inicio Soto/ })).toBeVisible({ timeout: 30_000 });
  await page.goto('/dashboard');

  // The worker asks for vacation; their home shows their day and the request waiting.
  const types = (await (await request.get('/api/v1/tipos-permiso', { headers })).json()) as { items: { id: string; codigo: string }[] };
  const asked = await request.post('/api/v1/permisos/solicitudes', {
    headers: workerHeaders,
    data: { tipoId: types.items.find((type) => type.codigo === 'VAC.')!.id, desde: '2027-03-01', hasta: '2027-03-05', comentario: 'Vacaciones de verano' },
  });
  expect(asked.status(), await asked.text()).toBe(201);
  const workerContext = await browser.newContext();
  const workerPage = await workerContext.newPage();
  await signIn(workerPage, worker);
  await expect(workerPage.getByRole('heading', { name: 'Tu día' })).toBeVisible();
  await expect(workerPage.getByRole('list', { name: 'Tus marcas de hoy' })).toContainText('Entrada');
  await expect(workerPage.getByTestId('solicitudes-pendientes')).toContainText('01-03-2027 al 05-03-2027');
  await expectAccessible(workerPage);
  await screenshots(workerPage, 'home-trabajador');

  // The leader's bell counts it; opening it lists the request and leads to the approval page.
  const leaderContext = await browser.newContext();
  const leaderPage = await leaderContext.newPage();
  await signIn(leaderPage, leader);
  const bell = leaderPage.getByRole('button', { name: 'Notificaciones: 1 nueva' });
  await expect(bell).toBeVisible();
  await bell.click();
  const item = leaderPage.getByRole('link', { name: /Ignacio Inicio Soto solicita vacaciones/ });
  await expect(item).toContainText('VAC. del 01-03-2027 al 05-03-2027');
  await expect(leaderPage.getByRole('button', { name: 'Notificaciones', exact: true })).toBeVisible();
  await expectAccessible(leaderPage);
  await screenshots(leaderPage, 'bell-open');
  await leaderPage.setViewportSize({ width: 390, height: 844 });
  await item.click();
  await expect(leaderPage).toHaveURL(/\/dashboard\/permisos\?estado=pendiente$/);
  await expect(leaderPage.getByText('1 solicitud pendiente de tu decisión.')).toBeVisible({ timeout: 30_000 });
  await leaderPage.setViewportSize({ width: 1366, height: 900 });
  await expect(leaderPage.getByRole('table', { name: 'Permisos' }).getByRole('row').filter({ hasText: 'Ignacio Inicio Soto' })).toContainText('Pendiente');
  // Seen: a new visit shows no count.
  await leaderPage.reload();
  await expect(leaderPage.getByRole('button', { name: 'Notificaciones', exact: true })).toBeVisible();

  // Approved, the permission shows on the planning grid with its code on each day it covers.
  await leaderPage.getByRole('button', { name: 'Aprobar el permiso de Ignacio Inicio Soto' }).click();
  const approve = leaderPage.getByRole('dialog', { name: 'Aprobar permiso' });
  await approve.getByRole('button', { name: 'Aprobar' }).click();
  await expect(approve).toBeHidden();
  await leaderPage.goto('/dashboard/planning?mes=2027-03');
  // Monday 1 to Friday 5 of March: five days with the badge, none on the other worker's row.
  await expect(leaderPage.getByRole('row').filter({ hasText: 'Ignacio Inicio Soto' }).getByText('VAC.', { exact: true })).toHaveCount(5);
  await expect(leaderPage.getByRole('row').filter({ hasText: 'Renata Sin Marca' }).getByText('VAC.', { exact: true })).toHaveCount(0);
  await leaderPage.screenshot({ path: 'test-results/screenshots/planning-permission-1366x900.png' });
  // The worker's bell tells them it was approved.
  await workerPage.reload();
  await expect(workerPage.getByRole('button', { name: 'Notificaciones: 1 nueva' })).toBeVisible();
  await workerContext.close();
  await leaderContext.close();
});
