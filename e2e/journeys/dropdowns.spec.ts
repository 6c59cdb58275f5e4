import { expect, test as base, type Locator, type Page } from '@playwright/test';
import { E2E_BASE_URL } from '../support/env';
import { apiSession, createCompanyWithAdmin, createGroup, createUser, signInWithToken, type Admin, type CreatedUser } from '../support/fixtures';

/**
 * Every select, multi-select and date picker of every page, loaded directly by its URL (and inside the
 * page's dialogs), at a desktop and a phone window: it opens, its options (or calendar) sit inside the
 * window where a pointer can reach them, and the choice sticks. A component whose styles load only with
 * some other page (Popover, Combobox) draws its list unpositioned below the window; this catches it.
 */

interface Company {
  admin: Admin;
  adminToken: string;
  worker: CreatedUser;
  workerToken: string;
}

/** One company per Playwright worker, shared by its tests: two sites, two groups, a shift and two workers. */
const test = base.extend<object, { company: Company }>({
  company: [
    async ({ playwright }, use) => {
      const request = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
      const admin = await createCompanyWithAdmin(request);
      const headers = await apiSession(request, admin);
      const sites: string[] = [];
      for (const [nombre, comuna] of [
        ['Casa matriz', 'Santiago'],
        ['Bodega Lo Boza', 'Pudahuel'],
      ]) {
        const site = await request.post('/api/v1/sedes', { headers, data: { nombre, calle: 'Av. Matta', numero: '100', comuna, region: 'RM' } });
        expect(site.status(), await site.text()).toBe(201);
        sites.push(((await site.json()) as { id: string }).id);
      }
      const sala = await createGroup(request, headers, 'Sala de ventas');
      await createGroup(request, headers, 'Bodega');
      const shift = await request.post('/api/v1/turnos', {
        headers,
        data: { nombre: 'Oficina', codigo: 'OF', color: '#0b7a6e', inicio: '09:00', fin: '18:00', colacion: { tipo: 'minutos', minutos: 60 } },
      });
      expect(shift.status(), await shift.text()).toBe(201);
      const worker = await createUser(request, headers, { nombre: 'Ignacio', apellidos: 'Selector Soto', grupoId: sala.id, sedeId: sites[0] });
      await createUser(request, headers, { nombre: 'Renata', apellidos: 'Lista Pérez', grupoId: sala.id, sedeId: sites[1] });
      const bearer = (h: Record<string, string>) => h.Authorization!.replace(/^Bearer /, '');
      const workerToken = bearer(await apiSession(request, worker));
      await request.dispose();
      await use({ admin, adminToken: bearer(headers), worker, workerToken });
    },
    { scope: 'worker', timeout: 60_000 },
  ],
});

/** Loads a page by its URL and waits for its heading and data. */
async function open(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 20_000 });
  await settled(page);
}

async function settled(page: Page) {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 20_000 });
}

const CONTROLS = 'input[aria-haspopup="listbox"]:visible:not([disabled]), input[data-dates-input]:visible:not([disabled]):not([readonly])';

/** Fails unless the box lies inside the window. */
async function expectInsideWindow(page: Page, target: Locator, what: string) {
  const box = await target.boundingBox();
  const { width, height } = page.viewportSize()!;
  expect(box, `${what}: no se dibuja`).not.toBeNull();
  const inside = box!.x >= -1 && box!.y >= -1 && box!.x + box!.width <= width + 1 && box!.y + box!.height <= height + 1;
  expect(inside, `${what}: queda fuera de la ventana (${Math.round(box!.x)}, ${Math.round(box!.y)}, ${Math.round(box!.width)}×${Math.round(box!.height)} en ${width}×${height})`).toBe(true);
}

