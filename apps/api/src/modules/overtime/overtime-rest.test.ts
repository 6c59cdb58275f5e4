/**
 * Overtime compensated with vacation days (art. 32 inc. 4, Ley 21.561): the «feriado» pact, the rest it earns
 * (1.5 h an hour, at most 5 business days a contract year) shown as the F.H.E. balance, the 48 hours' notice
 * and the balance that limits a request. Days worked out by hand (America/Santiago, UTC-3 in March 2026): a
 * 08:00–10:00 shift without colación, left at 12:00, so each day has 2 h of overtime; 10 agreed hours a week over
 * 5 days make a 2-hour business day, so 5 business days of rest are 10 h, earned by 6 h 40 min of overtime.
 */
import { randomUUID } from 'node:crypto';
import type { SaldoPermiso, TipoMarca } from '@jornada/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupLeaders, groups, planningDays, sites } from '../../db/schema/index';
import { runAsSystem } from '../../db/tenant-context';
import { createTestApp, type TestApp } from '../../test/app';
import { addPerson, companyWithAdmin, type Person } from '../../test/people';

const H = 3600;
let t: TestApp;
let companyId: string;
let admin: { id: string; headers: Record<string, string> };
let leader: Person;
/** Feriado pact from 2026-03-01: 2 h of overtime on 2026-03-02, 03, 04 and 05. */
let ana: Person;
/** The same overtime, paid (no agreement). */
let bea: Person;
let other: { admin: { headers: Record<string, string> } };
let typeId: string;

type Headers = Record<string, string>;
const api = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, headers: Headers, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

async function markAt(person: Person, tipo: TipoMarca, at: string) {
  const result = await runAsSystem(() => t.app.marks.recordMark({ companyId, userId: person.id, tipo, metodo: 'web', idCliente: randomUUID(), sinCorreo: true }, { now: new Date(at) }));
  expect(result.status, JSON.stringify(result)).toBe('recorded');
}

const DAYS = ['2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05'];
const feriado = (usuarioId: string, extra: Record<string, unknown> = {}) => ({
  usuarioId,
  desde: '2026-03-01',
  hasta: '2026-05-31',
  maxMinutosDia: 120,
  compensacion: 'feriado',
  firmadoEl: '2026-02-27',
  diasSemana: 5,
  ...extra,
});
const fhe = (items: SaldoPermiso[]) => items.filter((s) => s.tipo.codigo === 'F.H.E.');

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set('2026-04-06T15:00:00Z');
  const company = await companyWithAdmin(t.app);
  companyId = company.companyId;
  admin = company.admin;
  const [site] = await t.database.db.insert(sites).values({ companyId, nombre: 'Casa Matriz', region: 'RM', comuna: 'Santiago' }).returning({ id: sites.id });
  const [group] = await t.database.db.insert(groups).values({ companyId, nombre: 'Ventas' }).returning({ id: groups.id });
  leader = await addPerson(t.app, t.database.db, companyId, 'supervisor', { siteId: site!.id });
  await t.database.db.insert(groupLeaders).values({ companyId, groupId: group!.id, userId: leader.id });
  ana = await addPerson(t.app, t.database.db, companyId, 'trabajador', { siteId: site!.id, groupId: group!.id, nombre: 'Ana', apellidos: 'Arancibia', horasSemanales: 10 });
  bea = await addPerson(t.app, t.database.db, companyId, 'trabajador', { siteId: site!.id, groupId: group!.id, nombre: 'Bea', apellidos: 'Bravo', horasSemanales: 10 });
  const shift = await api('POST', '/api/v1/turnos', admin.headers, { nombre: 'Mañana corta', codigo: 'MC', color: '#228be6', inicio: '08:00', fin: '10:00', colacion: { tipo: 'minutos', minutos: 0 }, toleranciaAtrasoMin: 5, toleranciaSalidaMin: 5, confirmarAdvertencias: true });
  expect(shift.statusCode, shift.body).toBe(201);
  const { id: shiftId, version } = shift.json<{ id: string; version: number }>();
  const at = new Date('2026-01-01T00:00:00Z');
  for (const person of [ana, bea]) {
    await t.database.db
      .insert(planningDays)
      .values(DAYS.map((date) => ({ companyId, userId: person.id, date, kind: 'turno' as const, shiftId, shiftVersion: version, firstPlannedAt: at, assignedAt: at, origin: 'manual' as const })));
    for (const date of DAYS) {
      await markAt(person, 'entrada', `${date}T11:00:00Z`);
      await markAt(person, 'salida', `${date}T15:00:00Z`);
    }
  }
  typeId = (await api('GET', '/api/v1/tipos-permiso', admin.headers)).json<{ items: { id: string; codigo: string }[] }>().items.find((x) => x.codigo === 'F.H.E.')!.id;
  other = await companyWithAdmin(t.app);
}, 120_000);
afterAll(() => t.close());

