import { randomUUID } from 'node:crypto';
import { publicReceipt, receiptLines } from '@jornada/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index';
import { runAsCompany } from '../../db/tenant-context';
import { createTestApp, type TestApp } from '../../test/app';
import { dotted } from '../../test/factories';
import { mark, markingCompany, markingWorker, pdfText, setCompanyResolution, SITE_POSITION, type MarkingCompany } from '../../test/fixtures/marks';

let t: TestApp;
let company: MarkingCompany;

beforeAll(async () => {
  t = await createTestApp();
  company = await markingCompany(t.app, t.database.db);
});
afterAll(() => t.close());
const BASE = '2025-06-02T13:00:00.000Z';
afterEach(() => {
  t.clock.set(BASE);
});


const near = { lat: SITE_POSITION.lat + 0.0002, lng: SITE_POSITION.lng, precisionM: 12 };
/** About 1.1 km north of the site. */




describe('receipts', () => {
  it('e-mails a receipt with every legal field to the personal address, once, through the queue', async () => {
    const db = t.database.db;
    await setCompanyResolution(db, company.companyId, '1234', '2024-05-10');
    const worker = await markingWorker(t.app, db, company, { emailPersonal: 'personal.trabajador@gmail.com' });
    const [row] = await db.select().from(users).where(eq(users.id, worker.id));
    t.mailer.sent.length = 0;
    const created = (await mark(t.app, worker.headers, { tipo: 'inicio_colacion', posicion: near })).json();
    expect(t.mailer.sent).toHaveLength(0);
    await t.app.jobs.drain();
    await t.app.jobs.drain();
    const mails = t.mailer.sent.filter((m) => m.to === 'personal.trabajador@gmail.com');
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toBe('Comprobante de marca: inicio de colación 02/06/25 09:00:00');
    for (const field of [
      '02/06/25',
      '09:00:00',
      `${row!.nombre} ${row!.apellidos}`,
      dotted(row!.rut),
      'Inicio de colación',
      created.marca.hash,
      company.razonSocial,
      'Catedral 1009, Santiago, Región Metropolitana de Santiago',
      'N° 1234 del 10/05/2024',
      `${near.lat.toFixed(6)}, ${near.lng.toFixed(6)} (precisión 12 m)`,
      `http://jornada.test/verificar/${created.marca.hash}`,
    ]) {
      expect(mail.text, field).toContain(field);
      expect(mail.html, field).toContain(field.replace(/&/g, '&amp;'));
    }
    expect(mail.text).toMatch(/RUT del empleador: \d{1,2}\.\d{3}\.\d{3}-[\dK]/);

    const pdf = await t.app.inject({ method: 'GET', url: `/api/v1/marcas/${created.marca.id}/comprobante.pdf`, headers: worker.headers });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = pdfText(pdf.rawPayload);
    for (const field of ['Fecha: 02/06/25', 'Hora: 09:00:00', dotted(row!.rut), 'Inicio de colación', created.marca.hash, company.razonSocial, 'N° 1234 del 10/05/2024', 'Catedral 1009']) {
      expect(text, field).toContain(field);
    }
    const json = await t.app.inject({ method: 'GET', url: `/api/v1/marcas/${created.marca.id}/comprobante`, headers: worker.headers });
    expect(json.json()).toEqual(created.comprobante);
  });

  it('uses the work e-mail when there is no personal one', async () => {
    const worker = await markingWorker(t.app, t.database.db, company);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, worker.id));
    await mark(t.app, worker.headers, { tipo: 'entrada' });
    await t.app.jobs.drain();
    expect(t.mailer.sent.filter((m) => m.to === row!.email)).toHaveLength(1);
  });
});

