import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';
import { registerCompanyWithAdmin, signIn } from '../test/factories';
import { whileProbingHealth } from '../test/health-probe';
import {
  cellInXfdOnEveryRow,
  manySharedStrings,
  sharedStringsDeclaring,
  slowButLegal,
  workbook,
  zipBomb,
} from '../test/hostile-xlsx';

/**
 * Hostile workbooks sent over real HTTP to both uploads that read spreadsheets (users' bulk preview,
 * open to any new company's administrator; planning's, open to supervisors). Each must be refused
 * with a Spanish 400 in seconds, the process must not grow by more than MEMORY_CEILING_MB while it
 * reads, and `/api/health` (polled every 20 ms meanwhile) must answer within 200 ms every time but
 * one, and that one within a second (see `whileProbingHealth`: one answer can wait for a core).
 */
const MEMORY_CEILING_MB = 150;
const HEALTH_CEILING_MS = 200;
const HEALTH_SLOWEST_CEILING_MS = 1_000;
const ANSWER_CEILING_MS = 5_000;

const ROUTES = {
  usuarios: { url: '/api/v1/usuarios/carga-masiva/vista-previa', headers: ['RUT', 'Nombre', 'Apellidos', 'Correo', 'Horas semanales', 'Inicio contrato'] },
  planificacion: { url: '/api/v1/cargas/planificacion/vista-previa', headers: ['RUT', 'Fecha', 'Turno'] },
} as const;

let t: TestApp;
let base: string;
let authorization: string;

interface Measured {
  status: number;
  body: { error?: { code: string; message: string } };
  elapsedMs: number;
  healthMaxMs: number;
  healthMaxButOneMs: number;
  healthProbes: number;
  rssGrowthMb: number;
  /** Share of the upload's wall time the event loop spent busy (0..1): low when the file is read in a worker. */
  mainThreadBusy: number;
}

/** Uploads a file while polling /api/health and sampling the process's resident memory. */
async function uploadMeasured(url: string, file: Buffer, filename = 'archivo.xlsx'): Promise<Measured> {
  const rssBefore = process.memoryUsage.rss();
  let rssPeak = rssBefore;
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, process.memoryUsage.rss());
  }, 5);
  const form = new FormData();
  form.append('archivo', new Blob([file]), filename);
  try {
    const { result, healthMaxMs, healthMaxButOneMs, probes } = await whileProbingHealth(base, async () => {
      const started = performance.now();
      const loopBefore = performance.eventLoopUtilization();
      const response = await fetch(`${base}${url}`, { method: 'POST', body: form, headers: { authorization } });
      const body = (await response.json()) as Measured['body'];
      return { status: response.status, body, elapsedMs: performance.now() - started, mainThreadBusy: performance.eventLoopUtilization(loopBefore).utilization };
    });
    const rssGrowthMb = (Math.max(rssPeak, process.memoryUsage.rss()) - rssBefore) / 1024 ** 2;
    return { ...result, healthMaxMs, healthMaxButOneMs, healthProbes: probes, rssGrowthMb };
  } finally {
    clearInterval(sampler);
  }
}

const figures: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  const { admin } = await registerCompanyWithAdmin(t.app);
  authorization = `Bearer ${(await signIn(t.app, admin.rut, admin.password)).tokenSesion}`;
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  // Warm the reader threads so the figures are the files' own cost, not a thread's start-up.
  for (const route of Object.values(ROUTES)) await uploadMeasured(route.url, workbook(['RUT'], [['12.345.678-5']]));
}, 60_000);

afterAll(async () => {
  await t?.close();
  console.info(`planillas hostiles:\n${figures.join('\n')}`);
});

const HOSTILE = [
  { name: '5.000 filas con una celda en A y otra en XFD (~50 KB)', file: (headers: readonly string[]) => cellInXfdOnEveryRow(5_000, [...headers]), message: /columna XFD/ },
  { name: 'zip de 2 MB que se expande a 2 GB', file: () => zipBomb(), message: /descomprimido supera 128 MB/ },
  { name: 'zip de 2 MB que se expande a 2 GB y declara 1 KB', file: () => zipBomb({ lie: true }), message: /descomprimido supera 128 MB/ },
  { name: '60 millones de textos compartidos', file: () => manySharedStrings(60_000_000, { declared: 60_000_000 }), message: /descomprimido supera 128 MB/ },
  { name: '60 millones de textos compartidos, con tamaños falsos', file: () => manySharedStrings(60_000_000, { lie: true }), message: /descomprimido supera 128 MB/ },
  { name: 'tabla de textos que declara 60 millones', file: () => sharedStringsDeclaring(60_000_000), message: /más de 1\.000\.000 textos distintos/ },
  { name: '2 millones de textos compartidos sin declararlos (34 MB descomprimidos)', file: () => manySharedStrings(2_000_000), message: /más de 1\.000\.000 textos distintos/ },
];

