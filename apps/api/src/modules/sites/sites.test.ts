import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { addPerson, companyWithAdmin } from '../../test/people';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('sedes', () => {
  it('creates a site with full address, position, geofence and time zone, and edits it', async () => {
    const { admin } = await companyWithAdmin(t.app);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/sedes',
      headers: admin.headers,
      payload: { nombre: 'Tienda Punta Arenas', calle: 'Av. Bulnes', numero: '01110', comuna: 'Punta Arenas', ciudad: 'Punta Arenas', region: 'MA', lat: -53.15, lng: -70.91, radioGeocercaM: 200, zonaHoraria: 'America/Punta_Arenas' },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      nombre: 'Tienda Punta Arenas',
      direccionCompleta: 'Av. Bulnes 01110, Punta Arenas, Región de Magallanes y de la Antártica Chilena',
      region: 'MA',
      lat: -53.15,
      radioGeocercaM: 200,
      zonaHoraria: 'America/Punta_Arenas',
      totalUsuarios: 0,
    });
    const defaults = (await t.app.inject({ method: 'POST', url: '/api/v1/sedes', headers: admin.headers, payload: { nombre: 'Otra' } })).json();
    expect(defaults).toMatchObject({ radioGeocercaM: 150, zonaHoraria: 'America/Santiago', lat: null, region: null });
    const patched = await t.app.inject({ method: 'PATCH', url: `/api/v1/sedes/${defaults.id}`, headers: admin.headers, payload: { zonaHoraria: 'Pacific/Easter', lat: -27.15, lng: -109.43 } });
    expect(patched.json()).toMatchObject({ zonaHoraria: 'Pacific/Easter', lat: -27.15, lng: -109.43 });
    const page = (await t.app.inject({ method: 'GET', url: '/api/v1/sedes?q=punta', headers: admin.headers })).json();
    expect(page.items.map((s: { nombre: string }) => s.nombre)).toEqual(['Tienda Punta Arenas']);
  });

  it('validates radius, time zone, region, position pairs and unique names in Spanish', async () => {
    const { admin } = await companyWithAdmin(t.app);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/v1/sedes',
      headers: admin.headers,
      payload: { nombre: 'X', radioGeocercaM: 5, zonaHoraria: 'Marte/Olympus', region: 'XX' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({
      radioGeocercaM: 'El radio debe ser de al menos 10 metros.',
      zonaHoraria: 'La zona horaria no es válida.',
      region: 'La región no es válida.',
    });
    const half = await t.app.inject({ method: 'POST', url: '/api/v1/sedes', headers: admin.headers, payload: { nombre: 'X', lat: -33 } });
    expect(half.json().error.fields).toEqual({ lng: 'Indica latitud y longitud juntas (o ninguna).' });
    await t.app.inject({ method: 'POST', url: '/api/v1/sedes', headers: admin.headers, payload: { nombre: 'Centro' } });
    const dup = await t.app.inject({ method: 'POST', url: '/api/v1/sedes', headers: admin.headers, payload: { nombre: 'Centro' } });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.fields).toEqual({ nombre: 'Ya existe una sede con ese nombre.' });
  });
});

describe('sedes: users per site', () => {
  it('counts the users assigned to each site, in the list and in one site', async () => {
    const { admin, companyId } = await companyWithAdmin(t.app);
    const norte = (await t.app.inject({ method: 'POST', url: '/api/v1/sedes', headers: admin.headers, payload: { nombre: 'Norte' } })).json();
    const sur = (await t.app.inject({ method: 'POST', url: '/api/v1/sedes', headers: admin.headers, payload: { nombre: 'Sur' } })).json();
    const vacia = (await t.app.inject({ method: 'POST', url: '/api/v1/sedes', headers: admin.headers, payload: { nombre: 'Vacía' } })).json();
    for (let i = 0; i < 3; i += 1) await addPerson(t.app, t.database.db, companyId, 'trabajador', { siteId: norte.id });
    await addPerson(t.app, t.database.db, companyId, 'supervisor', { siteId: sur.id });
    // Another company's users never count.
    const other = await companyWithAdmin(t.app);
    const foreign = (await t.app.inject({ method: 'POST', url: '/api/v1/sedes', headers: other.admin.headers, payload: { nombre: 'Norte' } })).json();
    await addPerson(t.app, t.database.db, other.companyId, 'trabajador', { siteId: foreign.id });

    const page = await t.app.inject({ method: 'GET', url: '/api/v1/sedes', headers: admin.headers });
    expect(page.statusCode, page.body).toBe(200);
    const counts = Object.fromEntries(page.json().items.map((s: { nombre: string; totalUsuarios: number }) => [s.nombre, s.totalUsuarios]));
    expect(counts).toEqual({ Norte: 3, Sur: 1, Vacía: 0 });
    const one = await t.app.inject({ method: 'GET', url: `/api/v1/sedes/${norte.id}`, headers: admin.headers });
    expect(one.json().totalUsuarios).toBe(3);
    expect(vacia.totalUsuarios).toBe(0);
  });
});