describe('verification', () => {
  it('GET /api/v1/verificar/:hash is public and shows what proves the receipt, never the e-mail', async () => {
    const worker = await markingWorker(t.app, t.database.db, company, { emailPersonal: 'secreto@gmail.com' });
    const created = (await mark(t.app, worker.headers, { tipo: 'entrada' })).json();
    const response = await t.app.inject({ method: 'GET', url: `/api/v1/verificar/${created.marca.hash.toUpperCase()}` });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ integra: true, comprobante: publicReceipt(created.comprobante) });
    expect(response.body).not.toContain('secreto@gmail.com');
    const unknown = await t.app.inject({ method: 'GET', url: `/api/v1/verificar/${'a'.repeat(64)}` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toContain('No existe un comprobante');
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/verificar/no-es-un-hash' })).statusCode).toBe(404);
  });
});


describe('the receipt of a correction', () => {
  it('shows the corrected time as the mark\'s, and when the correction was recorded apart, never as offline', async () => {
    const db = t.database.db;
    const worker = await markingWorker(t.app, db, company);
    // Recorded on 2025-06-02 09:00 in Santiago for a salida of 2025-05-29 18:05 (beyond the 72 h of an offline mark).
    const result = await runAsCompany(company.companyId, () =>
      t.app.marks.recordMark(
        { companyId: company.companyId, userId: worker.id, tipo: 'salida', metodo: 'correccion', idCliente: `correccion:${randomUUID()}`, horaOriginal: '2025-05-29T22:05:00.000Z', sinCorreo: true },
        { now: t.clock.now() },
      ),
    );
    expect(result.status).toBe('recorded');
    if (result.status !== 'recorded') return;
    expect(result.marca).toMatchObject({ metodo: 'correccion', offline: false, horaOriginal: '2025-05-29T22:05:00.000Z' });
    expect(result.comprobante).toMatchObject({ fecha: '29/05/25', hora: '18:05:00', horaOriginal: null, correccionRegistrada: '02/06/25 09:00:00', metodoEtiqueta: 'Corrección' });
    expect(receiptLines(result.comprobante)).toContainEqual(['Corrección', 'registrada el 02/06/25 09:00:00; la fecha y hora de arriba son las corregidas']);
    const attempts = await t.app.inject({ method: 'GET', url: `/api/v1/intentos-marcaje?usuarioId=${worker.id}`, headers: company.admin.headers });
    expect(attempts.json().items).toEqual([]);
  });
});

describe('the resolution on a receipt is the worker’s own exceptional schedule (art. 38 inc. final)', () => {
  it('prints the worker’s resolution while in force, the company’s otherwise, and none without either', async () => {
    const db = t.database.db;
    const own = await markingCompany(t.app, db);
    const schedule = async (payload: Record<string, unknown>) => {
      const response = await t.app.inject({ method: 'POST', url: '/api/v1/jornadas-excepcionales', headers: own.admin.headers, payload });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<{ id: string }>().id;
    };
    const assign = async (userId: string, jornadaExcepcionalId: string) => {
      const response = await t.app.inject({ method: 'PATCH', url: `/api/v1/usuarios/${userId}`, headers: own.admin.headers, payload: { jornadaExcepcionalId } });
      expect(response.statusCode, response.body).toBe(200);
    };
    const inForce = await schedule({ numero: 'Res. Ex. 55', fecha: '2025-01-15', diasTrabajo: 7, diasDescanso: 7, vigenteDesde: '2025-02-01' });
    const ended = await schedule({ numero: 'Res. Ex. 12', fecha: '2024-01-10', diasTrabajo: 4, diasDescanso: 4, vigenteHasta: '2025-05-31' });
    const [onSchedule, pastSchedule, ordinary] = [await markingWorker(t.app, db, own), await markingWorker(t.app, db, own), await markingWorker(t.app, db, own)];
    await assign(onSchedule.id, inForce);
    await assign(pastSchedule.id, ended);
    const receiptOf = async (headers: Record<string, string>, tipo = 'entrada') => {
      const response = await mark(t.app, headers, { tipo, posicion: near });
      expect(response.statusCode, response.body).toBe(201);
      return response.json().comprobante;
    };
    const first = await receiptOf(onSchedule.headers);
    expect(first.resolucionExcepcional).toEqual({ numero: 'Res. Ex. 55', fecha: '2025-01-15' });
    expect(receiptLines(first).flat().join(' ')).toContain('Res. Ex. 55');
    // The same receipt read again (and its PDF) says the same.
    const again = await t.app.inject({ method: 'GET', url: `/api/v1/marcas/${first.marcaId}/comprobante`, headers: onSchedule.headers });
    expect(again.json().resolucionExcepcional).toEqual({ numero: 'Res. Ex. 55', fecha: '2025-01-15' });
    expect((await receiptOf(pastSchedule.headers)).resolucionExcepcional).toBeNull();
    expect((await receiptOf(ordinary.headers)).resolucionExcepcional).toBeNull();
    // A company that declares its own resolution: the workers without one in force carry the company's.
    await setCompanyResolution(db, own.companyId, '900', '2023-03-01');
    t.clock.set('2025-06-02T14:00:00.000Z');
    expect((await receiptOf(pastSchedule.headers, 'salida')).resolucionExcepcional).toEqual({ numero: '900', fecha: '2023-03-01' });
    expect((await receiptOf(onSchedule.headers, 'salida')).resolucionExcepcional).toEqual({ numero: 'Res. Ex. 55', fecha: '2025-01-15' });
  });
});