/** Opens a select, checks its options are listed inside the window, picks one it did not have and checks it stuck. */
async function trySelect(page: Page, control: Locator, name: string, mayBeEmpty: boolean) {
  await control.click();
  await expect(control, `${name}: no se abre`).toHaveAttribute('aria-expanded', 'true');
  const listbox = page.locator(`[id="${await control.getAttribute('aria-controls')}"]`);
  const options = listbox.getByRole('option');
  if (mayBeEmpty && (await options.count()) === 0) {
    await page.keyboard.press('Escape');
    return;
  }
  await expect(options.first(), `${name}: no lista opciones`).toBeVisible();
  const free = listbox.locator('[role="option"]:not([aria-selected="true"]):not([data-combobox-disabled])').first();
  if ((await free.count()) === 0) {
    // Every option already chosen (a single option, already the value): opening and listing is what is left to check.
    await expectInsideWindow(page, options.first(), `${name}: la opción`);
    await page.keyboard.press('Escape');
    return;
  }
  // Pinned by id: once chosen it is no longer a free option, and the free-option locator would move on.
  const choice = listbox.locator(`[id="${await free.getAttribute('id')}"]`);
  const label = (await choice.textContent())!.trim();
  await expectInsideWindow(page, choice, `${name}: la opción «${label}»`);
  const pills = () => control.evaluate((element) => element.closest('.mantine-MultiSelect-root')?.querySelectorAll('.mantine-MultiSelect-pill').length ?? -1);
  const before = await pills();
  await choice.click();
  if (before >= 0) {
    // A multi-select shows the choice as one more pill (a picked option may leave the list).
    await expect.poll(pills, { message: `${name}: la opción «${label}» no queda elegida` }).toBe(before + 1);
    await page.keyboard.press('Escape');
  } else {
    await expect(control, `${name}: la opción «${label}» no queda elegida`).toHaveValue(label);
  }
}

/** Opens a date picker, checks its calendar is inside the window, picks a day and checks it stuck. */
async function tryDate(page: Page, control: Locator, name: string) {
  await control.click();
  const dropdown = page.locator('[data-dates-dropdown]:visible');
  await expect(dropdown, `${name}: el calendario no se abre`).toHaveCount(1);
  await expectInsideWindow(page, dropdown, `${name}: el calendario`);
  const day = dropdown.locator('table button:not([data-disabled]):not([data-outside]):not([data-selected]):not([data-hidden])');
  await expect(day.first(), `${name}: el calendario no tiene días que elegir`).toBeVisible();
  const count = await day.count();
  const pick = day.nth(Math.min(count - 1, 9));
  const number = (await pick.textContent())!.trim().padStart(2, '0');
  await pick.click();
  await expect(control, `${name}: el día ${number} no queda elegido`).toHaveValue(new RegExp(`^${number}-\\d{2}-\\d{4}$`));
  await expect(dropdown, `${name}: el calendario no se cierra`).toHaveCount(0);
}

/**
 * On a phone a list's filters fold behind «Filtros» (FilterBar): opens every folded panel in `scope`, so
 * its selects are swept too. Called again before each control: a choice may re-render the bar.
 */
async function unfoldFilters(scope: Locator) {
  const folded = scope.getByRole('button', { name: /^Filtros/, expanded: false });
  for (let n = await folded.count(); n > 0; n--) {
    const toggle = folded.first();
    if (!(await toggle.isVisible())) break;
    const panel = scope.page().locator(`[id="${await toggle.getAttribute('aria-controls')}"]`);
    await toggle.click();
    // The panel shows its content a frame after the click, as it starts to open: wait for it.
    await expect(panel.locator('input').first(), 'los filtros no se abren').toBeVisible();
  }
}

/** Every select and date picker inside `scope`, one after another, each re-found after the previous choice. */
async function sweep(page: Page, scope: Locator, where: string, mayBeEmpty: string[] = []) {
  const seen = new Set<string>();
  for (let i = 0; ; i++) {
    await unfoldFilters(scope);
    const controls = scope.locator(CONTROLS);
    if (i >= (await controls.count())) break;
    const control = controls.nth(i);
    const label = await accessibleName(control);
    const name = `${where} · «${label}»`;
    if (seen.has(name)) continue;
    seen.add(name);
    if ((await control.getAttribute('data-dates-input')) !== null) await tryDate(page, control, name);
    else await trySelect(page, control, name, mayBeEmpty.includes(label));
    await settled(page);
  }
  return seen.size;
}