describe.each(Object.entries(ROUTES))('hostile spreadsheets on the %s upload', (routeName, route) => {
  it.each(HOSTILE.map((hostile) => [hostile.name, hostile] as const))('%s: Spanish 400 in seconds, bounded memory, health answering', async (name, { file, message }) => {
    const measured = await uploadMeasured(route.url, file(route.headers));
    figures.push(
      `  ${routeName} · ${name}: ${measured.status} en ${measured.elapsedMs.toFixed(0)} ms; +${measured.rssGrowthMb.toFixed(1)} MB de memoria; /api/health máx. ${measured.healthMaxMs.toFixed(1)} ms, el siguiente ${measured.healthMaxButOneMs.toFixed(1)} ms (${measured.healthProbes} sondeos)`,
    );
    expect(measured.status, JSON.stringify(measured.body)).toBe(400);
    expect(measured.body.error?.code).toBe('VALIDATION');
    expect(measured.body.error?.message).toMatch(message);
    expect(measured.elapsedMs).toBeLessThan(ANSWER_CEILING_MS);
    expect(measured.rssGrowthMb).toBeLessThan(MEMORY_CEILING_MB);
    expect(measured.healthMaxButOneMs).toBeLessThan(HEALTH_CEILING_MS);
    expect(measured.healthMaxMs).toBeLessThan(HEALTH_SLOWEST_CEILING_MS);
  }, 60_000);

  it('reads a large file within the limits off the event loop: health keeps answering while it is read', async () => {
    const file = slowButLegal(20_000, 30, [...route.headers]);
    const measured = await uploadMeasured(route.url, file);
    figures.push(
      `  ${routeName} · archivo lento pero válido (${(file.length / 1024 ** 2).toFixed(1)} MB, 600.000 celdas): ${measured.status} en ${measured.elapsedMs.toFixed(0)} ms; hilo principal ocupado ${(measured.mainThreadBusy * 100).toFixed(0)} %; +${measured.rssGrowthMb.toFixed(1)} MB; /api/health máx. ${measured.healthMaxMs.toFixed(1)} ms, el siguiente ${measured.healthMaxButOneMs.toFixed(1)} ms (${measured.healthProbes} sondeos)`,
    );
    expect(measured.status).toBe(400);
    expect(measured.body.error?.message).toBe('El archivo no tiene filas de datos bajo los encabezados.');
    // Reading took long enough for the probe to have run many times meanwhile.
    expect(measured.healthProbes).toBeGreaterThan(5);
    // The event loop stayed mostly idle: the reading happened elsewhere.
    expect(measured.mainThreadBusy).toBeLessThan(0.5);
    expect(measured.healthMaxButOneMs).toBeLessThan(HEALTH_CEILING_MS);
    expect(measured.healthMaxMs).toBeLessThan(HEALTH_SLOWEST_CEILING_MS);
    expect(measured.rssGrowthMb).toBeLessThan(MEMORY_CEILING_MB);
  }, 60_000);
});

describe('after the hostile files', () => {
  it('the same uploads still read ordinary files', async () => {
    const response = await uploadMeasured(ROUTES.usuarios.url, workbook([...ROUTES.usuarios.headers], [['12.345.678-5', 'Ana', 'Pérez', 'ana@ejemplo.cl', '42', '01-03-2024']]));
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toMatchObject({ valido: true, resumen: { crear: 1 } });
  });

  it('shows the file name back without control characters (multipart bodies are not JSON)', async () => {
    const response = await uploadMeasured(ROUTES.usuarios.url, workbook([...ROUTES.usuarios.headers], [['12.345.678-5', 'Ana', 'Pérez', 'ana@ejemplo.cl', '42', '01-03-2024']]), 'usu\u0000arios\u0007.xlsx');
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ archivo: 'usuarios.xlsx' });
  });
});
