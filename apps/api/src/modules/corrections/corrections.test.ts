import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { markCorrections, marks, users } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/app';
import { addPerson, type Person } from '../../test/people';
import { markingCompany, markingWorker, type MarkingCompany } from '../../test/fixtures/marks';
import { act, listCorrections, propose, repeatedAttempt, signedIn } from '../../test/fixtures/corrections';

let t: TestApp;
let company: MarkingCompany;
/** An administrator who can sign in again after the clock moves (sessions last 2 hours). */
let admin: Person;
let adminName: string;
let adminEmail: string;

beforeAll(async () => {
  t = await createTestApp();
  company = await markingCompany(t.app, t.database.db);
  admin = await addPerson(t.app, t.database.db, company.companyId, 'administrador', { nombre: 'Camila', apellidos: 'Rojas Muñoz' });
  const [row] = await t.database.db.select().from(users).where(eq(users.id, admin.id));
  adminName = `${row!.nombre} ${row!.apellidos}`;
  adminEmail = row!.email;
});
/** Fresh headers of a person at the clock's current time. */
const as = (person: Person) => signedIn(t.app, person);
afterAll(() => t.close());
beforeEach(async () => {
  t.clock.set('2025-06-02T13:00:00.000Z');
  await t.app.jobs.drain();
  t.mailer.sent.length = 0;
});

const mailsTo = (to: string) => t.mailer.sent.filter((m) => m.to === to);

async function marksOf(userId: string) {
  return t.database.db.select().from(marks).where(and(eq(marks.companyId, company.companyId), eq(marks.userId, userId))).orderBy(marks.seq);
}