describe('overtime compensated with vacation days (art. 32 inc. 4)', () => {
  it('a new company has the type «Feriado por horas extra (art. 32)»: paid, in días hábiles, requestable', async () => {
    const { items } = (await api('GET', '/api/v1/tipos-permiso', admin.headers)).json<{ items: Record<string, unknown>[] }>();
    expect(items.find((x) => x.codigo === 'F.H.E.')).toMatchObject({ nombre: 'Feriado por horas extra (art. 32)', conGoce: true, unidad: 'dias_habiles', solicitable: true, diasAnuales: null });
  });

  it('the agreement is written: signing date and days a week required, signed by the start, not before Ley 21.561', async () => {
    const noSign = await api('POST', '/api/v1/pactos-horas-extra', admin.headers, feriado(ana.id, { firmadoEl: null }));
    expect(noSign.statusCode).toBe(400);
    expect(noSign.json().error.fields.firmadoEl).toBe('Indica la fecha en que se firmó el acuerdo de compensar con días de feriado.');
    const late = await api('POST', '/api/v1/pactos-horas-extra', admin.headers, feriado(ana.id, { firmadoEl: '2026-03-02' }));
    expect(late.json().error.fields.firmadoEl).toBe('El acuerdo debe estar firmado a más tardar el día de inicio del pacto.');
    const noDays = await api('POST', '/api/v1/pactos-horas-extra', admin.headers, feriado(ana.id, { diasSemana: 7 }));
    expect(noDays.json().error.fields.diasSemana).toBe('La jornada se distribuye en 4 a 6 días a la semana.');
    const before = await api('POST', '/api/v1/pactos-horas-extra', admin.headers, feriado(ana.id, { desde: '2024-04-01', hasta: '2024-06-30', firmadoEl: '2024-03-30' }));
    expect(before.json().error.fields.desde).toBe('La compensación con días de feriado rige desde el 26-04-2024 (Ley 21.561).');
    const bad = await api('POST', '/api/v1/pactos-horas-extra', admin.headers, feriado(ana.id, { compensacion: 'especie\u0000' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.compensacion).toBe('Contiene un carácter no permitido (carácter nulo o Unicode incompleto).');
    const unknown = await api('POST', '/api/v1/pactos-horas-extra', admin.headers, feriado(ana.id, { compensacion: 'especie' }));
    expect(unknown.json().error.fields.compensacion).toBe('La compensación debe ser pago o feriado.');

    const created = await api('POST', '/api/v1/pactos-horas-extra', admin.headers, feriado(ana.id));
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ compensacion: 'feriado', firmadoEl: '2026-02-27', diasSemana: 5, desde: '2026-03-01', hasta: '2026-05-31' });
    const paid = await api('POST', '/api/v1/pactos-horas-extra', admin.headers, { usuarioId: bea.id, desde: '2026-03-01', hasta: '2026-05-31', maxMinutosDia: 120 });
    expect(paid.json()).toMatchObject({ compensacion: 'pago', firmadoEl: null, diasSemana: null });

    // Turning a paid pact into an agreement checks the merged terms.
    const turned = await api('PATCH', `/api/v1/pactos-horas-extra/${paid.json<{ id: string }>().id}`, admin.headers, { compensacion: 'feriado' });
    expect(turned.statusCode).toBe(400);
    expect(turned.json().error.fields.firmadoEl).toBeDefined();

    // Another company's pact is a 404.
    const foreign = await api('GET', `/api/v1/pactos-horas-extra/${created.json<{ id: string }>().id}`, other.admin.headers);
    expect(foreign.statusCode).toBe(404);
    const foreignPatch = await api('PATCH', `/api/v1/pactos-horas-extra/${created.json<{ id: string }>().id}`, other.admin.headers, { compensacion: 'pago' });
    expect(foreignPatch.statusCode).toBe(404);
  });

  it('the rest earned is the F.H.E. balance, capped at 5 business days a contract year; who has no agreement has no balance', async () => {
    const listed = fhe((await api('GET', '/api/v1/permisos/saldos?anio=2026', admin.headers)).json<{ items: SaldoPermiso[] }>().items);
    // 8 h of overtime; the cap is 5 days × 2 h = 10 h of rest = 6 h 40 min of overtime: 5 days, the rest paid.
    expect(listed).toEqual([
      expect.objectContaining({ usuario: expect.objectContaining({ id: ana.id }), fuente: 'horas_extra_compensadas', asignados: 5, usados: 0, pendientes: 0, disponibles: 5 }),
    ]);
    expect(listed[0]!.fundamento[0]).toBe('6,67 h extra compensadas con feriado (1,5 h de descanso por hora, hasta 5 días hábiles por año de contrato; art. 32)');
    expect(listed[0]!.fundamento[1]).toBe('10 h de descanso vencen el 30-09-2026; lo no usado se paga con la remuneración de 10-2026');
    const mine = (await api('GET', '/api/v1/permisos/mios/saldos?anio=2026', ana.headers)).json<{ items: SaldoPermiso[] }>().items;
    expect(fhe(mine)).toHaveLength(1);
    expect(fhe((await api('GET', '/api/v1/permisos/mios/saldos?anio=2026', bea.headers)).json<{ items: SaldoPermiso[] }>().items)).toEqual([]);
  });

  it('the worker asks with 48 hours of notice, within the balance; the request consumes it', async () => {
    // Monday 6 April 11:00 local: Wednesday 8 starts in 37 h.
    const early = await api('POST', '/api/v1/permisos/solicitudes', ana.headers, { tipoId: typeId, desde: '2026-04-08', hasta: '2026-04-08' });
    expect(early.statusCode).toBe(400);
    expect(early.json().error.fields.desde).toBe('«Feriado por horas extra (art. 32)» se avisa con 48 horas de anticipación (art. 32): el primer día debe comenzar al menos 48 horas después de ahora.');
    const tooMany = await api('POST', '/api/v1/permisos/solicitudes', ana.headers, { tipoId: typeId, desde: '2026-04-09', hasta: '2026-04-16' });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.fields.hasta).toMatch(/^El permiso excede el saldo: pide 6 días hábiles y el 09\/04\/2026 quedan 5 días hábiles/);
    const ok = await api('POST', '/api/v1/permisos/solicitudes', ana.headers, { tipoId: typeId, desde: '2026-04-09', hasta: '2026-04-10' });
    expect(ok.statusCode, ok.body).toBe(201);
    const after = fhe((await api('GET', '/api/v1/permisos/mios/saldos?anio=2026', ana.headers)).json<{ items: SaldoPermiso[] }>().items)[0]!;
    expect(after).toMatchObject({ asignados: 5, pendientes: 2, disponibles: 3 });
    const rest = await api('POST', '/api/v1/permisos/solicitudes', ana.headers, { tipoId: typeId, desde: '2026-04-13', hasta: '2026-04-16' });
    expect(rest.statusCode).toBe(400);
    const noAgreement = await api('POST', '/api/v1/permisos/solicitudes', bea.headers, { tipoId: typeId, desde: '2026-04-13', hasta: '2026-04-13' });
    expect(noAgreement.statusCode).toBe(400);
    expect(noAgreement.json().error.fields.tipoId).toMatch(/no lo tiene\.$/);
  });

  it('the payroll does not pay the compensated overtime and shows it apart; the other worker is paid all of it', async () => {
    const anaRow = (await api('GET', `/api/v1/remuneraciones/202603/trabajadores/${ana.id}`, admin.headers)).json<{ trabajador: { horasExtra: Record<string, number> } }>();
    expect(anaRow.trabajador.horasExtra).toMatchObject({ encontradasSegundos: 8 * H, segundos: 8 * H - 24_000, compensadasFeriadoSegundos: 24_000, feriadoNoUsadoSegundos: 0 });
    const beaRow = (await api('GET', `/api/v1/remuneraciones/202603/trabajadores/${bea.id}`, admin.headers)).json<{ trabajador: { horasExtra: Record<string, number> } }>();
    expect(beaRow.trabajador.horasExtra).toMatchObject({ segundos: 8 * H, compensadasFeriadoSegundos: 0 });
    const csv = (await api('GET', '/api/v1/remuneraciones/202603/exportar?formato=csv', admin.headers)).body.replace(/^\uFEFF/, '').trim().split(/\r?\n/);
    const header = csv[0]!.split(';');
    const cells = csv.find((l) => l.startsWith(`${ana.rut};`))!.split(';');
    const record = Object.fromEntries(header.map((h, i) => [h, cells[i]]));
    expect(record).toMatchObject({ horas_extra_50: '1,33', horas_extra_compensadas_feriado: '6,67', horas_extra_feriado_no_usado: '0' });
  });

  it('a closed month keeps its figures: the agreement covering it can no longer change', async () => {
    const closed = await api('POST', '/api/v1/remuneraciones/202603/cierre', admin.headers);
    expect(closed.statusCode, closed.body).toBe(200);
    const pact = (await api('GET', `/api/v1/pactos-horas-extra?usuarioId=${ana.id}`, admin.headers)).json<{ items: { id: string }[] }>().items[0]!;
    const change = await api('PATCH', `/api/v1/pactos-horas-extra/${pact.id}`, admin.headers, { compensacion: 'pago' });
    expect(change.statusCode).toBe(409);
    const frozen = (await api('GET', `/api/v1/remuneraciones/202603/trabajadores/${ana.id}`, admin.headers)).json<{ trabajador: { horasExtra: Record<string, number> } }>();
    expect(frozen.trabajador.horasExtra).toMatchObject({ segundos: 8 * H - 24_000, compensadasFeriadoSegundos: 24_000 });
    expect((await api('POST', '/api/v1/remuneraciones/202603/reapertura', admin.headers, { motivo: 'Prueba del acuerdo de feriado' })).statusCode).toBe(200);
  });

  it('rest not used within 6 months is paid as overtime in the 7th month', async () => {
    // March's 10 h of rest: 2 days (4 h) asked for in April; 6 h expire on 30 September and are paid in October as 4 h of overtime.
    t.clock.set('2026-10-05T15:00:00Z');
    // Sessions last 2 hours: another administrador signs in on the new date.
    const { headers } = await addPerson(t.app, t.database.db, companyId, 'administrador');
    const october = (await api('GET', `/api/v1/remuneraciones/202610/trabajadores/${ana.id}`, headers)).json<{ trabajador: { horasExtra: Record<string, number> } }>();
    expect(october.trabajador.horasExtra).toMatchObject({ feriadoNoUsadoSegundos: 4 * H, compensadasFeriadoSegundos: 0 });
    const september = (await api('GET', `/api/v1/remuneraciones/202609/trabajadores/${ana.id}`, headers)).json<{ trabajador: { horasExtra: Record<string, number> } }>();
    expect(september.trabajador.horasExtra.feriadoNoUsadoSegundos).toBe(0);
  });
});
