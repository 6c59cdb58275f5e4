import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { multipartFile } from '../../test/multipart';
import { addPerson, companyWithAdmin, type Person } from '../../test/people';
import { BackgroundTasks } from '../../lib/background';
import { createPermissionsService } from './permissions.service';
import { createOwedCompensatoryRest } from './permissions.compensatory-rest';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const api = (method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, headers: Headers, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

interface Tipo {
  id: string;
  codigo: string;
  nombre: string;
  unidad: string;
  diasAnuales: number | null;
  diasPorEvento: number | null;
  conGoce: boolean;
}

/** A company with two groups, each with its leader and a worker, and the default types by code. */
async function company() {
  const { admin, companyId } = await companyWithAdmin(t.app);
  const leader = await addPerson(t.app, t.database.db, companyId, 'supervisor', { nombre: 'Lucía', apellidos: 'Líder' });
  const otherLeader = await addPerson(t.app, t.database.db, companyId, 'supervisor');
  const groupA = (await api('POST', '/api/v1/grupos', admin.headers, { nombre: 'Sala' })).json();
  const groupB = (await api('POST', '/api/v1/grupos', admin.headers, { nombre: 'Bodega' })).json();
  const worker = await addPerson(t.app, t.database.db, companyId, 'trabajador', { nombre: 'Juan', apellidos: 'Pérez', groupId: groupA.id });
  const otherWorker = await addPerson(t.app, t.database.db, companyId, 'trabajador', { groupId: groupB.id });
  expect((await api('PUT', `/api/v1/grupos/${groupA.id}/lideres`, admin.headers, { liderIds: [leader.id] })).statusCode).toBe(200);
  expect((await api('PUT', `/api/v1/grupos/${groupB.id}/lideres`, admin.headers, { liderIds: [otherLeader.id] })).statusCode).toBe(200);
  const types = (await api('GET', '/api/v1/tipos-permiso', admin.headers)).json().items as Tipo[];
  const type = (codigo: string) => types.find((item) => item.codigo === codigo)!;
  return { admin, companyId, leader, otherLeader, worker, otherWorker, groupA, groupB, type };
}

const request = (who: Person | { headers: Headers }, body: object) => api('POST', '/api/v1/permisos/solicitudes', who.headers, body);

describe('permission types', () => {
  it('a new company starts with the Chilean types; vacaciones are 15 business days a year', async () => {
    const { admin } = await companyWithAdmin(t.app);
    const { items } = (await api('GET', '/api/v1/tipos-permiso', admin.headers)).json();
    expect(items.map((item: Tipo) => item.codigo).sort()).toEqual([
      'D.C.38',
      'F.H.E.',
      'L.M.',
      'P.E.M.',
      'P.F.C.',
      'P.F.G.',
      'P.F.H.',
      'P.F.P.',
      'P.G.R.',
      'P.H.',
      'P.MAT.',
      'P.NAC.',
      'P.S.G.R.',
      'POSTN.',
      'PREN.',
      'VAC.',
    ]);
    expect(items.find((item: Tipo) => item.codigo === 'VAC.')).toMatchObject({
      nombre: 'Vacaciones',
      conGoce: true,
      unidad: 'dias_habiles',
      solicitable: true,
      requiereAprobacion: true,
      diasAnuales: 15,
      activo: true,
    });
    expect(items.find((item: Tipo) => item.codigo === 'L.M.')).toMatchObject({ unidad: 'dias_corridos', conGoce: false, solicitable: false });
  });

  it('the legal permissions per event come paid with the law’s days per event; a longer request is refused', async () => {
    const { admin, worker, type } = await company();
    const perEvent = Object.fromEntries(['P.F.H.', 'P.F.C.', 'P.F.G.', 'P.F.P.', 'P.NAC.', 'P.MAT.', 'P.E.M.'].map((code) => [code, type(code)]));
    expect(Object.values(perEvent).every((item) => item.conGoce && item.diasAnuales === null)).toBe(true);
    expect(Object.fromEntries(Object.entries(perEvent).map(([code, item]) => [code, [item.unidad, item.diasPorEvento]]))).toEqual({
      'P.F.H.': ['dias_corridos', 10],
      'P.F.C.': ['dias_corridos', 7],
      'P.F.G.': ['dias_habiles', 7],
      'P.F.P.': ['dias_habiles', 4],
      'P.NAC.': ['dias_corridos', 5],
      'P.MAT.': ['dias_habiles', 5],
      'P.E.M.': ['horas', null],
    });
    // 14 to 25 September 2026 are 9 business days (18 and 19 are holidays): over the 5 of art. 207 bis.
    const long = await request(worker, { tipoId: type('P.MAT.').id, desde: '2026-09-14', hasta: '2026-09-25' });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.fields.hasta).toBe('Como máximo 5 días hábiles por evento (art. 207 bis).');
    // Also when the administration registers it.
    const assigned = await api('POST', '/api/v1/permisos', admin.headers, { tipoId: type('P.F.H.').id, usuarioId: worker.id, desde: '2026-10-01', hasta: '2026-10-11' });
    expect(assigned.json().error.fields.hasta).toBe('Como máximo 10 días corridos por evento (art. 66).');
    expect((await request(worker, { tipoId: type('P.MAT.').id, desde: '2026-10-05', hasta: '2026-10-09' })).statusCode).toBe(201);
    // The administrator may grant more than the law; an hour permission takes no days per event.
    const edited = await api('PATCH', `/api/v1/tipos-permiso/${type('P.F.H.').id}`, admin.headers, { diasPorEvento: 12 });
    expect(edited.json()).toMatchObject({ diasPorEvento: 12, codigo: 'P.F.H.' });
    expect((await api('POST', '/api/v1/permisos', admin.headers, { tipoId: type('P.F.H.').id, usuarioId: worker.id, desde: '2026-11-02', hasta: '2026-11-12' })).statusCode).toBe(201);
    const hours = await api('PATCH', `/api/v1/tipos-permiso/${type('P.E.M.').id}`, admin.headers, { diasPorEvento: 1 });
    expect(hours.json().error.fields).toEqual({ diasPorEvento: 'Un permiso por horas no lleva días por evento.' });
  });

  it('companies created before get the legal types from the migration, once, keeping their own', async () => {
    const { admin, companyId, type } = await company();
    const db = t.database.db;
    // As if the company predated them: no P.MAT., and a type of its own named like the default P.NAC.
    await db.execute(sql`delete from permission_types where company_id = ${companyId} and codigo in ('P.MAT.', 'P.NAC.')`);
    await db.execute(sql`update permission_types set codigo = 'NAC.' where company_id = ${companyId} and codigo = 'P.F.H.'`);
    await db.execute(sql`update permission_types set nombre = 'Permiso por nacimiento', codigo = 'PROPIO' where company_id = ${companyId} and codigo = 'P.G.R.'`);
    const file = readFileSync(new URL('../../db/migrations/0035_legal_permission_types.sql', import.meta.url), 'utf8');
    const insert = file.split('--> statement-breakpoint').at(-1)!;
    await db.execute(sql.raw(insert));
    await db.execute(sql.raw(insert));
    const items = (await api('GET', '/api/v1/tipos-permiso', admin.headers)).json().items as Tipo[];
    const codes = items.map((item) => item.codigo);
    expect(codes.filter((code) => code === 'P.MAT.')).toHaveLength(1);
    expect(items.find((item) => item.codigo === 'P.MAT.')).toMatchObject({ unidad: 'dias_habiles', diasPorEvento: 5 });
    // A default type whose code the company changed is not added again (its name is taken).
    expect(items.find((item) => item.codigo === 'NAC.')?.id).toBe(type('P.F.H.').id);
    expect(codes).not.toContain('P.F.H.');
    // Its own «Permiso por nacimiento» stays; the default one is not added under the same name.
    expect(codes).not.toContain('P.NAC.');
    expect(codes).toContain('PROPIO');
  });

  it('the administrador adds and edits the company’s own types; codes and names are unique', async () => {
    const { admin, worker, type } = await company();
    const created = await api('POST', '/api/v1/tipos-permiso', admin.headers, {
      nombre: 'Permiso por matrimonio',
      codigo: 'mat.',
      conGoce: true,
      unidad: 'dias_habiles',
      solicitable: true,
      requiereAprobacion: true,
      diasAnuales: null,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ codigo: 'MAT.', activo: true });
    const dup = await api('POST', '/api/v1/tipos-permiso', admin.headers, { ...created.json(), nombre: 'Otro', id: undefined, activo: undefined });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.fields).toEqual({ codigo: 'Ya existe un tipo de permiso con ese código.' });
    const hoursWithDays = await api('PATCH', `/api/v1/tipos-permiso/${type('P.H.').id}`, admin.headers, { diasAnuales: 3 });
    expect(hoursWithDays.json().error.fields).toEqual({ diasAnuales: 'Un permiso por horas no lleva días por año.' });
    const off = await api('PATCH', `/api/v1/tipos-permiso/${created.json().id}`, admin.headers, { activo: false });
    expect(off.json().activo).toBe(false);
    expect((await api('POST', '/api/v1/tipos-permiso', worker.headers, { nombre: 'X' })).statusCode).toBe(403);
    const refused = await request(worker, { tipoId: created.json().id, desde: '2026-03-02', hasta: '2026-03-02' });
    expect(refused.json().error.fields.tipoId).toBe('El tipo de permiso «Permiso por matrimonio» está inactivo.');
  });
});