describe('a correction from an attempt', () => {
  it('e-mails the worker every value, stays pending for 48 hours, then consolidates into a chained mark with its receipt', async () => {
    const db = t.database.db;
    const personal = `correccion-${Date.now()}@gmail.com`;
    const worker = await markingWorker(t.app, db, company, { emailPersonal: personal });
    // 08:00 entrada; at 18:00 the worker pressed entrada again instead of salida.
    const intentoId = await repeatedAttempt(t.app, t.clock, worker, '2025-06-02T12:00:00.000Z', '2025-06-02T22:00:05.000Z');
    await t.app.jobs.drain();
    t.mailer.sent.length = 0;

    t.clock.set('2025-06-02T22:30:00.000Z');
    const created = await propose(t.app, await as(admin), { intentoId, tipo: 'salida', motivo: 'Marcó entrada en vez de salida al terminar su turno.' });
    expect(created.statusCode, created.body).toBe(201);
    const correction = created.json();
    expect(correction).toMatchObject({
      estado: 'pendiente',
      tipo: 'salida',
      instante: '2025-06-02T22:00:05.000Z',
      fecha: '2025-06-02',
      hora: '18:00:05',
      zonaHoraria: 'America/Santiago',
      intentoId,
      plazo: '2025-06-04T22:30:00.000Z',
      solicitadoPor: { id: admin.id, nombre: adminName },
      marcaId: null,
      puedeAnular: true,
      puedeObjetar: false,
    });
    expect(correction.original.descripcion).toBe('Intento de marcaje no registrado: Entrada el 02-06-2025 a las 18:00:05 (Marca repetida (ignorada))');
    expect(correction.historial.map((e: { evento: string }) => e.evento)).toEqual(['propuesta']);

    // The e-mail: original and new values, reason, who asked, the deadline and the link.
    expect(mailsTo(personal)).toHaveLength(0);
    await t.app.jobs.runOnce();
    const [mail] = mailsTo(personal);
    expect(mail?.subject).toBe('Corrección de tu marca: salida del 02-06-2025. Tienes 48 horas para objetarla');
    for (const line of [
      'Valor original: Intento de marcaje no registrado: Entrada el 02-06-2025 a las 18:00:05 (Marca repetida (ignorada))',
      'Valor nuevo: Salida el 02-06-2025 a las 18:00:05',
      'Motivo: Marcó entrada en vez de salida al terminar su turno.',
      `Solicitada por: ${adminName} (${company.razonSocial})`,
      'Plazo para objetar: hasta el 04-06-2025 a las 18:30:00 (America/Santiago)',
      `http://jornada.test/dashboard/corrections?correccion=${correction.id}`,
    ]) {
      expect(mail!.text, line).toContain(line);
      expect(mail!.html, line).toContain(line.split(': ').at(-1)!);
    }

    // One minute before the deadline: still pending, nothing recorded, the worker may still object.
    t.clock.set('2025-06-04T22:29:00.000Z');
    await t.app.jobs.drain();
    const before = (await listCorrections(t.app, await as(worker))).items[0]!;
    expect(before).toMatchObject({ id: correction.id, estado: 'pendiente', puedeObjetar: true, puedeAceptar: true });
    expect(await marksOf(worker.id)).toHaveLength(1);

    // The deadline: the job scheduled for it consolidates.
    t.clock.set('2025-06-04T22:30:00.000Z');
    await t.app.jobs.drain();
    const [first, corrected] = await marksOf(worker.id);
    expect(corrected).toMatchObject({ kind: 'salida', method: 'correccion', seq: 2, prevHash: first!.hash, clientId: `correccion:${correction.id}` });
    expect(corrected!.originalAt?.toISOString()).toBe('2025-06-02T22:00:05.000Z');
    expect(corrected!.offline).toBe(false);

    const after = (await t.app.inject({ method: 'GET', url: `/api/v1/correcciones/${correction.id}`, headers: await as(admin) })).json();
    expect(after).toMatchObject({ estado: 'consolidada', marcaId: corrected!.id, puedeAnular: false, resueltaEn: '2025-06-04T22:30:00.000Z' });
    expect(after.historial.map((e: { evento: string; por: unknown }) => [e.evento, e.por])).toEqual([
      ['propuesta', { id: admin.id, nombre: adminName }],
      ['consolidada', null],
    ]);

    const chain = (await t.app.inject({ method: 'GET', url: `/api/v1/marcas/cadena?usuarioId=${worker.id}`, headers: await as(admin) })).json();
    expect(chain).toMatchObject({ integra: true, marcasVerificadas: 2 });
    const receipts = mailsTo(personal).filter((m) => m.subject.startsWith('Comprobante de marca: salida'));
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.text).toContain(corrected!.hash);
    expect(receipts[0]!.text).toContain('Corrección');

    // The attempts page finds the correction of its attempt; a second one for the same attempt is refused.
    const linked = await listCorrections(t.app, await as(admin), `intentoIds=${intentoId},no-es-un-id`);
    expect(linked.items.map((c) => [c.intentoId, c.estado])).toEqual([[intentoId, 'consolidada']]);
    const again = await propose(t.app, await as(admin), { intentoId, motivo: 'Otra vez' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('Este intento ya se convirtió en marca con una corrección consolidada.');
  });

  it('consolidates on the first read after the deadline, once, even when the job runs afterwards', async () => {
    const worker = await markingWorker(t.app, t.database.db, company);
    const created = (await propose(t.app, await as(admin), { usuarioId: worker.id, tipo: 'entrada', fecha: '2025-06-02', hora: '08:30', motivo: 'Olvidó marcar la entrada.' })).json();
    expect(created.original.descripcion).toBe('Sin marca');
    expect(created.instante).toBe('2025-06-02T12:30:00.000Z');
    t.clock.set('2025-06-04T13:00:00.000Z');
    const listed = (await listCorrections(t.app, await as(worker))).items[0]!;
    expect(listed).toMatchObject({ id: created.id, estado: 'consolidada', puedeObjetar: false });
    await t.app.jobs.drain();
    await t.app.jobs.drain();
    expect(await marksOf(worker.id)).toHaveLength(1);
    const detail = (await t.app.inject({ method: 'GET', url: `/api/v1/correcciones/${created.id}`, headers: await as(worker) })).json();
    expect(detail.historial.filter((e: { evento: string }) => e.evento === 'consolidada')).toHaveLength(1);
  });
});

describe('the worker answers', () => {
  it('an objection keeps the original: no mark, the requester is e-mailed, nothing changes afterwards', async () => {
    const worker = await markingWorker(t.app, t.database.db, company);
    const intentoId = await repeatedAttempt(t.app, t.clock, worker, '2025-06-02T12:00:00.000Z', '2025-06-02T13:00:00.000Z');
    t.clock.set('2025-06-02T14:00:00.000Z');
    const created = (await propose(t.app, await as(admin), { intentoId, tipo: 'inicio_colacion', motivo: 'Era el inicio de su colación.' })).json();
    await t.app.jobs.drain();
    t.mailer.sent.length = 0;

    expect((await act(t.app, await as(worker), created.id, 'objetar', {})).json().error.fields).toEqual({ objecion: 'Ingresa el motivo de tu objeción.' });
    const objected = await act(t.app, await as(worker), created.id, 'objetar', { objecion: 'A esa hora volví a entrar después de un trámite.' });
    expect(objected.statusCode, objected.body).toBe(200);
    expect(objected.json()).toMatchObject({ estado: 'objetada', objecion: 'A esa hora volví a entrar después de un trámite.', puedeObjetar: false, puedeAceptar: false });
    expect(objected.json().historial.at(-1)).toMatchObject({ evento: 'objetada', nota: 'A esa hora volví a entrar después de un trámite.' });

    await t.app.jobs.drain();
    const [mail] = mailsTo(adminEmail);
    expect(mail?.subject).toBe('Corrección objetada: inicio de colación del 02-06-2025');
    expect(mail!.text).toContain('Objeción: A esa hora volví a entrar después de un trámite.');
    expect(mail!.text).toContain('Se mantiene el registro original');

    expect((await act(t.app, await as(worker), created.id, 'objetar', { objecion: 'Otra vez' })).statusCode).toBe(409);
    const accept = await act(t.app, await as(worker), created.id, 'aceptar');
    expect(accept.statusCode).toBe(409);
    expect(accept.json().error.message).toBe('La corrección ya fue objetada: se mantiene el registro original.');
    t.clock.set('2025-06-05T00:00:00.000Z');
    await t.app.jobs.drain();
    expect((await listCorrections(t.app, await as(admin), `usuarioId=${worker.id}`)).items[0]).toMatchObject({ estado: 'objetada', marcaId: null });
    expect(await marksOf(worker.id)).toHaveLength(1);
    // After an objection the employer may propose again (a different correction).
    expect((await propose(t.app, await as(admin), { intentoId, tipo: 'salida', motivo: 'Salida anticipada autorizada.' })).statusCode).toBe(201);
  });

  it('accepting records the mark at once', async () => {
    const worker = await markingWorker(t.app, t.database.db, company);
    const created = (await propose(t.app, await as(admin), { usuarioId: worker.id, tipo: 'salida', fecha: '2025-06-01', hora: '18:00:00', motivo: 'Olvidó marcar la salida.' })).json();
    const accepted = await act(t.app, await as(worker), created.id, 'aceptar');
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ estado: 'consolidada', resueltaEn: '2025-06-02T13:00:00.000Z' });
    expect(accepted.json().historial.map((e: { evento: string }) => e.evento)).toEqual(['propuesta', 'aceptada', 'consolidada']);
    const [row] = await marksOf(worker.id);
    expect(row).toMatchObject({ id: accepted.json().marcaId, kind: 'salida', method: 'correccion' });
    expect(row!.originalAt?.toISOString()).toBe('2025-06-01T22:00:00.000Z');
    // Idempotent: accepting again answers the same correction and records nothing more.
    expect((await act(t.app, await as(worker), created.id, 'aceptar')).json()).toMatchObject({ estado: 'consolidada', marcaId: row!.id });
    expect(await marksOf(worker.id)).toHaveLength(1);
  });

  it('refuses a proposal that would break the workday’s order, naming the mark; a consolidated correction is fixed by a new one', async () => {
    const worker = await markingWorker(t.app, t.database.db, company);
    const record = async (tipo: string, hora: string) => {
      const created = await propose(t.app, await as(admin), { usuarioId: worker.id, tipo, fecha: '2025-06-01', hora, motivo: 'Reloj sin energía.' });
      expect(created.statusCode, created.body).toBe(201);
      const accepted = await act(t.app, await as(worker), created.json().id, 'aceptar');
      expect(accepted.json().estado).toBe('consolidada');
      return accepted.json().marcaId as string;
    };
    await record('entrada', '15:03');
    await record('inicio_colacion', '18:08');
    await record('fin_colacion', '18:41');
    // An exit at 18:00 would come before the colación: refused, nothing proposed.
    const early = await propose(t.app, await as(admin), { usuarioId: worker.id, tipo: 'salida', fecha: '2025-06-01', hora: '18:00', motivo: 'Olvidó marcar la salida.' });
    expect(early.statusCode).toBe(400);
    expect(early.json().error.fields.hora).toBe(
      'La salida propuesta a las 18:00 del 01-06-2025 quedaría antes del inicio de colación de las 18:08: una salida va después de las demás marcas de la jornada. Revisa la hora o corrige primero esa marca.',
    );
    const colacion = await propose(t.app, await as(admin), { usuarioId: worker.id, tipo: 'inicio_colacion', fecha: '2025-06-01', hora: '14:00', motivo: 'x' });
    expect(colacion.json().error.fields.hora).toBe(
      'El inicio de colación propuesto a las 14:00 del 01-06-2025 quedaría antes de la entrada de las 15:03: la colación va entre la entrada y la salida. Revisa la hora o corrige primero esa marca.',
    );
    const exit = await record('salida', '20:00');
    // The worker really left at 21:00: a second correction of the consolidated one, through the same flow.
    const fix = await propose(t.app, await as(admin), { marcaId: exit, fecha: '2025-06-01', hora: '21:00', motivo: 'La salida fue a las 21:00, no a las 20:00.' });
    expect(fix.statusCode, fix.body).toBe(201);
    const fixed = await act(t.app, await as(worker), fix.json().id, 'aceptar');
    expect(fixed.json()).toMatchObject({ estado: 'consolidada' });
    const rows = await marksOf(worker.id);
    expect(rows.map((m) => m.kind)).toEqual(['entrada', 'inicio_colacion', 'fin_colacion', 'salida', 'salida']);
    expect(rows[4]!.correctsMarkId).toBe(exit);
  });

  it('refuses an objection after the deadline (the correction is consolidated)', async () => {
    const worker = await markingWorker(t.app, t.database.db, company);
    const created = (await propose(t.app, await as(admin), { usuarioId: worker.id, tipo: 'entrada', fecha: '2025-06-02', hora: '08:00', motivo: 'Falla del reloj.' })).json();
    t.clock.set('2025-06-04T13:00:00.001Z');
    const late = await act(t.app, await as(worker), created.id, 'objetar', { objecion: 'No estoy de acuerdo.' });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe('El plazo para objetar venció: la corrección quedó consolidada.');
    expect(await marksOf(worker.id)).toHaveLength(1);
  });

  it('only the worker answers their correction; the employer annuls it before the deadline and the worker is told', async () => {
    const personal = `anulada-${Date.now()}@gmail.com`;
    const worker = await markingWorker(t.app, t.database.db, company, { emailPersonal: personal });
    const created = (await propose(t.app, await as(admin), { usuarioId: worker.id, tipo: 'entrada', fecha: '2025-06-02', hora: '08:00', motivo: 'Falla del reloj.' })).json();
    expect((await act(t.app, await as(admin), created.id, 'aceptar')).statusCode).toBe(403);
    expect((await act(t.app, await as(admin), created.id, 'objetar', { objecion: 'x' })).statusCode).toBe(403);
    expect((await act(t.app, await as(worker), created.id, 'anular', { motivo: 'x' })).statusCode).toBe(403);
    expect((await act(t.app, await as(admin), created.id, 'anular', {})).json().error.fields).toEqual({ motivo: 'Ingresa el motivo de la anulación.' });
    const annulled = await act(t.app, await as(admin), created.id, 'anular', { motivo: 'Me equivoqué de trabajador.' });
    expect(annulled.statusCode, annulled.body).toBe(200);
    expect(annulled.json()).toMatchObject({ estado: 'anulada', anulacion: 'Me equivoqué de trabajador.' });
    await t.app.jobs.drain();
    // Both jobs were due at once (the clock did not move): the queue does not promise their order.
    expect(mailsTo(personal).map((m) => m.subject).sort()).toEqual([
      'Corrección anulada: entrada del 02-06-2025',
      'Corrección de tu marca: entrada del 02-06-2025. Tienes 48 horas para objetarla',
    ]);
    expect(mailsTo(personal).find((m) => m.subject.startsWith('Corrección anulada'))!.text).toContain('Motivo de la anulación: Me equivoqué de trabajador.');
    t.clock.set('2025-06-05T00:00:00.000Z');
    await t.app.jobs.drain();
    expect(await marksOf(worker.id)).toHaveLength(0);
  });
});

