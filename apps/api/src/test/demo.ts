import { eq } from 'drizzle-orm';
import { companies } from '../db/schema/index';
import { seedDemo } from '../demo/seed';
import { createTestApp, type TestApp } from './app';

/** A test app with the demo company seeded at the test clock (2025-06-02), and that company's id. */
export async function demoApp(): Promise<{ t: TestApp; companyId: string }> {
  const t = await createTestApp();
  await seedDemo(t.database.db, t.clock.now());
  const [company] = await t.database.db.select({ id: companies.id }).from(companies).where(eq(companies.razonSocial, 'Comercial Los Andes SpA'));
  return { t, companyId: company!.id };
}
