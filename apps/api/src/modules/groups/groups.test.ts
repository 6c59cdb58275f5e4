import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { addPerson, companyWithAdmin } from '../../test/people';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const api = (method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, headers: Record<string, string>, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

describe('groups', () => {
  it('creates, edits and lists groups with site, leaders and members; names are unique per company', async () => {
    const { admin } = await companyWithAdmin(t.app);
    const site = (await api('POST', '/api/v1/sedes', admin.headers, { nombre: 'Centro' })).json();
    const created = await api('POST', '/api/v1/grupos', admin.headers, { nombre: 'Bodega', descripcion: 'Recepción', sedeId: site.id });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ nombre: 'Bodega', descripcion: 'Recepción', sede: { id: site.id, nombre: 'Centro' }, estado: 'activo', lideres: [], miembros: [], totalMiembros: 0 });
    const dup = await api('POST', '/api/v1/grupos', admin.headers, { nombre: 'Bodega' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.fields).toEqual({ nombre: 'Ya existe un grupo con ese nombre.' });
    const edited = await api('PATCH', `/api/v1/grupos/${created.json().id}`, admin.headers, { descripcion: null, sedeId: null });
    expect(edited.json()).toMatchObject({ descripcion: null, sede: null, nombre: 'Bodega' });
    const list = (await api('GET', '/api/v1/grupos?q=bod', admin.headers)).json();
    expect(list).toMatchObject({ total: 1, page: 1, pageSize: 25 });
  });

  it('keeps a history of state changes with who, when and why', async () => {
    const { admin } = await companyWithAdmin(t.app);
    const group = (await api('POST', '/api/v1/grupos', admin.headers, { nombre: 'Temporada' })).json();
    t.clock.advance(60_000);
    const off = await api('PATCH', `/api/v1/grupos/${group.id}/estado`, admin.headers, { estado: 'inactivo', motivo: 'Fin de temporada' });
    expect(off.json().estado).toBe('inactivo');
    const same = await api('PATCH', `/api/v1/grupos/${group.id}/estado`, admin.headers, { estado: 'inactivo', motivo: 'Otra vez' });
    expect(same.statusCode).toBe(400);
    expect(same.json().error.fields).toEqual({ estado: 'El grupo ya está inactivo.' });
    const noReason = await api('PATCH', `/api/v1/grupos/${group.id}/estado`, admin.headers, { estado: 'activo', motivo: ' ' });
    expect(noReason.json().error.fields).toEqual({ motivo: 'Ingresa el motivo del cambio de estado.' });
    const history = (await api('GET', `/api/v1/grupos/${group.id}/historial-estados`, admin.headers)).json();
    expect(history.items).toMatchObject([
      { estadoAnterior: 'activo', estadoNuevo: 'inactivo', motivo: 'Fin de temporada', cambiadoPor: { id: admin.id } },
      { estadoAnterior: null, estadoNuevo: 'activo', motivo: 'Creación del grupo' },
    ]);
    const inactive = (await api('GET', '/api/v1/grupos?estado=inactivo', admin.headers)).json();
    expect(inactive.items.map((g: { id: string }) => g.id)).toEqual([group.id]);
  });

  it('adds and removes members; adding a member of another group moves them', async () => {
    const { admin, companyId } = await companyWithAdmin(t.app);
    const a = (await api('POST', '/api/v1/grupos', admin.headers, { nombre: 'A' })).json();
    const b = (await api('POST', '/api/v1/grupos', admin.headers, { nombre: 'B' })).json();
    const w1 = await addPerson(t.app, t.database.db, companyId, 'trabajador');
    const w2 = await addPerson(t.app, t.database.db, companyId, 'trabajador');
    const inspector = await addPerson(t.app, t.database.db, companyId, 'fiscalizador');
    expect((await api('PUT', `/api/v1/grupos/${a.id}/miembros`, admin.headers, { agregar: [w1.id, w2.id] })).json().totalMiembros).toBe(2);
    const moved = await api('PUT', `/api/v1/grupos/${b.id}/miembros`, admin.headers, { agregar: [w1.id] });
    expect(moved.json().miembros.map((m: { id: string }) => m.id)).toEqual([w1.id]);
    expect((await api('GET', `/api/v1/grupos/${a.id}`, admin.headers)).json().miembros.map((m: { id: string }) => m.id)).toEqual([w2.id]);
    expect((await api('GET', `/api/v1/usuarios/${w1.id}`, admin.headers)).json().grupo).toEqual({ id: b.id, nombre: 'B' });

    const notMember = await api('PUT', `/api/v1/grupos/${a.id}/miembros`, admin.headers, { quitar: [w1.id] });
    expect(notMember.json().error.fields.quitar).toContain('no es miembro de este grupo');
    const fiscal = await api('PUT', `/api/v1/grupos/${a.id}/miembros`, admin.headers, { agregar: [inspector.id] });
    expect(fiscal.json().error.fields.agregar).toContain('es fiscalizador y no puede pertenecer a un grupo');
    const removed = await api('PUT', `/api/v1/grupos/${a.id}/miembros`, admin.headers, { quitar: [w2.id] });
    expect(removed.json().totalMiembros).toBe(0);
  });

  it('sets leaders (supervisors or administrators only), and a leader sees only the groups they lead', async () => {
    const { admin, companyId } = await companyWithAdmin(t.app);
    const led = (await api('POST', '/api/v1/grupos', admin.headers, { nombre: 'Liderado' })).json();
    const other = (await api('POST', '/api/v1/grupos', admin.headers, { nombre: 'Otro' })).json();
    const supervisor = await addPerson(t.app, t.database.db, companyId, 'supervisor');
    const worker = await addPerson(t.app, t.database.db, companyId, 'trabajador', { nombre: 'Juan', apellidos: 'Pérez' });
    const bad = await api('PUT', `/api/v1/grupos/${led.id}/lideres`, admin.headers, { liderIds: [worker.id] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({ liderIds: 'Juan Pérez no puede ser líder: solo usuarios con perfil supervisor o administrador.' });
    const ok = await api('PUT', `/api/v1/grupos/${led.id}/lideres`, admin.headers, { liderIds: [supervisor.id, admin.id] });
    expect(ok.json().lideres.map((l: { id: string }) => l.id).sort()).toEqual([supervisor.id, admin.id].sort());

    const seen = (await api('GET', '/api/v1/grupos', supervisor.headers)).json();
    expect(seen.items.map((g: { id: string }) => g.id)).toEqual([led.id]);
    expect((await api('GET', `/api/v1/grupos/${other.id}`, supervisor.headers)).statusCode).toBe(404);
    expect((await api('GET', `/api/v1/grupos/${led.id}/historial-estados`, supervisor.headers)).statusCode).toBe(200);
    expect((await api('PUT', `/api/v1/grupos/${led.id}/miembros`, supervisor.headers, { agregar: [] })).statusCode).toBe(403);

    // A leader who is deactivated stops leading.
    await api('POST', `/api/v1/usuarios/${supervisor.id}/desactivar`, admin.headers, { finContrato: '2025-06-01' });
    expect((await api('GET', `/api/v1/grupos/${led.id}`, admin.headers)).json().lideres.map((l: { id: string }) => l.id)).toEqual([admin.id]);
    // A supervisor who leads cannot become trabajador while leading.
    const sup2 = await addPerson(t.app, t.database.db, companyId, 'supervisor');
    await api('PUT', `/api/v1/grupos/${other.id}/lideres`, admin.headers, { liderIds: [sup2.id] });
    const demote = await api('PATCH', `/api/v1/usuarios/${sup2.id}`, admin.headers, { perfil: 'trabajador' });
    expect(demote.json().error.fields.perfil).toBe('El usuario lidera el grupo Otro; quítalo como líder antes de cambiar su perfil.');
  });

  it('previews a mass leader assignment, then applies exactly that in one transaction', async () => {
    const { admin, companyId } = await companyWithAdmin(t.app);
    const g1 = (await api('POST', '/api/v1/grupos', admin.headers, { nombre: 'Uno' })).json();
    const g2 = (await api('POST', '/api/v1/grupos', admin.headers, { nombre: 'Dos' })).json();
    const s1 = await addPerson(t.app, t.database.db, companyId, 'supervisor');
    const s2 = await addPerson(t.app, t.database.db, companyId, 'supervisor');
    await api('PUT', `/api/v1/grupos/${g1.id}/lideres`, admin.headers, { liderIds: [s1.id] });

    const body = { grupoIds: [g1.id, g2.id], liderIds: [s2.id], modo: 'reemplazar' };
    const preview = (await api('POST', '/api/v1/grupos/asignacion-masiva/vista-previa', admin.headers, body)).json();
    expect(preview.aplicado).toBe(false);
    expect(preview.resumen).toEqual({ grupos: 2, gruposConCambios: 2, lideresAgregados: 2, lideresQuitados: 1 });
    const uno = preview.cambios.find((c: { grupo: { id: string } }) => c.grupo.id === g1.id);
    expect(uno.quitados.map((p: { id: string }) => p.id)).toEqual([s1.id]);
    expect(uno.agregados.map((p: { id: string }) => p.id)).toEqual([s2.id]);
    expect((await api('GET', `/api/v1/grupos/${g1.id}`, admin.headers)).json().lideres.map((l: { id: string }) => l.id)).toEqual([s1.id]);

    const applied = (await api('POST', '/api/v1/grupos/asignacion-masiva', admin.headers, body)).json();
    expect({ ...applied, aplicado: false }).toEqual(preview);
    for (const g of [g1, g2]) {
      expect((await api('GET', `/api/v1/grupos/${g.id}`, admin.headers)).json().lideres.map((l: { id: string }) => l.id)).toEqual([s2.id]);
    }
    const again = (await api('POST', '/api/v1/grupos/asignacion-masiva/vista-previa', admin.headers, body)).json();
    expect(again.resumen.gruposConCambios).toBe(0);

    const foreign = await companyWithAdmin(t.app);
    const otherGroup = (await api('POST', '/api/v1/grupos', foreign.admin.headers, { nombre: 'Ajeno' })).json();
    const cross = await api('POST', '/api/v1/grupos/asignacion-masiva', admin.headers, { grupoIds: [g1.id, otherGroup.id], liderIds: [s1.id] });
    expect(cross.statusCode).toBe(400);
    expect(cross.json().error.fields).toEqual({ grupoIds: 'Uno de los grupos elegidos no existe.' });
  });
});
