import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { addPerson, companyWithAdmin } from '../../test/people';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('empresa', () => {
  it('shows and edits the company data; an exceptional schedule needs its resolution number', async () => {
    const { admin, companyId, razonSocial } = await companyWithAdmin(t.app);
    const shown = (await t.app.inject({ method: 'GET', url: '/api/v1/empresa', headers: admin.headers })).json();
    expect(shown).toMatchObject({ id: companyId, razonSocial, resolucion: false, resolucionNumero: null });
    expect(shown.rut).toMatch(/^\d{2}\.\d{3}\.\d{3}-[\dK]$/);

    const missing = await t.app.inject({ method: 'PATCH', url: '/api/v1/empresa', headers: admin.headers, payload: { resolucion: true } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toEqual({ resolucionNumero: 'Ingresa el número de la resolución de jornada excepcional.' });

    const ok = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/empresa',
      headers: admin.headers,
      payload: { resolucion: true, resolucionNumero: 'Res. Ex. N° 1234', resolucionFecha: '2025-03-10', telefono: '', rubro: 'Minería' },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ resolucion: true, resolucionNumero: 'Res. Ex. N° 1234', resolucionFecha: '2025-03-10', telefono: null, rubro: 'Minería' });
    const off = (await t.app.inject({ method: 'PATCH', url: '/api/v1/empresa', headers: admin.headers, payload: { resolucion: false } })).json();
    expect(off).toMatchObject({ resolucion: false, resolucionNumero: null, resolucionFecha: null });

    const supervisor = await addPerson(t.app, t.database.db, companyId, 'supervisor');
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/empresa', headers: supervisor.headers })).statusCode).toBe(403);
  });
});