function accessibleName(control: Locator) {
  return control.evaluate((element) => {
    const input = element as HTMLInputElement;
    return input.labels?.[0]?.textContent?.replace(/\s*\*\s*$/, '').trim() || input.getAttribute('aria-label') || input.placeholder || input.name || '(sin nombre)';
  });
}

interface Target {
  path: string;
  /** Buttons that open a dialog or form with its own selects. */
  dialogs?: string[];
  /** Pages whose controls depend on data this company lacks may have none; the others must have one. */
  optional?: boolean;
  /**
   * Selects whose options come from the caller's own records (a worker's report lists the sites of their
   * marks and the shifts of their plan): with none yet they open empty.
   */
  mayBeEmpty?: string[];
}

async function sweepPages(page: Page, targets: Target[]) {
  for (const target of targets) {
    await test.step(target.path, async () => {
      await open(page, target.path);
      const main = page.getByRole('main');
      const found = await sweep(page, main, target.path, target.mayBeEmpty);
      for (const button of target.dialogs ?? []) {
        await main.getByRole('button', { name: button, exact: true }).first().click();
        // A dialog (its chunk may still be loading) or a form in the page: wait for either before choosing,
        // or a dialog that opens a moment late is looked for as an inline form and never found.
        const inline = main.getByRole('form', { name: button });
        await expect(page.getByRole('dialog').or(inline).first(), `${target.path}: «${button}» no abre su formulario`).toBeVisible();
        const dialog = page.getByRole('dialog').last();
        const scope = (await dialog.count()) > 0 ? dialog : inline;
        await expect(scope, `${target.path}: «${button}» no abre su formulario`).toBeVisible();
        const inDialog = await sweep(page, scope, `${target.path} › ${button}`);
        expect(inDialog, `${target.path} › ${button}: sin selectores`).toBeGreaterThan(0);
        await page.keyboard.press('Escape');
      }
      if (!target.optional) expect(found + (target.dialogs?.length ?? 0), `${target.path}: sin selectores`).toBeGreaterThan(0);
    });
  }
}

