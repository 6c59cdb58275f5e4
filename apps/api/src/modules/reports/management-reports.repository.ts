/** The SQL of the management reports' own reads: the employer on the heading (every figure comes from the attendance and permissions modules). */
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { companies } from '../../db/schema/index';

export async function companyHeading(db: DbOrTx, companyId: string): Promise<{ razonSocial: string; rut: string } | undefined> {
  const [company] = await db.select({ razonSocial: companies.razonSocial, rut: companies.rut }).from(companies).where(eq(companies.id, companyId)).limit(1);
  return company;
}
