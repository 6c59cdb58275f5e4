import { isValidRut } from '@jornada/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';
import { bearer, signIn } from '../test/factories';
import { DEMO_ADMIN_RUT, DEMO_PASSWORD, seedDemo } from './seed';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('demo data', () => {
  it('creates about 60 people with valid, distinct RUTs and every perfil, and the demo administrator can sign in', async () => {
    const people = await seedDemo(t.database.db, t.clock.now());
    expect(people).toHaveLength(60);
    expect(new Set(people.map((p) => p.rut)).size).toBe(60);
    expect(people.every((p) => isValidRut(p.rut))).toBe(true);
    expect(new Set(people.map((p) => p.perfil))).toEqual(new Set(['administrador', 'supervisor', 'trabajador', 'fiscalizador']));

    const session = await signIn(t.app, '11.111.111-1', DEMO_PASSWORD);
    const profile = await t.app.inject({ method: 'POST', url: '/api/usuarios/profile', headers: bearer(session.tokenSesion) });
    expect(profile.json()).toMatchObject({
      rut: '11.111.111-1',
      perfil: 'administrador',
      razon_social: { nombre: 'Comercial Los Andes SpA' },
    });
    const worker = people.find((p) => p.perfil === 'trabajador' && p.finContrato === null)!;
    await signIn(t.app, worker.rut, DEMO_PASSWORD);
    expect(DEMO_ADMIN_RUT).toBe('11111111-1');

    const admin = bearer(session.tokenSesion);
    const sedes = (await t.app.inject({ method: 'GET', url: '/api/v1/sedes', headers: admin })).json();
    expect(sedes.items.map((s: { zonaHoraria: string }) => s.zonaHoraria).sort()).toEqual(['America/Punta_Arenas', 'America/Santiago', 'America/Santiago']);
    const grupos = (await t.app.inject({ method: 'GET', url: '/api/v1/grupos', headers: admin })).json();
    expect(grupos.total).toBe(6);
    expect(grupos.items.filter((g: { lideres: unknown[] }) => g.lideres.length > 0)).toHaveLength(5);
    const seasonal = grupos.items.find((g: { estado: string }) => g.estado === 'inactivo');
    const history = (await t.app.inject({ method: 'GET', url: `/api/v1/grupos/${seasonal.id}/historial-estados`, headers: admin })).json();
    expect(history.items.map((c: { estadoNuevo: string }) => c.estadoNuevo)).toEqual(['inactivo', 'activo', 'inactivo', 'activo']);
    const gone = (await t.app.inject({ method: 'GET', url: '/api/v1/usuarios?activo=false', headers: admin })).json();
    expect(gone.items.filter((u: { desactivadoEn: string | null }) => u.desactivadoEn !== null)).toHaveLength(2);
    const all = (await t.app.inject({ method: 'GET', url: '/api/v1/usuarios?pageSize=100', headers: admin })).json();
    expect(all.items.every((u: { horasSemanales: number | null }) => u.horasSemanales !== null)).toBe(true);
    expect(all.items.filter((u: { emailPersonal: string | null }) => u.emailPersonal).length).toBe(60);

    // A supervisor sees only the groups they lead, and their members.
    const supervisor = people.find((p) => p.perfil === 'supervisor')!;
    const supSession = await signIn(t.app, supervisor.rut, DEMO_PASSWORD);
    const led = (await t.app.inject({ method: 'GET', url: '/api/v1/grupos', headers: bearer(supSession.tokenSesion) })).json();
    expect(led.items.map((g: { nombre: string }) => g.nombre)).toEqual(['Ventas mañana', 'Ventas tarde']);

    // Permission types and a month of permissions: approved, pending for their leader, one rejected.
    const types = (await t.app.inject({ method: 'GET', url: '/api/v1/tipos-permiso', headers: bearer(supSession.tokenSesion) })).json();
    expect(types.items.map((type: { codigo: string }) => type.codigo)).toContain('VAC.');
    const adminSession = await signIn(t.app, DEMO_ADMIN_RUT, DEMO_PASSWORD);
    const permisos = (await t.app.inject({ method: 'GET', url: '/api/v1/permisos?pageSize=100', headers: bearer(adminSession.tokenSesion) })).json();
    expect(permisos.total).toBe(12);
    expect(new Set(permisos.items.map((p: { estado: string }) => p.estado))).toEqual(new Set(['aprobado', 'pendiente', 'rechazado']));
    expect(permisos.pendientes).toBe(3);

    // Vacation by law: the ten workers of Tienda Punta Arenas have 20 days (art. 67 inc. 2), the rest 15;
    // two workers with years at previous employers have progressive days (art. 68), computed.
    const adminHeaders = bearer(adminSession.tokenSesion);
    const sites = (await t.app.inject({ method: 'GET', url: '/api/v1/sedes', headers: adminHeaders })).json().items as { id: string; nombre: string }[];
    const puntaArenas = sites.find((site) => site.nombre === 'Tienda Punta Arenas')!;
    const south = (await t.app.inject({ method: 'GET', url: `/api/v1/usuarios?sedeId=${puntaArenas.id}&pageSize=100`, headers: adminHeaders })).json().items as { id: string }[];
    expect(south).toHaveLength(10);
    const southIds = new Set(south.map((u) => u.id));
    type Saldo = { usuario: { id: string }; tipo: { codigo: string }; diasBase: number; diasProgresivos: number; asignados: number; fundamento: string[] };
    const saldos = (await t.app.inject({ method: 'GET', url: '/api/v1/permisos/saldos?anio=2025&pageSize=100', headers: adminHeaders })).json().items as Saldo[];
    const vacations = saldos.filter((saldo) => saldo.tipo.codigo === 'VAC.');
    expect(vacations.filter((saldo) => southIds.has(saldo.usuario.id)).map((saldo) => saldo.diasBase)).toEqual(Array(10).fill(20));
    expect(vacations.filter((saldo) => !southIds.has(saldo.usuario.id)).every((saldo) => saldo.diasBase === 15)).toBe(true);
    const progressive = vacations.filter((saldo) => saldo.diasProgresivos > 0);
    expect(progressive.map((saldo) => saldo.fundamento)).toEqual(
      expect.arrayContaining([
        ['10 años reconocidos (de 12: solo cuentan 10) y 9 con la empresa: 3 días progresivos (art. 68)'],
        ['20 días por trabajar en la región de Magallanes (art. 67 inc. 2)', '10 años reconocidos y 4 con la empresa: 1 día progresivo (art. 68)'],
      ]),
    );
    expect(progressive).toHaveLength(2);
    expect(progressive.find((saldo) => southIds.has(saldo.usuario.id))!.asignados).toBe(21);
    // Seeding replays thousands of marks through the marks service: seconds, more on a busy machine.
  }, 120_000);

  it('plans the previous and the current month for every group, with a 4x4 rotation in Bodega and a few logged changes', async () => {
    const session = await signIn(t.app, '11.111.111-1', DEMO_PASSWORD);
    const admin = bearer(session.tokenSesion);
    const turnos = (await t.app.inject({ method: 'GET', url: '/api/v1/turnos', headers: admin })).json();
    expect(turnos.items.map((s: { codigo: string }) => s.codigo).sort()).toEqual(['MAN', 'NOC', 'OFI', 'R12', 'TAR']);
    const today = t.clock.now();
    const month = (offset: number) => {
      const d = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + offset, 1));
      return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
    };
    const grupos = (await t.app.inject({ method: 'GET', url: '/api/v1/grupos', headers: admin })).json();
    const bodega = grupos.items.find((g: { nombre: string }) => g.nombre === 'Bodega');
    for (const mes of [month(-1), month(0)]) {
      const grid = (await t.app.inject({ method: 'GET', url: `/api/v1/planificaciones?mes=${mes}&pageSize=100`, headers: admin })).json();
      const planned = grid.filas.filter((f: { dias: { tipo: string }[] }) => f.dias.some((d) => d.tipo === 'turno'));
      expect(planned.length).toBeGreaterThanOrEqual(45);
      const rotation = (await t.app.inject({ method: 'GET', url: `/api/v1/planificaciones?mes=${mes}&grupoId=${bodega.id}`, headers: admin })).json();
      for (const fila of rotation.filas as { dias: { fecha: string; tipo: string; turno: { codigo: string } | null }[] }[]) {
        const r12 = fila.dias.filter((d) => d.turno?.codigo === 'R12');
        // 4 on, 4 off: about half the month, weekends included.
        expect(r12.length).toBeGreaterThanOrEqual(12);
        expect(r12.some((d) => [0, 6].includes(new Date(`${d.fecha}T12:00:00Z`).getUTCDay()))).toBe(true);
      }
    }
    const cambios = (await t.app.inject({ method: 'GET', url: '/api/v1/planificaciones/cambios', headers: admin })).json();
    expect(cambios.total).toBe(4);
    expect(new Set(cambios.items.map((c: { solicitadoPor: string }) => c.solicitadoPor))).toEqual(new Set(['trabajador', 'empleador']));
  });

  it('replays the previous month through the marks service: marks with receipts, a whole chain, attempts and enrolled fingerprints', async () => {
    const session = await signIn(t.app, '11.111.111-1', DEMO_PASSWORD);
    const admin = bearer(session.tokenSesion);
    const get = async (url: string, headers = admin) => {
      const response = await t.app.inject({ method: 'GET', url, headers });
      expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
      return response.json();
    };
    // The test clock is Monday 2025-06-02: May is the previous month, Sunday June 1st is yesterday.
    const may = 'desde=2025-05-01&hasta=2025-05-31';
    const all = await get(`/api/v1/marcas?${may}&pageSize=100`);
    // About 45 planned workers, 20 working days (1 and 21 May are holidays), 4 marks a day.
    expect(all.total).toBeGreaterThan(2500);
    // Up to yesterday: only Bodega's 4x4 rotation works on Sunday, and nobody has marked today yet.
    expect((await get('/api/v1/marcas?desde=2025-06-01&hasta=2025-06-01&pageSize=1')).total).toBeGreaterThan(0);
    expect((await get('/api/v1/marcas?desde=2025-06-02&pageSize=1')).total).toBe(0);
    for (const tipo of ['entrada', 'inicio_colacion', 'fin_colacion', 'salida']) expect((await get(`/api/v1/marcas?${may}&tipo=${tipo}&pageSize=1`)).total).toBeGreaterThan(500);
    for (const metodo of ['web', 'huella', 'kiosco_pin']) expect((await get(`/api/v1/marcas?${may}&metodo=${metodo}&pageSize=1`)).total).toBeGreaterThan(0);
    const outside = await get(`/api/v1/marcas?${may}&fueraDeGeocerca=true&pageSize=100`);
    expect(outside.total).toBeGreaterThan(0);
    expect(outside.total).toBeLessThan(all.total / 50);
    const offline = await get(`/api/v1/marcas?${may}&offline=true`);
    expect(offline.total).toBeGreaterThanOrEqual(2);
    for (const m of offline.items) expect(Date.parse(m.instante) - Date.parse(m.horaOriginal)).toBeGreaterThan(5 * 60_000);

    // The warehouse's 4x4 rotation works Sundays and holidays: excepted from Sunday rest (art. 38), its ordinary
    // Sunday hours carry the 30 % surcharge (Ley 20.823); it rests on 1 May, irrenunciable for commerce.
    const pay = await get('/api/v1/remuneraciones/202505?pageSize=200');
    const excepted = pay.items.filter((r: { exceptuadoDescansoDominical: boolean }) => r.exceptuadoDescansoDominical);
    expect(excepted.length).toBeGreaterThan(3);
    expect(excepted.every((r: { grupo: { nombre: string } | null }) => r.grupo?.nombre === 'Bodega')).toBe(true);
    expect(excepted.filter((r: { recargoDominicalMonto: number | null }) => (r.recargoDominicalMonto ?? 0) > 0).length).toBeGreaterThan(2);
    expect(pay.totales.recargoDominicalMonto).toBeGreaterThan(0);
    for (const r of excepted.slice(0, 2) as { usuarioId: string }[]) {
      const detail = await get(`/api/v1/remuneraciones/202505/trabajadores/${r.usuarioId}`);
      expect(detail.dias.find((d: { fecha: string }) => d.fecha === '2025-05-01')?.estadoDia).not.toBe('ausente');
    }

    // Every chain verifies: the marks went through recordMark, nothing was written around it.
    const chain = await get('/api/v1/marcas/cadena');
    expect(chain).toMatchObject({ integra: true, rupturas: [] });
    expect(chain.marcasVerificadas).toBe((await get('/api/v1/marcas?pageSize=1')).total);

    // The attempts a real month collects, each with its reason.
    const intentos = await get(`/api/v1/intentos-marcaje?${may}&pageSize=100`);
    const motivos = new Set(intentos.items.map((i: { motivo: string }) => i.motivo));
    for (const motivo of ['marca_repetida', 'pin_incorrecto', 'credencial_desconocida', 'metodo_no_permitido', 'fuera_de_geocerca', 'sin_conexion', 'huella_no_verificada']) {
      expect(motivos, motivo).toContain(motivo);
    }
    const strangers = (await get(`/api/v1/intentos-marcaje?${may}&motivo=pin_incorrecto`)).items.filter((i: { usuarioId: string | null }) => i.usuarioId === null);
    expect(strangers.length).toBeGreaterThan(0);
    expect(strangers[0].detalle).toMatch(/^RUT no registrado en la empresa \(RUT \d{7,8}-[\dK]\)$/);

    // A receipt of a demo mark opens, with the full address of the worker's site, and its PDF too.
    const sedes = (await get('/api/v1/sedes')).items as { id: string; nombre: string }[];
    const puntaArenas = sedes.find((s) => s.nombre === 'Tienda Punta Arenas')!;
    for (const [sede, address] of [
      [sedes.find((s) => s.nombre === 'Casa Matriz Las Condes')!, /^Av\. Apoquindo 4501, Las Condes, Santiago, .*Metropolitana/],
      [puntaArenas, /^Av\. Bulnes 01110, Punta Arenas, .*Magallanes/],
    ] as const) {
      const [mark] = (await get(`/api/v1/marcas?${may}&sedeId=${sede.id}&tipo=entrada&pageSize=1`)).items;
      const receipt = await get(`/api/v1/marcas/${mark.id}/comprobante`);
      expect(receipt).toMatchObject({ marcaId: mark.id, hash: mark.hash, empleador: { razonSocial: 'Comercial Los Andes SpA' }, lugarTrabajo: { nombre: sede.nombre } });
      expect(receipt.lugarTrabajo.direccion).toMatch(address);
      expect(receipt.zonaHoraria).toBe(sede === puntaArenas ? 'America/Punta_Arenas' : 'America/Santiago');
      const pdf = await t.app.inject({ method: 'GET', url: `/api/v1/marcas/${mark.id}/comprobante.pdf`, headers: admin });
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
    }

    // The fingerprint register: enrolled credentials on kiosks and phones, their last use is a huella mark, one revoked.
    const credenciales = await get('/api/v1/huella/credenciales?pageSize=100');
    expect(credenciales.total).toBeGreaterThan(10);
    for (const c of credenciales.items) expect(c.nombreDispositivo).toMatch(/^(Quiosco (Casa Matriz|Viña del Mar|Punta Arenas)|Teléfono (nuevo )?de .+)$/);
    type Credencial = { id: string; usuario: { id: string }; nombreDispositivo: string; registradaEn: string; ultimoUso: string | null; revocadaEn: string | null };
    const items = credenciales.items as Credencial[];
    expect(items.filter((c) => c.registradaEn >= '2025-05-01').map((c) => c.nombreDispositivo)).toEqual([expect.stringMatching(/^Teléfono nuevo de /)]);
    const used = items.find((c) => c.ultimoUso && c.nombreDispositivo.startsWith('Quiosco'))!;
    const usedMarks = await get(`/api/v1/marcas?usuarioId=${used.usuario.id}&metodo=huella&pageSize=100`);
    expect(usedMarks.items.map((m: { instante: string }) => m.instante)).toContain(used.ultimoUso);
    // The phone that was replaced: revoked the morning the new one was enrolled, used until then.
    const revocadas = await get('/api/v1/huella/credenciales?estado=revocadas');
    expect(revocadas.total).toBe(1);
    const [revoked] = revocadas.items as Credencial[];
    const replacement = items.find((c) => c.usuario.id === revoked!.usuario.id)!;
    expect(replacement.nombreDispositivo).toMatch(/^Teléfono nuevo de /);
    expect(revoked!.revocadaEn! <= replacement.registradaEn).toBe(true);
    expect(revoked!.ultimoUso! < revoked!.revocadaEn!).toBe(true);
    const pendientes = await get('/api/v1/huella/pendientes?pageSize=100');
    expect(pendientes.total).toBeGreaterThan(2);
    expect(pendientes.items.every((p: { consentimiento: boolean }) => p.consentimiento)).toBe(true);
    const enrolled = new Set(items.map((c) => c.usuario.id));
    expect(pendientes.items.some((p: { id: string }) => enrolled.has(p.id))).toBe(false);

    // A worker sees their own marks only, and may open their own receipts.
    const people = (await get('/api/v1/usuarios?pageSize=100')).items as { id: string; rut: string; perfil: string }[];
    const worker = people.find((p) => p.id === all.items[0].usuarioId)!;
    const own = await signIn(t.app, worker.rut, DEMO_PASSWORD);
    const mine = await get(`/api/v1/marcas?${may}&pageSize=100`, bearer(own.tokenSesion));
    expect(mine.total).toBeGreaterThan(20);
    expect(mine.items.every((m: { usuarioId: string }) => m.usuarioId === worker.id)).toBe(true);
    const other = all.items.find((m: { usuarioId: string }) => m.usuarioId !== worker.id);
    const foreign = await t.app.inject({ method: 'GET', url: `/api/v1/marcas/${other.id}/comprobante`, headers: bearer(own.tokenSesion) });
    expect(foreign.statusCode).toBe(404);
    await get(`/api/v1/marcas/${mine.items[0].id}/comprobante`, bearer(own.tokenSesion));
  });
});