// Areas small enough that a failure names its page and each test stays well inside the per-test timeout.
const ADMIN_AREAS: Record<string, Target[]> = {
  'home and users': [
    { path: '/dashboard', optional: true },
    { path: '/dashboard/users' },
    { path: '/dashboard/users/register' },
    { path: '/dashboard/users/me', optional: true },
  ],
  groups: [
    { path: '/dashboard/group', dialogs: ['Nuevo grupo'], optional: true },
    { path: '/dashboard/group/edit' },
    { path: '/dashboard/group/states' },
    { path: '/dashboard/group/assignment-leaders' },
    { path: '/dashboard/group/assignment-masiva' },
  ],
  'company, sites and clocks': [
    { path: '/dashboard/settings/company', optional: true },
    { path: '/dashboard/settings/sites', dialogs: ['Nueva sede'] },
    { path: '/dashboard/settings/clocks', dialogs: ['Nuevo reloj'] },
  ],
  'permission types, alerts, inspections and incidents': [
    { path: '/dashboard/settings/permission', optional: true },
    { path: '/dashboard/settings/alerts', optional: true },
    { path: '/dashboard/settings/inspections', optional: true },
    { path: '/dashboard/settings/incidents', optional: true },
  ],
  'attendance and inconsistencies': [
    { path: '/dashboard/assists' },
    { path: '/dashboard/settings/assists-user' },
    { path: '/dashboard/inconsistencies' },
  ],
  'marking attempts and corrections': [
    { path: '/dashboard/marking-attempts' },
    { path: '/dashboard/corrections' },
  ],
  permissions: [
    { path: '/dashboard/permisos', dialogs: ['Asignar permiso'] },
    { path: '/dashboard/permisos/mios', dialogs: ['Solicitar permiso'], optional: true },
  ],
  'overtime and remunerations': [
    { path: '/dashboard/extra-time/approvals' },
    { path: '/dashboard/extra-time/pacts', dialogs: ['Nuevo pacto'] },
    { path: '/dashboard/extra-time/mine' },
    { path: '/dashboard/remunerations' },
  ],
  planning: [
    { path: '/dashboard/planning' },
    { path: '/dashboard/create-planning' },
    { path: '/dashboard/planning/shift-list', optional: true },
    { path: '/dashboard/bulk-shift-upload', optional: true },
    { path: '/dashboard/bulk-planning-upload', optional: true },
    { path: '/dashboard/bulk-planner', optional: true },
  ],
  'fingerprint, kiosks and marking': [
    { path: '/dashboard/enroll-footprint' },
    { path: '/dashboard/footprints-register' },
    { path: '/dashboard/kiosks', dialogs: ['Abrir quiosco'] },
    { path: '/dashboard/pin', optional: true },
    { path: '/dashboard/web-marking', optional: true },
  ],
  'marks and attendance reports': [{ path: '/dashboard/reports/brand' }, { path: '/dashboard/reports/attendance' }],
  'arrears and absences reports': [{ path: '/dashboard/reports/arrears' }, { path: '/dashboard/reports/absences' }],
  'permissions and overtime reports': [{ path: '/dashboard/reports/assigned-permissions' }, { path: '/dashboard/reports/extra-time' }],
  'headcount report': [{ path: '/dashboard/reports/endowment' }],
  'legal reports': [{ path: '/dashboard/reports/legal' }],
};

const WORKER_AREAS: Record<string, Target[]> = {
  'trabajador: home, own data, planning and attendance': [
    { path: '/dashboard', optional: true },
    { path: '/dashboard/users/me', optional: true },
    { path: '/dashboard/planning', optional: true },
    { path: '/dashboard/settings/assists-user', optional: true },
    { path: '/dashboard/corrections', optional: true },
  ],
  'trabajador: permissions, overtime, fingerprint and PIN': [
    { path: '/dashboard/permisos/mios', dialogs: ['Solicitar permiso'], optional: true },
    { path: '/dashboard/extra-time/mine', optional: true },
    { path: '/dashboard/enroll-footprint', optional: true },
    { path: '/dashboard/pin', optional: true },
  ],
  'trabajador: marks and attendance reports': [
    { path: '/dashboard/reports/brand', mayBeEmpty: ['Sede'] },
    { path: '/dashboard/reports/attendance', mayBeEmpty: ['Turno'] },
  ],
  'trabajador: other reports': [
    { path: '/dashboard/reports/arrears', mayBeEmpty: ['Turno'] },
    { path: '/dashboard/reports/absences', mayBeEmpty: ['Turno'] },
    { path: '/dashboard/reports/assigned-permissions', mayBeEmpty: ['Turno'] },
    { path: '/dashboard/reports/extra-time', mayBeEmpty: ['Turno'] },
  ],
};

for (const viewport of [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
]) {
  test.describe(`every select and date picker at ${viewport.width}x${viewport.height}`, () => {
    test.use({ viewport });
    for (const [area, targets] of Object.entries(ADMIN_AREAS)) {
      test(`administrador: ${area}`, async ({ page, company }) => {
        await signInWithToken(page, company.adminToken);
        await sweepPages(page, targets);
      });
    }
    for (const [area, targets] of Object.entries(WORKER_AREAS)) {
      test(area, async ({ page, company }) => {
        await signInWithToken(page, company.workerToken);
        await sweepPages(page, targets);
      });
    }
  });
}
