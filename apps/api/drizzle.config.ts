import { defineConfig } from 'drizzle-kit';

// Migrations are generated from the schema (`npm run db:generate -w @jornada/api`) and applied at start-up by the server.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './src/db/migrations',
  casing: 'snake_case',
});
