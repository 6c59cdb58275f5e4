/**
 * The alerts of DT Res. Exenta 38 with the test clock, site America/Santiago (UTC-3 in summer, UTC-4
 * in winter): shift D 08:00–17:00 with a fixed colación 13:00–14:00. Each case uses its own worker and
 * date, and reads only the e-mails addressed to that worker.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { TipoMarca } from '@jornada/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { planningDays, sites, users } from '../../db/schema/index';
import { runAsSystem } from '../../db/tenant-context';
import { createTestApp, MemoryMailer, testConfig, type TestApp } from '../../test/app';
import { bearer, dotted, signIn } from '../../test/factories';
import { addPerson, companyWithAdmin, PERSON_PASSWORD, type Person } from '../../test/people';

let t: TestApp;
let companyId: string;
let razonSocial: string;
let admin: Person;
let siteId: string;
let groupId: string;
let leader: Person;
let shiftD: { id: string; version: number };
const emails = new Map<string, string>();

/** A call as a person, signed in at the clock's time (the tests move the clock past any session). */
async function api(method: 'GET' | 'PUT' | 'POST', url: string, who: Person, payload?: object) {
  const headers = bearer((await signIn(t.app, dotted(who.rut), PERSON_PASSWORD)).tokenSesion);
  return t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
}

async function worker(nombre: string, options: { exceptuadoDescansoDominical?: boolean } = {}): Promise<Person> {
  const person = await addPerson(t.app, t.database.db, companyId, 'trabajador', { siteId, groupId, nombre, apellidos: 'Prueba', ...options });
  const personal = `${nombre.toLowerCase()}.personal@correo.cl`;
  await t.database.db.update(users).set({ emailPersonal: personal }).where(eq(users.id, person.id));
  emails.set(person.id, personal);
  return person;
}

async function plan(userId: string, date: string) {
  const at = new Date('2026-01-01T00:00:00Z');
  await t.database.db.insert(planningDays).values({ companyId, userId, date, kind: 'turno', shiftId: shiftD.id, shiftVersion: shiftD.version, firstPlannedAt: at, assignedAt: at, origin: 'manual' });
}

async function markAt(person: Person, tipo: TipoMarca, at: string) {
  const result = await runAsSystem(() => t.app.marks.recordMark({ companyId, userId: person.id, tipo, metodo: 'web', idCliente: randomUUID(), sinCorreo: true }, { now: new Date(at) }));
  expect(result.status, JSON.stringify(result)).toBe('recorded');
}

/** Moves the clock, runs a scan and the queue as the server's timer and job loop would. */
async function scanAt(at: string) {
  t.clock.set(at);
  await t.app.alerts.scan(new Date(at));
  await t.app.jobs.drain();
}

/** The alert e-mails to a worker (the permissions module writes to them too). */
const mailsOf = (person: Person, mailer: MemoryMailer = t.mailer) => mailer.sent.filter((m) => m.to === emails.get(person.id) && m.subject.startsWith('Alerta de asistencia'));

beforeAll(async () => {
  t = await createTestApp();
  const company = await companyWithAdmin(t.app);
  companyId = company.companyId;
  razonSocial = company.razonSocial;
  admin = await addPerson(t.app, t.database.db, companyId, 'administrador', { nombre: 'Adela', apellidos: 'Administradora' });
  const [site] = await t.database.db.insert(sites).values({ companyId, nombre: 'Casa Matriz', region: 'RM', comuna: 'Santiago', timeZone: 'America/Santiago' }).returning({ id: sites.id });
  siteId = site!.id;
  groupId = (await api('POST', '/api/v1/grupos', admin, { nombre: 'Sala de ventas' })).json<{ id: string }>().id;
  leader = await addPerson(t.app, t.database.db, companyId, 'supervisor', { nombre: 'Lucía', apellidos: 'Líder' });
  expect((await api('PUT', `/api/v1/grupos/${groupId}/lideres`, admin, { liderIds: [leader.id] })).statusCode).toBe(200);
  const shift = await api('POST', '/api/v1/turnos', admin, {
    nombre: 'Turno D',
    codigo: 'D',
    color: '#228be6',
    inicio: '08:00',
    fin: '17:00',
    colacion: { tipo: 'fija', inicio: '13:00', fin: '14:00' },
    toleranciaAtrasoMin: 5,
    toleranciaSalidaMin: 5,
  });
  expect(shift.statusCode, shift.body).toBe(201);
  shiftD = shift.json();
}, 300_000);

afterAll(async () => {
  await t?.close();
});

beforeEach(() => {
  t.mailer.sent.length = 0;
});

