import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSpreadsheet, type Sheet } from '../lib/spreadsheet/index';
import { createTestApp, type TestApp } from '../test/app';
import { registerCompanyWithAdmin, signIn } from '../test/factories';
import { slowButLegal, workbook, workbookFromXml } from '../test/hostile-xlsx';
import { whileProbingHealth } from '../test/health-probe';

/**
 * The reader threads are shared by every company: a small file built to keep the XML parser busy
 * (hundreds of thousands of nested rich-text runs) must be refused at once, and one company's slow
 * files must never make another company's upload wait for them or fail with «tardó demasiado».
 */
const USERS_UPLOAD = '/api/v1/usuarios/carga-masiva/vista-previa';
const USER_HEADERS = ['RUT', 'Nombre', 'Apellidos', 'Correo', 'Horas semanales', 'Inicio contrato'];
const ONE_USER_ROW = ['12.345.678-5', 'Ana', 'Pérez', 'ana@ejemplo.cl', '42', '01-03-2024'];
const REFUSAL_CEILING_MS = 1_000;
const HEALTH_CEILING_MS = 200;

const nested = (open: string, close: string, depth: number, inside: string) => `${open.repeat(depth)}${inside}${close.repeat(depth)}`;

/** One inline cell of `depth` rich-text runs, each with a letter and the next run inside it (about 13 KB zipped for 500,000). */
const nestedRunsInline = (depth: number) =>
  workbookFromXml({ rows: `<row r="1"><c r="A1" t="inlineStr"><is>${nested('<r><t>a</t>', '</r>', depth, '')}</is></c></row>` });

/** The same runs in a shared string the header cell points at. */
const nestedRunsShared = (depth: number) =>
  workbookFromXml({ rows: '<row r="1"><c r="A1" t="s"><v>0</v></c></row>', sharedStrings: `<si>${nested('<r>', '</r>', depth, '<t>RUT</t>')}</si>` });

/** Elements of no meaning nested `depth` deep inside a row. */
const deepUnknownElements = (depth: number) =>
  workbookFromXml({ rows: `<row r="1"><c r="A1" t="inlineStr"><is><t>RUT</t></is></c>${nested('<x>', '</x>', depth, '')}</row>` });

/** One cell of `runs` empty runs side by side: no text, so the cell-length limit never sees them. */
const flatEmptyRuns = (runs: number) => workbookFromXml({ rows: `<row r="1"><c r="A1" t="inlineStr"><is>${'<r><t></t></r>'.repeat(runs)}<t>RUT</t></is></c></row>` });

let t: TestApp;
let base: string;
let companyA: string;
let companyB: string;
const figures: string[] = [];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Answer {
  status: number;
  body: { error?: { code: string; message: string }; valido?: boolean };
  elapsedMs: number;
  /** Milliseconds since `since` when the answer arrived. */
  at: number;
}

async function upload(authorization: string, file: Buffer, since = performance.now()): Promise<Answer> {
  const form = new FormData();
  form.append('archivo', new Blob([file]), 'archivo.xlsx');
  const started = performance.now();
  const response = await fetch(`${base}${USERS_UPLOAD}`, { method: 'POST', body: form, headers: { authorization } });
  const body = (await response.json()) as Answer['body'];
  return { status: response.status, body, elapsedMs: performance.now() - started, at: performance.now() - since };
}

const withHealthProbe = <T>(work: () => Promise<T>) => whileProbingHealth(base, work);

beforeAll(async () => {
  t = await createTestApp();
  const a = await registerCompanyWithAdmin(t.app);
  const b = await registerCompanyWithAdmin(t.app);
  companyA = `Bearer ${(await signIn(t.app, a.admin.rut, a.admin.password)).tokenSesion}`;
  companyB = `Bearer ${(await signIn(t.app, b.admin.rut, b.admin.password)).tokenSesion}`;
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  // Warm both reader threads so the figures are the files' own cost, not a thread's start-up.
  const warm = await Promise.all([upload(companyA, workbook(USER_HEADERS, [ONE_USER_ROW])), upload(companyB, workbook(USER_HEADERS, [ONE_USER_ROW]))]);
  for (const answer of warm) expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}, 60_000);

afterAll(async () => {
  await t?.close();
  console.info(`planillas que ocupan al lector:\n${figures.join('\n')}`);
});

