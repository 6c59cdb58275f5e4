import { buildApp } from './app';
import { loadConfig } from './config';
import { analyzeTables, databaseTarget, openDatabase } from './db/client';
import { runAsSystem } from './db/tenant-context';

const PGLITE_ANALYZE_EVERY_MS = 30 * 60_000;

const ENVIRONMENT_NAMES = { development: 'desarrollo', production: 'producción', test: 'pruebas' } as const;

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase(databaseTarget(config));
  await database.migrate();
  // A running server always sends receipts, also with NODE_ENV=test (the e2e journeys read them);
  // only in-process tests (buildApp without a server) run the job queue by hand.
  const app = await buildApp({ db: database.db, config, startJobs: true });

  // PGlite has no autovacuum: the planner's statistics are refreshed after migrations, after bulk loads
  // and, for the marks that arrive one by one, on this schedule (db/client.ts, analyzeTables).
  const statistics =
    database.kind === 'pglite'
      ? setInterval(() => {
          analyzeTables(database.db).catch((error: unknown) => app.log.warn({ err: error }, 'no se pudieron actualizar las estadísticas de la base'));
        }, PGLITE_ANALYZE_EVERY_MS).unref()
      : null;

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    if (statistics) clearInterval(statistics);
    // New connections are refused at once; requests in flight finish (Fastify answers 503 to new
    // requests on kept-alive connections meanwhile), then the database closes. A request still
    // running after SHUTDOWN_TIMEOUT_SECONDS is cut and the exit code says so.
    app.log.info({ signal, timeoutSeconds: config.shutdownTimeoutSeconds }, 'cerrando Jornada: se terminan las solicitudes en curso');
    const forced = setTimeout(() => {
      app.log.error({ timeoutSeconds: config.shutdownTimeoutSeconds }, 'cierre forzado: quedaban solicitudes en curso');
      process.exit(1);
    }, config.shutdownTimeoutSeconds * 1000);
    forced.unref();
    try {
      await app.close();
      await database.close();
      app.log.info('Jornada detenida');
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error al cerrar');
      process.exit(1);
    }
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const base = `http://localhost:${config.port}`;
  console.log(`Jornada lista en ${base}`);
  console.log(`Entorno: ${ENVIRONMENT_NAMES[config.nodeEnv]} (${config.nodeEnv}) · Base de datos: ${database.description}`);
  if (database.kind === 'postgres') {
    const security = await database.rowSecurity();
    if (!security.enforced) {
      app.log.warn(
        { role: security.role },
        `seguridad a nivel de filas sin efecto: el rol ${security.role} es superusuario o BYPASSRLS; conecta con un rol común (docs/operations.md, «Rol de la base de datos»)`,
      );
    }
  }
  if ((await runAsSystem(() => app.companies.count())) === 0) {
    console.log(`Base de datos vacía: registra tu empresa en ${base}/configuracion (o detén el servidor y carga datos de ejemplo con «npm run demo»)`);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