describe('missed mark alerts', () => {
  it('an entrada not marked: one e-mail at +30 minutes (not at +29) to the worker, with a copy to the leader', async () => {
    const ana = await worker('Ana');
    await plan(ana.id, '2026-03-10'); // Tuesday, UTC-3: 08:00 is 11:00Z
    await scanAt('2026-03-10T11:29:00Z');
    expect(mailsOf(ana)).toHaveLength(0);
    await scanAt('2026-03-10T11:30:00Z');
    await scanAt('2026-03-10T11:31:00Z');
    const mails = mailsOf(ana);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.cc).toContain((await t.database.db.select({ email: users.email }).from(users).where(eq(users.id, leader.id)))[0]!.email);
    expect(mail.subject).toBe('Alerta de asistencia: entrada no registrada 10/03/26 08:00:00');
    expect(mail.text).toContain(`RUT: ${dotted(ana.rut)}`);
    expect(mail.text).toContain(razonSocial);
    expect(mail.text).toContain('Hora planificada: 08:00:00 (America/Santiago)');
    expect(mail.text).toContain('Alerta emitida: 10/03/26 08:30:00');
    // Absent all day: the salida is not alerted again (one alert for the absence).
    await scanAt('2026-03-10T20:30:00Z');
    expect(mailsOf(ana)).toHaveLength(1);
    // The log of sent alerts shows it.
    const log = (await api('GET', '/api/v1/configuracion/alertas/enviadas', admin)).json<{ items: { tipo: string; trabajador: { id: string }; enviadaEn: string | null }[] }>();
    expect(log.items.filter((a) => a.trabajador.id === ana.id)).toEqual([expect.objectContaining({ tipo: 'entrada', enviadaEn: '2026-03-10T11:30:00.000Z' })]);
  });

  it('the entrada marked at +20 minutes: nothing; the salida missing: an alert at its +30', async () => {
    const bruno = await worker('Bruno');
    await plan(bruno.id, '2026-03-17');
    await markAt(bruno, 'entrada', '2026-03-17T11:20:00Z');
    await scanAt('2026-03-17T11:30:00Z');
    await scanAt('2026-03-17T12:00:00Z');
    expect(mailsOf(bruno)).toHaveLength(0);
    await scanAt('2026-03-17T20:30:00Z');
    expect(mailsOf(bruno).map((m) => m.subject)).toEqual(['Alerta de asistencia: salida no registrada 17/03/26 17:00:00']);
  });

  it('an approved permission covering the day: nothing', async () => {
    const carla = await worker('Carla');
    await plan(carla.id, '2026-03-24');
    const types = (await api('GET', '/api/v1/tipos-permiso', admin)).json<{ items: { id: string; codigo: string }[] }>().items;
    const medical = types.find((x) => x.codigo === 'L.M.')!;
    const assigned = await api('POST', '/api/v1/permisos', admin, { usuarioId: carla.id, tipoId: medical.id, desde: '2026-03-24', hasta: '2026-03-24' });
    expect(assigned.statusCode, assigned.body).toBe(201);
    await scanAt('2026-03-24T11:30:00Z');
    await scanAt('2026-03-24T20:30:00Z');
    expect(mailsOf(carla)).toHaveLength(0);
  });

  it('the alert turned off in the settings: nothing; the administrators copied when chosen', async () => {
    const settings = await api('GET', '/api/v1/configuracion/alertas', admin);
    expect(settings.json()).toEqual({ marcaOmitida: true, colacionOmitida: false, limiteDiario: true, limiteSemanal: true, descansoCompensatorio: true, copiaAdministradores: false });
    const off = await api('PUT', '/api/v1/configuracion/alertas', admin, { ...settings.json(), marcaOmitida: false });
    expect(off.json()).toMatchObject({ marcaOmitida: false });
    const diego = await worker('Diego');
    await plan(diego.id, '2026-03-31');
    await scanAt('2026-03-31T11:30:00Z');
    expect(mailsOf(diego)).toHaveLength(0);
    await api('PUT', '/api/v1/configuracion/alertas', admin, { ...settings.json(), copiaAdministradores: true });
    await plan(diego.id, '2026-04-01');
    await scanAt('2026-04-01T11:30:00Z');
    const [mail] = mailsOf(diego);
    const admins = await t.database.db.select({ email: users.email }).from(users).where(and(eq(users.companyId, companyId), eq(users.perfil, 'administrador')));
    expect(mail!.cc).toEqual(expect.arrayContaining(admins.map((a) => a.email)));
    await api('PUT', '/api/v1/configuracion/alertas', admin, settings.json());
  });

  it('a shift planned on a holiday (Friday 2026-05-01, Día del Trabajo) expects no mark: nothing', async () => {
    const julia = await worker('Julia');
    await plan(julia.id, '2026-05-01');
    await scanAt('2026-05-01T12:30:00Z');
    expect(mailsOf(julia)).toHaveLength(0);
  });

  it('DST: on Sunday 2026-09-06 (summer time starts) the 08:00 entrada is due at 11:30Z, not an hour later', async () => {
    const hugo = await worker('Hugo');
    await plan(hugo.id, '2026-09-06');
    await scanAt('2026-09-06T11:29:59Z');
    expect(mailsOf(hugo)).toHaveLength(0);
    await scanAt('2026-09-06T11:30:00Z');
    expect(mailsOf(hugo).map((m) => m.subject)).toEqual(['Alerta de asistencia: entrada no registrada 06/09/26 08:00:00']);
  });

  it('two API processes on one database, and a restart: one e-mail', async () => {
    const elena = await worker('Elena');
    await plan(elena.id, '2026-04-07'); // winter time (UTC-4): 08:00 is 12:00Z
    const second = new MemoryMailer();
    const other = await buildApp({ db: t.database.appDatabase.db, config: testConfig(), clock: t.clock.now, mailer: second });
    try {
      t.clock.set('2026-04-07T12:30:00Z');
      const now = new Date('2026-04-07T12:30:00Z');
      await Promise.all([t.app.alerts.scan(now), other.alerts.scan(now), t.app.alerts.scan(now), other.alerts.scan(now)]);
      await Promise.all([t.app.jobs.drain(), other.jobs.drain()]);
      expect(mailsOf(elena).length + mailsOf(elena, second).length).toBe(1);
    } finally {
      await other.close();
    }
    // A process started afterwards (a restart) finds the alert recorded and sends nothing.
    const third = new MemoryMailer();
    const restarted = await buildApp({ db: t.database.appDatabase.db, config: testConfig(), clock: t.clock.now, mailer: third });
    try {
      t.clock.set('2026-04-07T12:45:00Z');
      await restarted.alerts.scan(new Date('2026-04-07T12:45:00Z'));
      await restarted.jobs.drain();
      expect(mailsOf(elena, third)).toHaveLength(0);
    } finally {
      await restarted.close();
    }
    expect(mailsOf(elena).length + mailsOf(elena, second).length).toBe(1);
  });
});