describe('files built to keep the XML parser busy', () => {
  const CASES = [
    { name: '500.000 tramos de texto enriquecido anidados en una celda', file: () => nestedRunsInline(500_000), message: /anidados en más de 64 niveles/ },
    { name: '500.000 tramos anidados en un texto compartido', file: () => nestedRunsShared(500_000), message: /anidados en más de 64 niveles/ },
    { name: '500.000 elementos desconocidos anidados en una fila', file: () => deepUnknownElements(500_000), message: /anidados en más de 64 niveles/ },
    { name: '100.000 tramos vacíos uno tras otro en una celda', file: () => flatEmptyRuns(100_000), message: /más de 1\.000 fragmentos de texto/ },
  ];

  it.each(CASES.map((c) => [c.name, c] as const))('%s: a Spanish 400 in under a second, health answering', async (name, { file, message }) => {
    const bytes = file();
    const { result, healthMaxMs } = await withHealthProbe(() => upload(companyA, bytes));
    figures.push(`  ${name} (${(bytes.length / 1024).toFixed(1)} KB): ${result.status} en ${result.elapsedMs.toFixed(0)} ms; /api/health máx. ${healthMaxMs.toFixed(1)} ms`);
    expect(result.status, JSON.stringify(result.body)).toBe(400);
    expect(result.body.error?.code).toBe('VALIDATION');
    expect(result.body.error?.message).toMatch(message);
    expect(result.elapsedMs).toBeLessThan(REFUSAL_CEILING_MS);
    expect(healthMaxMs).toBeLessThan(HEALTH_CEILING_MS);
  }, 60_000);
});

describe('one company per reader thread', () => {
  it("company B's one-row upload is answered while company A's slow files are still being read", async () => {
    // About 3 s of reading each (600,000 cells under no header): within the limits, answered 400 «no tiene filas».
    const slow = slowButLegal(20_000, 30, USER_HEADERS);
    const since = performance.now();
    const aUploads = [upload(companyA, slow, since), upload(companyA, slow, since)];
    await sleep(300);
    const b = await upload(companyB, workbook(USER_HEADERS, [ONE_USER_ROW]), since);
    const a = await Promise.all(aUploads);
    figures.push(
      `  empresa B, 1 fila, con 2 archivos lentos de la empresa A en curso: ${b.status} en ${b.elapsedMs.toFixed(0)} ms; archivos de A respondidos a los ${a.map((x) => x.at.toFixed(0)).join(' y ')} ms`,
    );
    expect(b.status, JSON.stringify(b.body)).toBe(200);
    expect(b.body.valido).toBe(true);
    // B did not wait for any of A's files: it was answered before the first of them.
    expect(b.at).toBeLessThan(Math.min(...a.map((x) => x.at)));
    for (const answer of a) expect(answer.body.error?.message).toBe('El archivo no tiene filas de datos bajo los encabezados.');
  }, 60_000);

  it("counts each file's time from when its reading starts, and never fails B because of A's files", async () => {
    // A time limit the slow file always exceeds and a one-row file never does: 900,000 cells (the limit
    // is 1,000,000) take Node 24 about 1.5 s on a quiet machine (a 1.5 s limit was read through once, in
    // 1.49 s), so half of that; a one-row file takes milliseconds.
    const limits = { timeoutMs: 750 };
    const slow = slowButLegal(30_000, 30, ['RUT']);
    const oneRow = workbook(['RUT'], [['12.345.678-5']]);
    const since = performance.now();
    type Outcome = { sheet?: Sheet; error?: { code?: string; message: string }; at: number };
    const settle = (reading: Promise<Sheet>): Promise<Outcome> =>
      reading.then(
        (sheet) => ({ sheet, at: performance.now() - since }),
        (error: { code?: string; message: string }) => ({ error, at: performance.now() - since }),
      );
    const a1 = settle(readSpreadsheet(slow, { companyId: 'empresa-a', limits }));
    const a2 = settle(readSpreadsheet(slow, { companyId: 'empresa-a', limits }));
    const a3 = settle(readSpreadsheet(oneRow, { companyId: 'empresa-a', limits }));
    const a4 = settle(readSpreadsheet(oneRow, { companyId: 'empresa-a', limits }));
    const b = settle(readSpreadsheet(oneRow, { companyId: 'empresa-b', limits }));
    const [A1, A2, A3, A4, B] = await Promise.all([a1, a2, a3, a4, b]);
    figures.push(
      `  lectura directa, límite de 0,75 s: B leído a los ${B.at.toFixed(0)} ms; A lentos cortados a los ${A1.at.toFixed(0)} y ${A2.at.toFixed(0)} ms; A de 1 fila, tras esperarlos, leído a los ${A3.at.toFixed(0)} ms`,
    );
    // B never waited for A's files, and its clock never ran while it waited.
    expect(B.error).toBeUndefined();
    expect(B.sheet?.rows).toHaveLength(1);
    expect(B.at).toBeLessThan(A1.at);
    // A's slow files each had their own 0.75 s of reading.
    expect(A1.error?.message).toMatch(/tardó demasiado/);
    expect(A2.error?.message).toMatch(/tardó demasiado/);
    // A's one-row file waited behind both (longer than its whole time limit) and was still read.
    expect(A3.error).toBeUndefined();
    expect(A3.sheet?.rows).toHaveLength(1);
    // (Behind two cuts of 0.75 s each: about 1.5 s; the threads' timers and this clock differ by tens of ms.)
    expect(A3.at).toBeGreaterThan(1.8 * limits.timeoutMs);
    // A fourth file of A, with two already waiting, is told to come back.
    expect(A4.error?.code).toBe('RATE_LIMITED');
    expect(A4.error?.message).toMatch(/^Hay muchas planillas leyéndose/);
  }, 60_000);
});