describe('requests, overlaps and balances', () => {
  it('a vacation counts business days (a holiday in between does not) and tells the leader by e-mail', async () => {
    const { worker, type } = await company();
    const before = t.mailer.sent.length;
    const response = await request(worker, { tipoId: type('VAC.').id, desde: '2026-09-14', hasta: '2026-09-20', comentario: 'Fiestas Patrias' });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ estado: 'pendiente', origen: 'solicitado', cantidad: 4, puedeDecidir: false, puedeAnular: true });
    await vi.waitFor(() => expect(t.mailer.sent.length).toBe(before + 1));
    const mail = t.mailer.sent.at(-1)!;
    // The type's and the worker's names are the company's text: never in a subject.
    expect(mail.subject).toBe('Solicitud de permiso por revisar');
    expect(mail.text).toContain('Juan Pérez solicitó «Vacaciones»');
    expect(mail.text).toContain('del 14/09/2026 al 20/09/2026 (4 días hábiles)');
    expect(mail.text).toContain('http://jornada.test/dashboard/permisos?estado=pendiente');
  });

  it('refuses overlaps with pending or approved permissions, whole days or hours, and accepts what only touches', async () => {
    const { worker, leader, type } = await company();
    const first = await request(worker, { tipoId: type('VAC.').id, desde: '2026-09-14', hasta: '2026-09-18' });
    expect(first.statusCode).toBe(201);
    const overlap = await request(worker, { tipoId: type('P.G.R.').id, desde: '2026-09-18', hasta: '2026-09-22' });
    expect(overlap.statusCode).toBe(409);
    expect(overlap.json().error.message).toBe('Se superpone con Vacaciones del 14/09/2026 al 18/09/2026 (pendiente).');
    const hours = await api('POST', '/api/v1/permisos', leader.headers, { usuarioId: worker.id, tipoId: type('P.H.').id, desde: '2026-09-16', hasta: '2026-09-16', horaInicio: '09:00', horaFin: '10:00' });
    expect(hours.statusCode).toBe(409);
    const next = await request(worker, { tipoId: type('P.H.').id, desde: '2026-09-21', hasta: '2026-09-21', horaInicio: '09:00', horaFin: '11:00' });
    expect(next.statusCode, next.body).toBe(201);
    expect(next.json().cantidad).toBe(2);
    const sameDayLater = await request(worker, { tipoId: type('P.H.').id, desde: '2026-09-21', hasta: '2026-09-21', horaInicio: '11:00', horaFin: '12:30' });
    expect(sameDayLater.statusCode).toBe(201);
    const clash = await request(worker, { tipoId: type('P.H.').id, desde: '2026-09-21', hasta: '2026-09-21', horaInicio: '10:00', horaFin: '11:30' });
    expect(clash.json().error.message).toBe('Se superpone con Permiso por horas el 21/09/2026 de 09:00 a 11:00 (pendiente).');
  });

  it('two requests for the same days at once: one is stored, the other refused as an overlap', async () => {
    const { worker, type } = await company();
    const body = { tipoId: type('P.G.R.').id, desde: '2026-04-06', hasta: '2026-04-07' };
    const answers = await Promise.all([request(worker, body), request(worker, body), request(worker, body)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409]);
    expect((await api('GET', '/api/v1/permisos/mios', worker.headers)).json().total).toBe(1);
  });

  it('refuses a permission beyond the year’s balance; progressive days (art. 68) raise it; the balance shows used, pending and available', async () => {
    const { admin, worker, leader, type } = await company();
    const vac = type('VAC.').id;
    expect((await request(worker, { tipoId: vac, desde: '2026-09-14', hasta: '2026-09-18' })).json().cantidad).toBe(4);
    // 5 Oct to 21 Oct 2026: 12 business days (Monday 12 Oct is a holiday); 11 are left.
    const beyond = await request(worker, { tipoId: vac, desde: '2026-10-05', hasta: '2026-10-21' });
    expect(beyond.statusCode).toBe(400);
    expect(beyond.json().error.fields.hasta).toBe('El permiso excede el saldo: pide 12 días hábiles y quedan 11 días hábiles de Vacaciones en 2026.');
    const byLeader = await api('POST', '/api/v1/permisos', leader.headers, { usuarioId: worker.id, tipoId: vac, desde: '2026-10-05', hasta: '2026-10-21' });
    expect(byLeader.statusCode).toBe(400);
    // Ten years with previous employers and a contract from June 2022: 4 whole years at the end of
    // 2026, so (10 + 4 − 10) / 3 = 1 progressive day, computed; nobody types it.
    const contract = await api('PATCH', `/api/v1/usuarios/${worker.id}`, admin.headers, { aniosReconocidosAnteriores: 10, inicioContrato: '2022-06-01' });
    expect(contract.statusCode, contract.body).toBe(200);
    expect((await request(worker, { tipoId: vac, desde: '2026-10-05', hasta: '2026-10-21' })).statusCode).toBe(201);
    const mine = (await api('GET', '/api/v1/permisos/mios/saldos?anio=2026', worker.headers)).json();
    expect(mine.items).toEqual([
      expect.objectContaining({
        anio: 2026,
        asignados: 16,
        diasBase: 15,
        diasProgresivos: 1,
        fundamento: ['10 años reconocidos y 4 con la empresa: 1 día progresivo (art. 68)'],
        usados: 0,
        pendientes: 16,
        disponibles: 0,
      }),
    ]);
    // At the end of 2024 there were 2 whole years: no progressive day yet.
    const before = (await api('GET', '/api/v1/permisos/mios/saldos?anio=2024', worker.headers)).json();
    expect(before.items[0]).toMatchObject({ asignados: 15, diasProgresivos: 0, fundamento: ['10 años reconocidos y 2 con la empresa: 0 días progresivos (art. 68)'] });
    const team = (await api('GET', '/api/v1/permisos/saldos?anio=2026', leader.headers)).json();
    expect(team.items.map((item: { usuario: { id: string } }) => item.usuario.id)).toEqual([worker.id]);
    // The hand-typed progressive days are gone: the figure comes from the contract.
    expect((await api('PUT', `/api/v1/permisos/saldos/${worker.id}/${vac}`, admin.headers, { dias: 3 })).statusCode).toBe(404);
  });

  it('gives 20 days in Magallanes, Aysén and the province of Palena (art. 67 inc. 2), by the worker’s site', async () => {
    const { admin, companyId, type } = await company();
    const vac = type('VAC.').id;
    const site = async (nombre: string, region: string | null, comuna: string | null) => {
      const created = await api('POST', '/api/v1/sedes', admin.headers, { nombre, region, comuna });
      expect(created.statusCode, created.body).toBe(201);
      return created.json().id as string;
    };
    const places = [
      { nombre: 'Punta Arenas', region: 'MA', comuna: 'Punta Arenas', days: 20, basis: ['20 días por trabajar en la región de Magallanes (art. 67 inc. 2)'] },
      { nombre: 'Coyhaique', region: 'AI', comuna: 'Coyhaique', days: 20, basis: ['20 días por trabajar en la región de Aysén (art. 67 inc. 2)'] },
      // The commune is compared without accents or case.
      { nombre: 'Chaitén', region: 'LL', comuna: 'CHAITEN', days: 20, basis: ['20 días por trabajar en la provincia de Palena (comuna de Chaitén) (art. 67 inc. 2)'] },
      { nombre: 'Puerto Montt', region: 'LL', comuna: 'Puerto Montt', days: 15, basis: [] },
      { nombre: 'Sin región', region: null, comuna: 'Futaleufú', days: 15, basis: [] },
    ];
    for (const place of places) {
      const siteId = await site(place.nombre, place.region, place.comuna);
      const person = await addPerson(t.app, t.database.db, companyId, 'trabajador', { siteId });
      const [saldo] = (await api('GET', '/api/v1/permisos/mios/saldos?anio=2026', person.headers)).json().items;
      expect(saldo, place.nombre).toMatchObject({ tipo: { id: vac }, diasBase: place.days, asignados: place.days, diasProgresivos: 0, fundamento: place.basis });
    }
    // A worker without a site keeps the general figure.
    const nowhere = await addPerson(t.app, t.database.db, companyId, 'trabajador');
    expect((await api('GET', '/api/v1/permisos/mios/saldos?anio=2026', nowhere.headers)).json().items[0]).toMatchObject({ diasBase: 15, asignados: 15 });

    // The request's balance check reads the same figure: 16 business days in Punta Arenas fit in 20, not in 15.
    const southSite = await site('Puerto Natales', 'MA', 'Natales');
    const south = await addPerson(t.app, t.database.db, companyId, 'trabajador', { siteId: southSite });
    const north = await addPerson(t.app, t.database.db, companyId, 'trabajador');
    const long = { tipoId: vac, desde: '2026-03-02', hasta: '2026-03-23' };
    expect((await request(south, long)).statusCode).toBe(201);
    const refused = await request(north, long);
    expect(refused.json().error.fields.hasta).toBe('El permiso excede el saldo: pide 16 días hábiles y quedan 15 días hábiles de Vacaciones en 2026.');
    // Another type with days per year is its own figure, wherever the worker is.
    const own = await api('POST', '/api/v1/tipos-permiso', admin.headers, { nombre: 'Día de cumpleaños', codigo: 'CUMP.', conGoce: true, unidad: 'dias_habiles', solicitable: true, requiereAprobacion: true, diasAnuales: 1 });
    const saldos = (await api('GET', '/api/v1/permisos/mios/saldos?anio=2026', south.headers)).json().items;
    expect(saldos.find((s: { tipo: { id: string } }) => s.tipo.id === own.json().id)).toMatchObject({ diasBase: 1, asignados: 1, fundamento: [] });
  });

  it('refuses invalid ranges with a Spanish reason', async () => {
    const { worker, type } = await company();
    const backwards = await request(worker, { tipoId: type('VAC.').id, desde: '2026-09-18', hasta: '2026-09-14' });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().error.fields.hasta).toBe('La fecha de término no puede ser anterior a la de inicio.');
    const weekend = await request(worker, { tipoId: type('VAC.').id, desde: '2026-09-19', hasta: '2026-09-20' });
    expect(weekend.json().error.fields.hasta).toBe('El permiso no incluye días hábiles: sábados, domingos y feriados no se cuentan.');
    const noDate = await request(worker, { tipoId: type('VAC.').id, desde: '2026-02-30', hasta: '2026-03-01' });
    expect(noDate.json().error.fields.desde).toBe('La fecha no existe en el calendario.');
    const hoursMissing = await request(worker, { tipoId: type('P.H.').id, desde: '2026-09-14', hasta: '2026-09-14' });
    expect(hoursMissing.json().error.fields.horaInicio).toBe('«Permiso por horas» es por horas: indica la hora de inicio y la de término.');
    const notRequestable = await request(worker, { tipoId: type('L.M.').id, desde: '2026-09-14', hasta: '2026-09-14' });
    expect(notRequestable.json().error.fields.tipoId).toBe('«Licencia médica» no se puede solicitar: lo registra tu jefatura o la administración.');
    const tooLong = await request(worker, { tipoId: type('P.S.G.R.').id, desde: '2026-01-01', hasta: '2027-01-02' });
    expect(tooLong.json().error.fields.hasta).toBe('Un permiso dura como máximo un año; registra uno más largo en partes.');
    const nul = await request(worker, { tipoId: type('VAC.').id, desde: '2026-09-14', hasta: '2026-09-14', comentario: 'hola\u0000' });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().error.code).toBe('VALIDATION');
    expect((await api('GET', '/api/v1/permisos/mios', worker.headers)).json().total).toBe(0);
  });
});

