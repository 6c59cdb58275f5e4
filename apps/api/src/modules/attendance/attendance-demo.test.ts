/** The demo company's attendance: evaluated at seed time, equal to a rebuild from scratch, coherent across the reads. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attendanceDays } from '../../db/schema/index';
import { runAsSystem } from '../../db/tenant-context';
import { DEMO_PASSWORD } from '../../demo/seed';
import type { TestApp } from '../../test/app';
import { demoApp } from '../../test/demo';
import { bearer, signIn } from '../../test/factories';
import { createPlanReader } from '../planning/index';
import { createAttendanceService } from './attendance.service';

let t: TestApp;
let companyId: string;
beforeAll(async () => {
  ({ t, companyId } = await demoApp());
}, 300_000);
afterAll(() => t.close());

describe('the demo company', () => {
  it('has its planned months stored, and a rebuild from scratch finds exactly the stored results', async () => {
    const snapshot = async () =>
      (await t.database.db.select().from(attendanceDays).where(eq(attendanceDays.companyId, companyId)).orderBy(attendanceDays.userId, attendanceDays.fecha)).map(
        ({ computedAt: _c, invalidatedAt: _i, ...rest }) => rest,
      );
    const stored = await snapshot();
    expect(stored.length).toBeGreaterThan(60 * 50);
    expect(stored.every((r) => !r.stale)).toBe(true);
    expect(stored.filter((r) => r.status === 'presente').length).toBeGreaterThan(100);
    await t.database.db.delete(attendanceDays).where(eq(attendanceDays.companyId, companyId));
    // The same range the seed evaluates: the previous and the current month (the test clock is 2025-06-02).
    await runAsSystem(() => createAttendanceService({ db: t.database.appDatabase.db, plan: createPlanReader(t.database.appDatabase.db, t.app.companyHolidays, t.app.shiftReads.get()), ledGroups: t.app.ledGroups, permissions: t.app.permissionReads }).rebuild(companyId, '2025-05-01', '2025-06-30', t.clock.now()));
    expect(await snapshot()).toEqual(stored);
  }, 300_000);

  it('answers the three reads with figures that agree with each other', async () => {
    const admin = bearer((await signIn(t.app, '11.111.111-1', DEMO_PASSWORD)).tokenSesion);
    const board = await t.app.inject({ method: 'GET', url: '/api/v1/asistencia/dia?fecha=2025-05-28&pageSize=200', headers: admin });
    expect(board.statusCode, board.body).toBe(200);
    const day = board.json();
    expect(Object.values(day.conteos as Record<string, number>).reduce((a, b) => a + b, 0)).toBe(day.trabajadores);
    expect(day.conteos.presente + day.conteos.atrasado).toBeGreaterThan(10);

    const summary = (await t.app.inject({ method: 'GET', url: '/api/v1/asistencia/resumen?desde=2025-05-01&hasta=2025-05-31&pageSize=200', headers: admin })).json();
    const worked = summary.items.reduce((sum: number, item: { totales: { trabajadoSegundos: number } }) => sum + item.totales.trabajadoSegundos, 0);
    expect(summary.totalGeneral.trabajadoSegundos).toBeCloseTo(worked, 6);
    expect(summary.totalGeneral.trabajadoSegundos).toBeGreaterThan(0);

    const someone = summary.items.find((item: { totales: { diasTrabajados: number } }) => item.totales.diasTrabajados > 5);
    const period = (await t.app.inject({ method: 'GET', url: `/api/v1/asistencia/trabajadores/${someone.usuarioId}?desde=2025-05-01&hasta=2025-05-31`, headers: admin })).json();
    expect(period.totales).toEqual(someone.totales);
    expect(period.dias).toHaveLength(31);
  }, 120_000);

  it('has open inconsistencies to resolve on the inconsistencies page, of more than one kind', async () => {
    const admin = bearer((await signIn(t.app, '11.111.111-1', DEMO_PASSWORD)).tokenSesion);
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/inconsistencias?desde=2025-05-01&hasta=2025-05-31&estado=abierta', headers: admin });
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json<{ total: number; conteos: Record<string, number> }>();
    expect(page.total).toBeGreaterThan(5);
    expect(page.conteos.entrada_sin_salida).toBeGreaterThan(0);
    expect(Object.values(page.conteos).filter((n) => n > 0).length).toBeGreaterThan(1);
  }, 120_000);
});