describe('the resolution on a receipt may come from the worker’s group (art. 38 inc. final)', () => {
  it('prints the group’s resolution for a member without one of their own, theirs for a member with one', async () => {
    const db = t.database.db;
    const own = await markingCompany(t.app, db);
    const post = async (url: string, payload: Record<string, unknown>) => {
      const response = await t.app.inject({ method: 'POST', url, headers: own.admin.headers, payload });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<{ id: string }>().id;
    };
    const byGroup = await post('/api/v1/jornadas-excepcionales', { numero: 'Res. Ex. 321', fecha: '2025-02-03', diasTrabajo: 7, diasDescanso: 7 });
    const personal = await post('/api/v1/jornadas-excepcionales', { numero: 'Res. Ex. 654', fecha: '2025-03-04', diasTrabajo: 4, diasDescanso: 4 });
    const group = await post('/api/v1/grupos', { nombre: 'Bodega', jornadaExcepcionalId: byGroup });
    const [member, withOwn] = [await markingWorker(t.app, db, own), await markingWorker(t.app, db, own)];
    const members = await t.app.inject({ method: 'PUT', url: `/api/v1/grupos/${group}/miembros`, headers: own.admin.headers, payload: { agregar: [member.id, withOwn.id] } });
    expect(members.statusCode, members.body).toBe(200);
    const assigned = await t.app.inject({ method: 'PATCH', url: `/api/v1/usuarios/${withOwn.id}`, headers: own.admin.headers, payload: { jornadaExcepcionalId: personal } });
    expect(assigned.statusCode, assigned.body).toBe(200);
    const receiptOf = async (headers: Record<string, string>) => {
      const response = await mark(t.app, headers, { tipo: 'entrada', posicion: near });
      expect(response.statusCode, response.body).toBe(201);
      return response.json().comprobante;
    };
    const first = await receiptOf(member.headers);
    expect(first.resolucionExcepcional).toEqual({ numero: 'Res. Ex. 321', fecha: '2025-02-03' });
    const again = await t.app.inject({ method: 'GET', url: `/api/v1/marcas/${first.marcaId}/comprobante`, headers: member.headers });
    expect(again.json().resolucionExcepcional).toEqual({ numero: 'Res. Ex. 321', fecha: '2025-02-03' });
    expect((await receiptOf(withOwn.headers)).resolucionExcepcional).toEqual({ numero: 'Res. Ex. 654', fecha: '2025-03-04' });
  });
});