describe('when the mark cannot be recorded', () => {
  it('annuls the correction at the deadline, says why, and tells whoever proposed it', async () => {
    const worker = await markingWorker(t.app, t.database.db, company);
    const created = (await propose(t.app, await as(admin), { usuarioId: worker.id, tipo: 'entrada', fecha: '2025-06-02', hora: '08:00', motivo: 'Olvido' })).json();
    // Deactivated before the deadline: the marks module refuses marks of inactive workers.
    await t.database.db.update(users).set({ active: false }).where(eq(users.id, worker.id));
    await t.app.jobs.drain();
    t.mailer.sent.length = 0;
    t.clock.set('2025-06-04T13:00:00.000Z');
    await t.app.jobs.drain();
    const after = (await t.app.inject({ method: 'GET', url: `/api/v1/correcciones/${created.id}`, headers: await as(admin) })).json();
    expect(after).toMatchObject({ estado: 'anulada', marcaId: null });
    expect(after.anulacion).toMatch(/^No se pudo registrar la marca: /);
    expect(after.historial.at(-1)).toMatchObject({ evento: 'anulada', por: null });
    expect(mailsTo(adminEmail).map((m) => m.subject)).toEqual(['Corrección anulada: entrada del 02-06-2025']);
    expect(await marksOf(worker.id)).toHaveLength(0);
  });
});

