import { KIOSCO_TOKEN_HEADER } from '@jornada/contracts';
import { formatRut } from '@jornada/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { biometricConsents } from '../../db/schema/index';
import { DEMO_ADMIN_RUT, DEMO_PASSWORD, seedDemo } from '../../demo/seed';
import { createTestApp, type TestApp } from '../../test/app';
import { bearer, signIn } from '../../test/factories';
import { DEMO_KIOSK_PIN } from '../../demo/kiosk';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('demo data for the kiosk', () => {
  it('every active demo worker marks on a kiosk of their site with RUT + 1357; fingerprint users have consented', async () => {
    const people = await seedDemo(t.database.db, t.clock.now());
    const { tokenSesion } = await signIn(t.app, formatRut(DEMO_ADMIN_RUT)!, DEMO_PASSWORD);
    const worker = people.find((p) => p.perfil === 'trabajador' && p.active !== false && p.metodosMarcaje?.includes('kiosco_pin'))!;
    const opened = await t.app.inject({ method: 'POST', url: '/api/v1/quioscos', headers: bearer(tokenSesion), payload: { sedeId: worker.siteId, nombre: 'Demo' } });
    expect(opened.statusCode, opened.body).toBe(201);
    const mark = await t.app.inject({
      method: 'POST',
      url: '/api/v1/quiosco/marcar-pin',
      headers: { [KIOSCO_TOKEN_HEADER]: opened.json().token },
      payload: { rut: worker.rut, pin: DEMO_KIOSK_PIN, tipo: 'entrada' },
    });
    expect(mark.statusCode, mark.body).toBe(200);
    expect(mark.json().registrada).toBe(true);
    const consents = await t.database.db.select().from(biometricConsents);
    const withHuella = people.filter((p) => p.active !== false && p.metodosMarcaje?.includes('huella'));
    expect(consents).toHaveLength(withHuella.length);
    // The demo replays a month and a half of marks: slower than one test's default budget on a busy machine.
  }, 120_000);
});
