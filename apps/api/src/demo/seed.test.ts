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
  });

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
});