describe('legal limit alerts', () => {
  it('a day past 10 worked hours: one alert', async () => {
    const fabian = await worker('Fabián');
    await plan(fabian.id, '2026-04-14'); // UTC-4
    await markAt(fabian, 'entrada', '2026-04-14T12:00:00Z'); // 08:00
    await markAt(fabian, 'salida', '2026-04-14T23:30:00Z'); // 19:30: 11 h 30 min less the 1 h colación
    await scanAt('2026-04-15T00:00:00Z');
    await scanAt('2026-04-15T00:05:00Z');
    const mails = mailsOf(fabian);
    expect(mails.map((m) => m.subject)).toEqual(['Alerta de asistencia: jornada diaria sobre el máximo legal (14/04/26)']);
    expect(mails[0]!.text).toContain('Tiempo trabajado: 10:30:00');
    expect(mails[0]!.text).toContain('Máximo legal: 10:00:00');
  });

  it('a week past 42 hours (Ley 21.561 from 2026-04-26): one alert', async () => {
    const gabriela = await worker('Gabriela');
    for (const [i, date] of ['2026-05-04', '2026-05-05', '2026-05-06', '2026-05-07', '2026-05-08'].entries()) {
      await plan(gabriela.id, date);
      await markAt(gabriela, 'entrada', `${date}T12:00:00Z`); // 08:00
      await markAt(gabriela, 'salida', `${date}T21:30:00Z`); // 17:30: 8 h 30 min a day
      if (i === 3) {
        await scanAt(`${date}T22:00:00Z`); // 34 h so far: nothing yet
        expect(mailsOf(gabriela)).toHaveLength(0);
      }
    }
    await scanAt('2026-05-08T22:00:00Z');
    await scanAt('2026-05-09T12:00:00Z');
    const mails = mailsOf(gabriela);
    expect(mails.map((m) => m.subject)).toEqual(['Alerta de asistencia: jornada semanal sobre el máximo legal (semana del 04/05/26)']);
    expect(mails[0]!.text).toContain('Tiempo trabajado: 42:30:00');
    expect(mails[0]!.text).toContain('Máximo legal: 42:00:00 (Ley 21.561)');
  });
});