describe('approvals', () => {
  it('only the worker’s leader or an administrador decides, never the worker; the worker is told', async () => {
    const { admin, leader, otherLeader, worker, type } = await company();
    const created = (await request(worker, { tipoId: type('VAC.').id, desde: '2026-09-14', hasta: '2026-09-18' })).json();
    expect((await api('POST', `/api/v1/permisos/${created.id}/aprobar`, worker.headers, {})).statusCode).toBe(403);
    const stranger = await api('POST', `/api/v1/permisos/${created.id}/aprobar`, otherLeader.headers, {});
    expect(stranger.statusCode).toBe(404);
    expect((await api('GET', `/api/v1/permisos/${created.id}`, otherLeader.headers)).statusCode).toBe(404);

    const list = (await api('GET', '/api/v1/permisos?estado=pendiente', leader.headers)).json();
    expect(list).toMatchObject({ total: 1, pendientes: 1 });
    expect(list.items[0]).toMatchObject({ id: created.id, puedeDecidir: true, usuario: { nombre: 'Juan', grupo: { nombre: 'Sala' } } });
    expect((await api('GET', '/api/v1/permisos', otherLeader.headers)).json()).toMatchObject({ total: 0, pendientes: 0 });
    expect((await api('GET', '/api/v1/permisos', admin.headers)).json().pendientes).toBe(1);

    const noReason = await api('POST', `/api/v1/permisos/${created.id}/rechazar`, leader.headers, { comentario: '  ' });
    expect(noReason.json().error.fields.comentario).toBe('Ingresa el motivo del rechazo.');
    const sent = t.mailer.sent.length;
    const approved = await api('POST', `/api/v1/permisos/${created.id}/aprobar`, leader.headers, { comentario: 'Que descanses' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ estado: 'aprobado', comentarioDecision: 'Que descanses', decididoPor: { id: leader.id }, puedeDecidir: false });
    await vi.waitFor(() => expect(t.mailer.sent.length).toBe(sent + 1));
    expect(t.mailer.sent.at(-1)!.subject).toBe('Tu permiso fue aprobado');
    expect(t.mailer.sent.at(-1)!.text).toContain('Lucía Líder aprobó tu permiso «Vacaciones» (VAC.) del 14/09/2026 al 18/09/2026 (4 días hábiles).');
    const again = await api('POST', `/api/v1/permisos/${created.id}/rechazar`, admin.headers, { comentario: 'No' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('El permiso ya está aprobado.');
    const mine = (await api('GET', '/api/v1/permisos/mios', worker.headers)).json();
    expect(mine.items[0]).toMatchObject({ estado: 'aprobado', puedeAnular: false });
    expect((await api('POST', `/api/v1/permisos/${created.id}/anular`, worker.headers, {})).json().error.message).toBe(
      'Tu permiso ya fue aprobado: pide a tu jefatura que lo anule.',
    );
  });

  it('a leader cannot approve their own request; an administrador cannot either', async () => {
    const { admin, leader, groupA, type } = await company();
    const own = (await request(leader, { tipoId: type('P.G.R.').id, desde: '2026-03-02', hasta: '2026-03-02' })).json();
    const self = await api('POST', `/api/v1/permisos/${own.id}/aprobar`, leader.headers, {});
    expect(self.statusCode).toBe(403);
    expect(self.json().error.message).toBe('No puedes aprobar tu propio permiso.');
    expect((await api('POST', '/api/v1/permisos', leader.headers, { usuarioId: leader.id, tipoId: type('P.G.R.').id, desde: '2026-03-03', hasta: '2026-03-03' })).statusCode).toBe(403);
    const adminOwn = (await request(admin, { tipoId: type('P.G.R.').id, desde: '2026-03-02', hasta: '2026-03-02' })).json();
    expect((await api('POST', `/api/v1/permisos/${adminOwn.id}/aprobar`, admin.headers, {})).statusCode).toBe(403);
    // The leader's request goes to the administrators (they are in no group): the admin decides it.
    expect((await api('POST', `/api/v1/permisos/${own.id}/rechazar`, admin.headers, { comentario: 'Semana de cierre' })).json().estado).toBe('rechazado');
    expect(groupA.id).toBeTruthy();
  });

  it('assigning: the leader for their groups’ workers (approved at once), the worker e-mailed; not for other groups', async () => {
    const { leader, worker, otherWorker, type } = await company();
    const sent = t.mailer.sent.length;
    const licence = await api('POST', '/api/v1/permisos', leader.headers, { usuarioId: worker.id, tipoId: type('L.M.').id, desde: '2026-09-14', hasta: '2026-09-20', comentario: 'Licencia 123' });
    expect(licence.statusCode, licence.body).toBe(201);
    expect(licence.json()).toMatchObject({ estado: 'aprobado', origen: 'asignado', cantidad: 7, creadoPor: { id: leader.id } });
    await vi.waitFor(() => expect(t.mailer.sent.length).toBe(sent + 1));
    expect(t.mailer.sent.at(-1)!.subject).toBe('Se te asignó un permiso');
    const outside = await api('POST', '/api/v1/permisos', leader.headers, { usuarioId: otherWorker.id, tipoId: type('L.M.').id, desde: '2026-09-14', hasta: '2026-09-14' });
    expect(outside.statusCode).toBe(403);
    expect((await api('POST', '/api/v1/permisos', worker.headers, { usuarioId: worker.id, tipoId: type('L.M.').id, desde: '2026-09-14', hasta: '2026-09-14' })).statusCode).toBe(403);
    const annulled = await api('POST', `/api/v1/permisos/${licence.json().id}/anular`, leader.headers, { comentario: 'Registrada por error' });
    expect(annulled.json().estado).toBe('anulado');
    // Once annulled it no longer holds the dates.
    expect((await api('POST', '/api/v1/permisos', leader.headers, { usuarioId: worker.id, tipoId: type('L.M.').id, desde: '2026-09-14', hasta: '2026-09-14' })).statusCode).toBe(201);
  });

  it('perfiles: a trabajador sees only their own, a fiscalizador nothing', async () => {
    const { companyId, worker, type } = await company();
    const inspector = await addPerson(t.app, t.database.db, companyId, 'fiscalizador');
    expect((await api('GET', '/api/v1/permisos', worker.headers)).statusCode).toBe(403);
    expect((await api('GET', '/api/v1/permisos/saldos', worker.headers)).statusCode).toBe(403);
    for (const url of ['/api/v1/permisos', '/api/v1/permisos/mios', '/api/v1/tipos-permiso', '/api/v1/permisos/mios/saldos']) {
      expect((await api('GET', url, inspector.headers)).statusCode).toBe(403);
    }
    expect((await request(inspector, { tipoId: type('VAC.').id, desde: '2026-09-14', hasta: '2026-09-14' })).statusCode).toBe(403);
  });

  it('another company’s permission, type or worker is not found', async () => {
    const mine = await company();
    const theirs = await company();
    const created = (await request(mine.worker, { tipoId: mine.type('VAC.').id, desde: '2026-09-14', hasta: '2026-09-14' })).json();
    for (const [method, url] of [
      ['GET', `/api/v1/permisos/${created.id}`],
      ['POST', `/api/v1/permisos/${created.id}/aprobar`],
      ['POST', `/api/v1/permisos/${created.id}/anular`],
      ['GET', `/api/v1/permisos/${created.id}/adjunto`],
    ] as const) {
      expect((await api(method, url, theirs.admin.headers, method === 'POST' ? {} : undefined)).statusCode, url).toBe(404);
    }
    expect((await api('PATCH', `/api/v1/tipos-permiso/${mine.type('VAC.').id}`, theirs.admin.headers, { diasAnuales: 20 })).statusCode).toBe(404);
    const foreignType = await request(theirs.worker, { tipoId: mine.type('VAC.').id, desde: '2026-09-14', hasta: '2026-09-14' });
    expect(foreignType.json().error.fields.tipoId).toBe('El tipo de permiso no existe.');
    const foreignWorker = await api('POST', '/api/v1/permisos', theirs.admin.headers, { usuarioId: mine.worker.id, tipoId: theirs.type('L.M.').id, desde: '2026-09-14', hasta: '2026-09-14' });
    expect(foreignWorker.json().error.fields.usuarioId).toBe('El trabajador no existe.');
    expect((await api('GET', '/api/v1/permisos/no-es-un-id', theirs.admin.headers)).statusCode).toBe(404);
  });
});

describe('attachments and the read for other modules', () => {
  it('stores a PDF or image checked by its bytes, served only to those who may see the permission', async () => {
    const { leader, otherLeader, worker, type } = await company();
    const created = (await request(worker, { tipoId: type('P.G.R.').id, desde: '2026-09-14', hasta: '2026-09-14' })).json();
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(1000, 0x20)]);
    const upload = multipartFile(pdf, { filename: 'licencia.pdf', contentType: 'application/pdf' });
    const stored = await t.app.inject({ method: 'POST', url: `/api/v1/permisos/${created.id}/adjunto`, headers: { ...worker.headers, ...upload.headers }, payload: upload.payload });
    expect(stored.statusCode, stored.body).toBe(200);
    expect(stored.json().adjunto).toEqual({ nombre: 'licencia.pdf', tipo: 'application/pdf', tamano: pdf.length });
    const read = await api('GET', `/api/v1/permisos/${created.id}/adjunto`, leader.headers);
    expect(read.statusCode).toBe(200);
    expect(read.headers['content-type']).toBe('application/pdf');
    expect(read.rawPayload.equals(pdf)).toBe(true);
    expect((await api('GET', `/api/v1/permisos/${created.id}/adjunto`, otherLeader.headers)).statusCode).toBe(404);

    const fake = multipartFile('<html>no soy un pdf</html>', { filename: 'licencia.pdf', contentType: 'application/pdf' });
    const refused = await t.app.inject({ method: 'POST', url: `/api/v1/permisos/${created.id}/adjunto`, headers: { ...worker.headers, ...fake.headers }, payload: fake.payload });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields.archivo).toBe('El archivo debe ser un PDF, una imagen JPEG o una imagen PNG.');
    const big = multipartFile(Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(5 * 1024 * 1024, 0x20)]), { filename: 'grande.pdf' });
    const tooBig = await t.app.inject({ method: 'POST', url: `/api/v1/permisos/${created.id}/adjunto`, headers: { ...worker.headers, ...big.headers }, payload: big.payload });
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().error.fields.archivo).toBe('El archivo supera el tamaño máximo de 5 MB.');
  });

  it('approvedPermissions gives the engine’s Permission shape, approved ones only', async () => {
    const { companyId, leader, worker, type } = await company();
    const vac = (await request(worker, { tipoId: type('VAC.').id, desde: '2026-09-14', hasta: '2026-09-18' })).json();
    await api('POST', `/api/v1/permisos/${vac.id}/aprobar`, leader.headers, {});
    await request(worker, { tipoId: type('P.H.').id, desde: '2026-09-21', hasta: '2026-09-21', horaInicio: '09:00', horaFin: '11:00' });
    await api('POST', '/api/v1/permisos', leader.headers, { usuarioId: worker.id, tipoId: type('P.H.').id, desde: '2026-09-22', hasta: '2026-09-22', horaInicio: '15:00', horaFin: '17:30' });
    const result = await t.app.permissionReads.approvedPermissions(t.database.db, companyId, [worker.id], '2026-09-01', '2026-09-30');
    expect(result.get(worker.id)).toEqual([
      { id: vac.id, type: 'VAC.', paid: true, from: '2026-09-14', to: '2026-09-18', hours: null, unit: 'dias_habiles' },
      { id: expect.any(String), type: 'P.H.', paid: true, from: '2026-09-22', to: '2026-09-22', hours: { start: '15:00', end: '17:30' }, unit: 'horas' },
    ]);
    expect((await t.app.permissionReads.approvedPermissions(t.database.db, companyId, [worker.id], '2026-10-01', '2026-10-31')).size).toBe(0);
    // The same read bound to the app's database, as the service offers it.
    const service = createPermissionsService({ db: t.database.db, mailer: t.mailer, background: new BackgroundTasks(), publicUrl: 'http://jornada.test', log: t.app.log, ledGroups: t.app.ledGroups, payrollPeriods: t.app.payrollPeriods, holidays: t.app.companyHolidays, owedCompensatoryRest: createOwedCompensatoryRest(t.app.engineWorkedDays.get()), overtimeRestSource: t.app.overtimeRestSource.get() });
    expect((await service.approvedPermissions(companyId, [worker.id], '2026-09-15', '2026-09-15')).get(worker.id)).toHaveLength(1);
  });
});
