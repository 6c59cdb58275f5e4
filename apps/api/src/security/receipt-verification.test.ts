import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mark, markingCompany, markingWorker, SITE_POSITION, type MarkingCompany } from '../test/fixtures/marks';
import { createTestApp, type TestApp } from '../test/app';

/**
 * The public verification of a receipt (anyone with its code) shows what proves the receipt — date,
 * time, kind, employer, a masked RUT, the hash — and nothing that tracks a person: no name, no RUT in
 * full, no GPS position, no workplace address.
 */
let t: TestApp;
let company: MarkingCompany;
beforeAll(async () => {
  t = await createTestApp();
  company = await markingCompany(t.app, t.database.db);
});
afterAll(() => t.close());

describe('GET /api/v1/verificar/:hash', () => {
  it('proves the receipt without a name, the full RUT or a position', async () => {
    const worker = await markingWorker(t.app, t.database.db, company);
    const created = (await mark(t.app, worker.headers, { tipo: 'entrada', posicion: { lat: SITE_POSITION.lat + 0.000123, lng: SITE_POSITION.lng, precisionM: 8 } })).json();
    const response = await t.app.inject({ method: 'GET', url: `/api/v1/verificar/${created.marca.hash}` });
    expect(response.statusCode, response.body).toBe(200);
    const { comprobante } = created;
    const body = response.json();
    expect(body).toEqual({
      integra: true,
      comprobante: {
        fecha: comprobante.fecha,
        hora: comprobante.hora,
        zonaHoraria: comprobante.zonaHoraria,
        tipo: 'entrada',
        tipoEtiqueta: comprobante.tipoEtiqueta,
        empleador: comprobante.empleador,
        trabajador: { rut: `**.***.${comprobante.trabajador.rut.slice(-5)}` },
        hash: created.marca.hash,
      },
    });
    for (const leaked of [comprobante.trabajador.nombre, comprobante.trabajador.rut, String(SITE_POSITION.lat).slice(0, 6), comprobante.lugarTrabajo.direccion]) {
      expect(response.body).not.toContain(leaked);
    }
  });
});
