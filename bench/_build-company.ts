/**
 * Child process of bench/_setup.ts `buildCompany`: builds the scale company in the PostgreSQL database
 * named by BENCH_BUILD_URL (as the app's role) and prints it as one `COMPANY {json}` line, so the
 * benchmark's own process holds only the server and its reads (its RSS is the server's, not the builder's).
 */
import { openDatabase } from '../apps/api/src/db/client';
import { buildScaleCompany, type ScaleOptions } from '../apps/api/src/demo/scale';

const url = process.env.BENCH_BUILD_URL;
if (!url) throw new Error('BENCH_BUILD_URL missing');
const options = JSON.parse(process.env.BENCH_BUILD_OPTIONS ?? '{}') as Omit<ScaleOptions, 'onProgress' | 'now'>;
const database = await openDatabase({ kind: 'postgres', url });
try {
  const company = await buildScaleCompany(database.db, options);
  console.log(`COMPANY ${JSON.stringify(company)}`);
} finally {
  await database.close();
}
