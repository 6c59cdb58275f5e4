import { mkdirSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { rutCheckDigit } from '../../packages/domain/src/rut';
import { E2E_MAILBOX } from './env';

/** A random valid RUT with dots, unique enough for one test run. */
export function randomRut(min = 10_000_000, max = 25_000_000): string {
  const body = min + Math.floor(Math.random() * (max - min));
  return `${String(body).replace(/\B(?=(\d{3})+(?!\d))/g, '.')}-${rutCheckDigit(body)}`;
}

export interface Admin {
  rut: string;
  password: string;
  nombre: string;
  apellidos: string;
  email: string;
  razonSocial: string;
}

/**
 * Registers a company and its principal administrator through the spec's two public calls, and confirms
 * the company's e-mail with the link it was sent (its user invitations wait until then); `who` gives
 * the administrator a RUT and password already used in another company (a person with two employers).
 */
export async function createCompanyWithAdmin(request: APIRequestContext, who: Partial<Pick<Admin, 'rut' | 'password'>> = {}): Promise<Admin> {
  const suffix = Math.random().toString(36).slice(2, 8);
  const razonSocial = `Servicios Prueba ${suffix} SpA`;
  const companyEmail = `contacto-${suffix}@example.cl`;
  const company = await request.post('/api/empresa/crear', {
    data: {
      nombre: `Prueba ${suffix}`,
      rutEmpresa: randomRut(76_000_000, 77_999_999),
      direccion: 'Av. Providencia 1234, Providencia',
      telefono: '+56 2 2345 6789',
      email: companyEmail,
      rubro: 'Comercio',
      razonSocial,
      resolucion: false,
      comentario: '',
    },
  });
  expect(company.ok(), await company.text()).toBeTruthy();
  const { onboardingToken } = (await company.json()) as { onboardingToken: string };
  const admin: Admin = {
    rut: who.rut ?? randomRut(),
    password: who.password ?? `clave-${suffix}-segura`,
    nombre: 'Camila',
    apellidos: 'Rojas Muñoz',
    email: `camila-${suffix}@example.cl`,
    razonSocial,
  };
  const user = await request.post('/api/usuarios/crear', {
    headers: { 'X-Onboarding-Token': onboardingToken },
    data: {
      nombre: admin.nombre,
      apellidos: admin.apellidos,
      cargo: 'Jefa de Personas',
      rut: admin.rut,
      password: admin.password,
      email: admin.email,
      direccion: 'Los Leones 456, Providencia',
      razon_social: razonSocial,
      telefono: '+56 9 8765 4321',
      inicio_contrato: '2024-01-02',
      fin_contrato: '',
    },
  });
  expect(user.ok(), await user.text()).toBeTruthy();
  await confirmCompanyEmail(request, companyEmail);
  return admin;
}

/** Opens the company e-mail confirmation link the company's address was sent, as its owner would. */
export async function confirmCompanyEmail(request: APIRequestContext, companyEmail: string) {
  const mail = decodeQuotedPrintable(await waitForMail(companyEmail));
  const token = /\/confirmar-correo\/([A-Za-z0-9_-]+)/.exec(mail)?.[1];
  expect(token, 'el correo de la empresa trae el enlace para confirmarlo').toBeTruthy();
  const confirmed = await request.post('/api/v1/empresa/confirmar-correo', { data: { token } });
  expect(confirmed.ok(), await confirmed.text()).toBeTruthy();
}

/** Signs in through the sign-in page and waits for the dashboard. */
export async function signIn(page: Page, admin: Pick<Admin, 'rut' | 'password'>) {
  await page.goto('/');
  await page.getByLabel('RUT', { exact: true }).fill(admin.rut);
  await page.getByLabel('Contraseña', { exact: true }).fill(admin.password);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/**
 * Signs the page in with a session made through the API, as the web app keeps it (keys `token` and
 * `token_set_at`), for journeys about other pages (the sign-in page has its own).
 */
export async function signInWithToken(page: Page, token: string) {
  await page.addInitScript((value) => {
    if (!window.localStorage.getItem('token')) {
      window.localStorage.setItem('token', value);
      window.localStorage.setItem('token_set_at', String(Date.now()));
    }
  }, token);
}

/** The token the session store keeps in local storage (spec: key `token`). */
export function storedToken(page: Page) {
  return page.evaluate(() => window.localStorage.getItem('token'));
}

/** Waits for an e-mail to `to` in the run's SMTP mailbox and returns its raw text. */
export async function waitForMail(to: string, timeoutMs = 15_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    for (const file of readdirSync(E2E_MAILBOX).sort().reverse()) {
      const raw = readFileSync(path.join(E2E_MAILBOX, file), 'utf8');
      if (raw.split('\r\n', 1)[0]!.toLowerCase().includes(to.toLowerCase())) return raw;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No llegó un correo para ${to}`);
}

/** Decodes quoted-printable soft breaks and escapes so links can be read from a raw message. */
/** Quoted-printable (soft breaks and =XX bytes) to text; the bytes are UTF-8, so accents come back as written. */
export function decodeQuotedPrintable(raw: string): string {
  const bytes = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** Waits until the page has no loading indicator left (skeletons, "Cargando…" states) and its calls settled. */
export async function waitForPageData(page: Page) {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(page.getByRole('status', { name: /^Cargando/ })).toHaveCount(0);
}

/**
 * Fails on serious or critical accessibility violations (axe) of the page as it is now. `soft` records the
 * failure and lets the test go on (a sweep over many pages reports all of them in one run).
 */
export async function expectAccessible(page: Page, { soft = false }: { soft?: boolean } = {}) {
  // Let entrance animations (a toast sliding in, a modal fading in) finish: mid-fade colours are
  // washed out and axe would measure their contrast. Endless ones (loaders) are left running.
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
  );
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  (soft ? expect.soft : expect)(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.length}) ${v.nodes.slice(0, 2).map((n) => `${n.html.slice(0, 160)} ${n.failureSummary?.split('\n')[1] ?? ''}`).join(' | ')}`)).toEqual([]);
}

/** Signs in through the API and returns a Bearer header for setting up data without the UI. */
export async function apiSession(request: APIRequestContext, who: Pick<Admin, 'rut' | 'password'>) {
  const response = await request.post('/api/usuarios/auth', { data: { rut: who.rut, password: who.password } });
  expect(response.ok(), await response.text()).toBeTruthy();
  const { tokenSesion } = (await response.json()) as { tokenSesion: string };
  return { Authorization: `Bearer ${tokenSesion}` };
}

export interface CreatedUser {
  id: string;
  rut: string;
  nombre: string;
  apellidos: string;
  email: string;
  password: string;
}

/** Creates a user through the API, then sets their password through the invitation link they were e-mailed. */
export async function createUser(
  request: APIRequestContext,
  headers: Record<string, string>,
  data: { nombre: string; apellidos: string; perfil?: string; grupoId?: string; sedeId?: string },
): Promise<CreatedUser> {
  const suffix = Math.random().toString(36).slice(2, 8);
  const user = { rut: randomRut(), email: `${data.nombre.toLowerCase()}-${suffix}@example.cl`, password: `Clave-${suffix}-2026` };
  const response = await request.post('/api/v1/usuarios', {
    headers,
    data: {
      nombre: data.nombre,
      apellidos: data.apellidos,
      rut: user.rut,
      email: user.email,
      perfil: data.perfil ?? 'trabajador',
      horasSemanales: 42,
      inicioContrato: '2026-01-05',
      metodosMarcaje: ['web'],
      ...(data.grupoId ? { grupoId: data.grupoId } : {}),
      ...(data.sedeId ? { sedeId: data.sedeId } : {}),
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const { id } = (await response.json()) as { id: string };
  const mail = decodeQuotedPrintable(await waitForMail(user.email));
  const token = /\/reset-password\/([A-Za-z0-9_-]+)/.exec(mail)?.[1];
  expect(token, 'la invitación trae el enlace para crear la contraseña').toBeTruthy();
  const reset = await request.post('/api/v1/auth/reset-password', { data: { token, password: user.password } });
  expect(reset.ok(), await reset.text()).toBeTruthy();
  return { id, nombre: data.nombre, apellidos: data.apellidos, ...user };
}

/** Creates a group through the API. */
export async function createGroup(request: APIRequestContext, headers: Record<string, string>, nombre: string) {
  const response = await request.post('/api/v1/grupos', { headers, data: { nombre, descripcion: `Grupo ${nombre}` } });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: string; nombre: string };
}

/**
 * Screenshots of the page at a laptop and a phone size (`<dir>/<name>-<w>x<h>.png`), for a person to look at the
 * page as it was drawn; the `after` size (the laptop's by default) is set again when done.
 */
export async function shootBothSizes(
  page: Page,
  dir: string,
  name: string,
  { laptop = { width: 1366, height: 900 }, fullPage = true, after = laptop }: { laptop?: { width: number; height: number }; fullPage?: boolean; after?: { width: number; height: number } } = {},
) {
  mkdirSync(dir, { recursive: true });
  for (const size of [laptop, { width: 390, height: 844 }]) {
    await page.setViewportSize(size);
    await page.screenshot({ path: `${dir}/${name}-${size.width}x${size.height}.png`, fullPage });
  }
  await page.setViewportSize(after);
}
