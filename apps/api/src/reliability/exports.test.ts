import { Worker } from 'node:worker_threads';
import { formatRut } from '@jornada/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN_RUT, DEMO_PASSWORD, seedDemo } from '../demo/seed';
import { createTestApp, type TestApp } from '../test/app';
import { signIn } from '../test/factories';
import { markingCompany, markingWorker } from '../test/fixtures/marks';
import { maxOf, whileProbingFromThread, type ProbeResult } from '../test/request-probe';

/**
 * No export freezes the server. The Word and PDF of the legal report b) used to be drawn on the event
 * loop: a two-month Word export of the demo company held `/api/health` for 4–13 s, and a fiscalizador
 * asking for it in a loop left another company's worker 24.5 s on one web mark. Here the
 * demo company's fiscalizador downloads its largest exports (b) over the demo's two months, all its
 * marks and plans, in Word, PDF and Excel) while another thread asks `/api/health` every 20 ms and has
 * a worker of another company mark via the web every 250 ms: health answers within 200 ms and the
 * mark within 500 ms, each over what it takes with the server idle and one core busy, as a render
 * thread keeps it (a few ms on a quiet machine; on a loaded one, what the load alone costs).
 */
const HEALTH_CEILING_MS = 200;
const MARK_CEILING_MS = 500;
/** The demo's marks and plans: the previous and the current month of its clock (2025-06-02). */
const LARGEST = 'periodo=rango&desde=2025-05-01&hasta=2025-06-30';

let t: TestApp;
let base: string;
let fiscalizador: string;
let admin: string;
let otherWorker: string;
let otherAdmin: string;
let idle: ProbeResult;

async function download(authorization: string, url: string) {
  const started = performance.now();
  const response = await fetch(`${base}${url}`, { headers: { authorization } });
  const body = Buffer.from(await response.arrayBuffer());
  return { status: response.status, body, headers: response.headers, ms: performance.now() - started };
}

const legal = (formato: string, query = LARGEST, reporte = 'jornada') => `/api/v1/reportes-legales/${reporte}/exportar?formato=${formato}&${query}`;

beforeAll(async () => {
  t = await createTestApp();
  const people = await seedDemo(t.database.db, t.clock.now());
  const inspector = people.find((p) => p.perfil === 'fiscalizador')!;
  fiscalizador = `Bearer ${(await signIn(t.app, formatRut(inspector.rut)!, DEMO_PASSWORD)).tokenSesion}`;
  admin = `Bearer ${(await signIn(t.app, formatRut(DEMO_ADMIN_RUT)!, DEMO_PASSWORD)).tokenSesion}`;
  const other = await markingCompany(t.app, t.database.db);
  otherWorker = (await markingWorker(t.app, t.database.db, other)).token;
  otherAdmin = other.admin.headers.authorization!;
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  // What health and a mark take with nothing asked of the server but a core busy, on this machine right now.
  ({ probe: idle } = await whileProbingFromThread({ base, mark: { token: otherWorker } }, async () => {
    const busy = new Worker('const end = Date.now() + 3000; let x = 0; while (Date.now() < end) x = Math.sqrt(x + 1);', { eval: true });
    await new Promise((resolve) => busy.once('exit', resolve));
  }));
}, 300_000);
afterAll(() => t?.close());

describe('exports leave the event loop free', () => {
  it("the demo company's largest exports: /api/health within 200 ms and another company's web mark within 500 ms", async () => {
    const { result, probe } = await whileProbingFromThread({ base, mark: { token: otherWorker } }, async () => {
      const files = [];
      for (const formato of ['docx', 'pdf', 'xlsx']) files.push({ formato, ...(await download(fiscalizador, legal(formato))) });
      return files;
    });
    for (const file of result) expect(file.status, `${file.formato}: ${file.body.subarray(0, 200).toString()}`).toBe(200);
    const [docx, pdf, xlsx] = result;
    expect(docx!.body.subarray(0, 2).toString('latin1')).toBe('PK');
    expect(pdf!.body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(xlsx!.body.subarray(0, 2).toString('latin1')).toBe('PK');
    console.info(
      [
        `b) del demo, dos meses: Word ${docx!.ms.toFixed(0)} ms (${(docx!.body.length / 1e3).toFixed(0)} KB), PDF ${pdf!.ms.toFixed(0)} ms (${(pdf!.body.length / 1e3).toFixed(0)} KB), Excel ${xlsx!.ms.toFixed(0)} ms (${(xlsx!.body.length / 1e3).toFixed(0)} KB)`,
        `/api/health máx. ${maxOf(probe.health).toFixed(0)} ms (${probe.health.latencies.length} sondeos; sin exportar, con un núcleo ocupado, ${maxOf(idle.health).toFixed(0)} ms)`,
        `marca web de otra empresa máx. ${maxOf(probe.marks).toFixed(0)} ms (${probe.marks.latencies.length} marcas; sin exportar, con un núcleo ocupado, ${maxOf(idle.marks).toFixed(0)} ms)`,
      ].join('\n'),
    );
    expect(Object.keys(probe.health.statuses)).toEqual(['200']);
    expect(Object.keys(probe.marks.statuses).every((status) => status === '200' || status === '201')).toBe(true);
    expect(probe.health.latencies.length).toBeGreaterThan(20);
    expect(probe.marks.latencies.length).toBeGreaterThan(3);
    expect(maxOf(probe.health)).toBeLessThan(HEALTH_CEILING_MS + maxOf(idle.health));
    expect(maxOf(probe.marks)).toBeLessThan(MARK_CEILING_MS + maxOf(idle.marks));
  }, 180_000);

  it('one export per company at a time: a fourth at once gets a Spanish 429, another company is not held behind them', async () => {
    const url = legal('pdf');
    const mine = Promise.all([0, 1, 2, 3].map(() => download(admin, url)));
    // Another company's export while the demo company's four are queued.
    const theirs = await download(otherAdmin, legal('xlsx', 'periodo=mes&desde=2025-06-01'));
    const answers = await mine;
    expect(theirs.status).toBe(200);
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([200, 200, 200, 429]);
    const refused = answers.find((a) => a.status === 429)!;
    expect(refused.headers.get('retry-after')).toBe('5');
    expect(JSON.parse(refused.body.toString()).error.message).toBe('Hay otras exportaciones en curso. Inténtalo de nuevo en unos segundos.');
    // The other company's file did not wait for the three of the demo company.
    expect(theirs.ms).toBeLessThan(Math.max(...answers.filter((a) => a.status === 200).map((a) => a.ms)));
  }, 180_000);

  it('a document over 50,000 rows is refused in Spanish before its days are read', async () => {
    const started = performance.now();
    const answer = await download(admin, legal('docx', 'periodo=rango&desde=2020-06-03&hasta=2025-06-02'));
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body.toString()).error.message).toBe(
      'Una descarga admite hasta 50.000 filas y este reporte tiene más: filtra por grupo, sede, cargo, turno o trabajador, o acorta el periodo.',
    );
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});
