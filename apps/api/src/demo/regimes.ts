import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { decemberExtensions, exceptionalSchedules, groups } from '../db/schema/index';
import { localDate } from '../lib/clock';

/** The DT resolution of Bodega's 4x4 rotation of 11 ordinary hours (art. 38 inc. final): 44 hours every 8 days average 38 h 30 min a week. */
const DEMO_RESOLUTION = { numero: '2145', fecha: '2023-11-20', diasTrabajo: 4, diasDescanso: 4, horasDiarias: 11, vigenteDesde: '2024-01-01', vigenteHasta: null };

/** The December days the demo company declares as extended (art. 24): seven of the nine allowed, two hours each but the last. */
const DEMO_EXTENSION_DAYS: readonly [day: number, minutes: number][] = [
  [15, 120],
  [16, 120],
  [17, 120],
  [18, 120],
  [19, 120],
  [22, 120],
  [23, 60],
];

/**
 * The regimes a new administrator should see at work in the demo: Bodega's 4x4 rotation under its DT resolution,
 * assigned to the group (so its 11-hour shifts are ordinary time and its cycle is averaged), and, the demo being a
 * commerce company, the December extension days of the demo's year, declared by the administrator.
 */
export async function seedRegimesDemo(tx: DbOrTx, input: { companyId: string; adminId: string; now: Date }): Promise<void> {
  const { companyId, adminId, now } = input;
  const [resolution] = await tx
    .insert(exceptionalSchedules)
    .values({ companyId, ...DEMO_RESOLUTION, createdAt: now, updatedAt: now })
    .returning({ id: exceptionalSchedules.id });
  await tx
    .update(groups)
    .set({ jornadaExcepcionalId: resolution!.id })
    .where(and(eq(groups.companyId, companyId), eq(groups.nombre, 'Bodega')));
  const year = localDate(now).slice(0, 4);
  await tx.insert(decemberExtensions).values(
    DEMO_EXTENSION_DAYS.map(([day, minutes]) => ({ companyId, date: `${year}-12-${String(day)}`, minutes, createdBy: adminId, createdAt: now })),
  );
}
