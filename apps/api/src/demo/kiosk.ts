import type { MetodoMarcaje } from '@jornada/contracts';
import { CONSENTIMIENTO_HUELLA_TEXTO, CONSENTIMIENTO_HUELLA_VERSION } from '@jornada/contracts';
import type { DbOrTx } from '../db/client';
import { biometricConsents, markingPins } from '../db/schema/index';
import { hashPassword } from '../lib/passwords';

/** Every active demo worker marks at the kiosk with their RUT and this PIN (not a trivial one). */
export const DEMO_KIOSK_PIN = '1357';

/**
 * Demo data for the kiosk and the fingerprint: a PIN for every active person and the recorded
 * consent of those allowed the fingerprint (their enrolled credentials come with the demo's marks,
 * in modules/marks/marks.demo.ts).
 */
export async function seedKioskDemo(
  tx: DbOrTx,
  input: { companyId: string; now: Date; people: { id: string; active: boolean; metodos: MetodoMarcaje[] }[] },
): Promise<void> {
  const active = input.people.filter((p) => p.active);
  if (active.length === 0) return;
  const pinHash = await hashPassword(DEMO_KIOSK_PIN);
  await tx.insert(markingPins).values(active.map((p) => ({ companyId: input.companyId, userId: p.id, pinHash, updatedAt: input.now })));
  const consenting = active.filter((p) => p.metodos.includes('huella'));
  if (consenting.length === 0) return;
  await tx.insert(biometricConsents).values(
    consenting.map((p) => ({
      companyId: input.companyId,
      userId: p.id,
      textVersion: CONSENTIMIENTO_HUELLA_VERSION,
      text: CONSENTIMIENTO_HUELLA_TEXTO,
      grantedAt: input.now,
      recordedBy: p.id,
      confirmation: 'sesion_trabajador' as const,
      ip: null,
      userAgent: 'datos de demostración',
    })),
  );
}