describe('compensatory rest not granted (art. 38 inc. 3)', () => {
  it('a Sunday that ended seven days worked, with no rest in the seven days after it: one alert naming the worker and the date; a holiday compensated with a D.C.38 day: none', async () => {
    const rosa = await worker('Rosa', { exceptuadoDescansoDominical: true });
    // Seven days of 8 hours also pass the weekly limit: only this alert's e-mails are read here.
    const restMails = () => mailsOf(rosa).filter((m) => m.subject.includes('descanso compensatorio'));
    // Monday 1 to Sunday 7 June 2026 worked (UTC-4: 08:00 is 12:00Z), and Monday 29 June (San Pedro y San Pablo).
    for (const date of ['2026-06-01', '2026-06-02', '2026-06-03', '2026-06-04', '2026-06-05', '2026-06-06', '2026-06-07', '2026-06-29']) {
      await plan(rosa.id, date);
      await markAt(rosa, 'entrada', `${date}T12:00:00Z`);
      await markAt(rosa, 'salida', `${date}T21:00:00Z`);
    }
    // The Sunday's term runs to Sunday 14 June: nothing yet on its last day.
    await scanAt('2026-06-14T16:00:00Z');
    expect(restMails()).toHaveLength(0);
    await scanAt('2026-06-15T16:00:00Z');
    await scanAt('2026-06-15T18:00:00Z');
    const mails = restMails();
    expect(mails.map((m) => m.subject)).toEqual(['Alerta de asistencia: descanso compensatorio no otorgado (07/06/26)']);
    expect(mails[0]!.text).toContain('Rosa Prueba trabajó el domingo 07-06-2026 y no se le otorgó su día de descanso compensatorio hasta el 14-06-2026 (art. 38 inc. 3).');
    expect(mails[0]!.text).toContain('Plazo para otorgarlo: hasta el 14/06/26');
    // To the worker, with a copy to their leader, like every alert.
    expect(mails[0]!.cc).toContain((await t.database.db.select({ email: users.email }).from(users).where(eq(users.id, leader.id)))[0]!.email);

    // The holiday's day is granted as a whole-day D.C.38 permission on Wednesday 1 July, within its term: no alert.
    t.clock.set('2026-06-30T15:00:00Z');
    const types = (await api('GET', '/api/v1/tipos-permiso', admin)).json<{ items: { id: string; codigo: string }[] }>().items;
    const granted = await api('POST', '/api/v1/permisos', admin, { usuarioId: rosa.id, tipoId: types.find((type) => type.codigo === 'D.C.38')!.id, desde: '2026-07-01', hasta: '2026-07-01' });
    expect(granted.statusCode, granted.body).toBe(201);
    t.mailer.sent.length = 0;
    await scanAt('2026-07-08T16:00:00Z');
    expect(restMails()).toHaveLength(0);

    // The log lists it for the administrator.
    const sent = (await api('GET', '/api/v1/configuracion/alertas/enviadas?tipo=descanso_compensatorio', admin)).json<{ items: { trabajador: { id: string }; fecha: string }[] }>();
    expect(sent.items.filter((a) => a.trabajador.id === rosa.id).map((a) => a.fecha)).toEqual(['2026-06-07']);
  });
});

describe('settings', () => {
  it('only administrators; bad bodies are a Spanish 400', async () => {
    const someone = await worker('Iris');
    expect((await api('GET', '/api/v1/configuracion/alertas', someone)).statusCode).toBe(403);
    expect((await api('PUT', '/api/v1/configuracion/alertas', leader, { marcaOmitida: true })).statusCode).toBe(403);
    const bad = await api('PUT', '/api/v1/configuracion/alertas', admin, { marcaOmitida: 'sí', colacionOmitida: false, limiteDiario: true, limiteSemanal: true, descansoCompensatorio: true, copiaAdministradores: false });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({ marcaOmitida: 'Marca omitida debe ser verdadero o falso.' });
    const extra = await api('PUT', '/api/v1/configuracion/alertas', admin, { marcaOmitida: true, colacionOmitida: false, limiteDiario: true, limiteSemanal: true, descansoCompensatorio: true, copiaAdministradores: false, x: '\u0000' });
    expect(extra.statusCode).toBe(400);
    expect((await api('GET', '/api/v1/configuracion/alertas/enviadas?page=0', admin)).statusCode).toBe(400);
    // Another company sees none of these alerts.
    const other = await companyWithAdmin(t.app);
    const otherAdmin = await addPerson(t.app, t.database.db, other.companyId, 'administrador');
    expect((await api('GET', '/api/v1/configuracion/alertas/enviadas', otherAdmin)).json()).toMatchObject({ total: 0, items: [] });
  });
});