describe('what a proposal may not be', () => {
  it('refuses a future time, a second pending correction of the same attempt, a repeat, and one’s own marks', async () => {
    const worker = await markingWorker(t.app, t.database.db, company);
    const future = await propose(t.app, await as(admin), { usuarioId: worker.id, tipo: 'entrada', fecha: '2025-06-02', hora: '09:01', motivo: 'x' });
    expect(future.statusCode).toBe(400);
    expect(future.json().error.fields).toEqual({ hora: 'La hora corregida no puede estar en el futuro.' });

    const missing = await propose(t.app, await as(admin), { motivo: ' ' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toMatchObject({ motivo: 'Ingresa el motivo de la corrección.', usuarioId: 'Elige al trabajador.', tipo: 'Elige el tipo de marca.' });

    const intentoId = await repeatedAttempt(t.app, t.clock, worker, '2025-06-02T11:00:00.000Z', '2025-06-02T12:00:00.000Z');
    t.clock.set('2025-06-02T13:00:00.000Z');
    expect((await propose(t.app, await as(admin), { intentoId, tipo: 'salida', motivo: 'Salida' })).statusCode).toBe(201);
    const second = await propose(t.app, await as(admin), { intentoId, tipo: 'salida', fecha: '2025-06-02', hora: '08:30', motivo: 'Otra' });
    expect(second.statusCode).toBe(409);
    expect(second.json().error.message).toContain('ya tiene una corrección pendiente');

    // An entrada 30 minutes from the recorded one would be ignored as a repeat: refused up front.
    const repeat = await propose(t.app, await as(admin), { usuarioId: worker.id, tipo: 'entrada', fecha: '2025-06-02', hora: '07:30', motivo: 'x' });
    expect(repeat.statusCode).toBe(400);
    expect(repeat.json().error.fields.hora).toBe(
      'Ya hay una marca de entrada el 02-06-2025 a las 07:00:00: otra del mismo tipo a menos de 12 horas no se registraría (se conserva la primera).',
    );

    const before = await propose(t.app, await as(admin), { usuarioId: worker.id, tipo: 'entrada', fecha: '2023-12-01', hora: '08:00', motivo: 'x' });
    expect(before.json().error.fields).toEqual({ fecha: 'La fecha es anterior al inicio del contrato del trabajador (02-01-2024).' });

    const own = await propose(t.app, await as(admin), { usuarioId: admin.id, tipo: 'entrada', fecha: '2025-06-02', hora: '08:00', motivo: 'x' });
    expect(own.statusCode).toBe(403);
  });

  it('keeps the proposal and the log unchangeable in the database', async () => {
    const worker = await markingWorker(t.app, t.database.db, company);
    const created = (await propose(t.app, await as(admin), { usuarioId: worker.id, tipo: 'salida', fecha: '2025-06-01', hora: '17:00', motivo: 'Olvido' })).json();
    await act(t.app, await as(worker), created.id, 'aceptar');
    const db = t.database.db;
    const where = and(eq(markCorrections.companyId, company.companyId), eq(markCorrections.id, created.id));
    await expect(db.update(markCorrections).set({ status: 'pendiente' }).where(where)).rejects.toThrow();
    await expect(db.update(markCorrections).set({ reason: 'otro' }).where(where)).rejects.toThrow();
    await expect(db.delete(markCorrections).where(where)).rejects.toThrow();
    await expect(db.execute(sql`update mark_correction_events set note = 'x' where correction_id = ${created.id}`)).rejects.toThrow();
    await expect(db.execute(sql`delete from mark_correction_events where correction_id = ${created.id}`)).rejects.toThrow();
  });
});

describe('a typed time across the clock changes (America/Santiago)', () => {
  it('refuses a time the September change skips, asks which one for a time the April change repeats, and takes the one chosen', async () => {
    const db = t.database.db;
    const worker = await markingWorker(t.app, db, company);
    t.clock.set('2026-09-10T15:00:00.000Z');
    const headers = await as(admin);
    const base = { usuarioId: worker.id, motivo: 'No marcó: estaba en terreno.' };

    // Sunday 2026-09-06: the clock jumps from 00:00 to 01:00; 00:30 never happened.
    const gap = await propose(t.app, headers, { ...base, tipo: 'entrada', fecha: '2026-09-06', hora: '00:30' });
    expect(gap.statusCode).toBe(400);
    expect(gap.json().error.fields).toEqual({
      hora: 'La hora 00:30 del 06-09-2026 no existe en America/Santiago: ese día el reloj salta de las 00:00 a las 01:00 por el cambio de horario. Indique una hora válida.',
    });
    // The hour after the jump is an ordinary time.
    const after = await propose(t.app, headers, { ...base, tipo: 'entrada', fecha: '2026-09-06', hora: '01:30' });
    expect(after.statusCode, after.body).toBe(201);
    expect(after.json()).toMatchObject({ instante: '2026-09-06T04:30:00.000Z', hora: '01:30:00' });

    // Saturday 2026-04-04: 23:00–23:59 happens twice (UTC-3, then UTC-4).
    const twice = await propose(t.app, headers, { ...base, tipo: 'salida', fecha: '2026-04-04', hora: '23:30' });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().error.fields).toEqual({
      ocurrencia:
        'La hora 23:30 del 04-04-2026 ocurre dos veces en America/Santiago por el cambio de horario (primero en UTC-3 y luego en UTC-4): indique si es la primera o la segunda.',
    });
    const bad = await propose(t.app, headers, { ...base, tipo: 'salida', fecha: '2026-04-04', hora: '23:30', ocurrencia: 'tercera' });
    expect(bad.json().error.fields.ocurrencia).toBe('La ocurrencia debe ser primera o segunda.');
    const second = await propose(t.app, headers, { ...base, tipo: 'salida', fecha: '2026-04-04', hora: '23:30', ocurrencia: 'segunda' });
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json()).toMatchObject({ instante: '2026-04-05T03:30:00.000Z', fecha: '2026-04-04', hora: '23:30:00' });
    const first = await propose(t.app, headers, { ...base, tipo: 'entrada', fecha: '2026-04-04', hora: '23:10', ocurrencia: 'primera' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ instante: '2026-04-05T02:10:00.000Z' });
    // An ordinary time ignores the occurrence.
    const ordinary = await propose(t.app, headers, { ...base, tipo: 'entrada', fecha: '2026-07-01', hora: '08:00', ocurrencia: 'segunda' });
    expect(ordinary.json()).toMatchObject({ instante: '2026-07-01T12:00:00.000Z' });
    // Nothing was written for the refused ones.
    const rows = await db.select().from(markCorrections).where(eq(markCorrections.userId, worker.id));
    expect(rows).toHaveLength(4);
  });
});
