import { formatRut } from '@jornada/domain';
import type { MotivoIntento, Perfil } from '@jornada/contracts';
import { loadConfig } from '../config';
import { analyzeTables, databaseTarget, openDatabase } from '../db/client';
import { runAsSystem } from '../db/tenant-context';
import { countCompanies } from '../modules/companies/companies.repository';
import type { NewUser } from '../modules/users/users.repository';
import { DEMO_KIOSK_PIN } from './kiosk';
import { countDemoActivity } from './marks-summary';
import { parseScaleArgs, runScale } from './scale-cli';
import { DEMO_ADMIN_RUT, DEMO_PASSWORD, seedDemo } from './seed';

async function main(): Promise<void> {
  const config = loadConfig();
  const scale = parseScaleArgs(process.argv.slice(2));
  const database = await openDatabase(databaseTarget(config));
  try {
    await database.migrate();
    if (scale) {
      await runScale(database, scale, config.publicUrl);
      return;
    }
    if ((await countCompanies(database.db)) > 0) {
      console.error(
        `La base de datos (${database.description}) ya tiene empresas registradas: los datos de ejemplo solo se cargan en una base vacía.\n` +
          'Usa otro DATA_DIR o DATABASE_URL, o borra la carpeta de datos si quieres empezar de cero.',
      );
      process.exitCode = 1;
      return;
    }

    const started = Date.now();
    const summary = await seedDemo(database.db);
    // A bulk load: statistics at once (PGlite has no autovacuum; PostgreSQL's would come later).
    await analyzeTables(database.db);
    const seconds = Math.round((Date.now() - started) / 1000);
    const activity = await countDemoActivity(database.db);
    const n = (value: number) => value.toLocaleString('es-CL');
    const day = (at: Date | null) => (at ? at.toLocaleDateString('es-CL', { timeZone: 'America/Santiago', day: '2-digit', month: '2-digit', year: 'numeric' }) : '—');
    const plural = (value: number, one: string, many: string) => `${n(value)} ${value === 1 ? one : many}`;
    const attempts = (motivo: MotivoIntento) => activity.attempts[motivo] ?? 0;
    const totalAttempts = Object.values(activity.attempts).reduce((sum, value) => sum + value, 0);

    const byPerfil = (perfil: Perfil) => summary.filter((p) => p.perfil === perfil);
    // The kiosk PIN works only for the active workers whose marking methods include the kiosk.
    const kiosk = summary.filter((p) => p.active !== false && (p.metodosMarcaje ?? ['web']).includes('kiosco_pin'));
    const line = (p: NewUser) => `    ${formatRut(p.rut)!.padEnd(13)} ${p.nombre} ${p.apellidos}`;
    console.log(
      [
        `Datos de ejemplo cargados en ${database.description}:`,
        '  Empresa: Comercial Los Andes SpA',
        '  Sedes: Casa Matriz Las Condes, Tienda Viña del Mar, Tienda Punta Arenas (America/Punta_Arenas)',
        '  Grupos: Ventas mañana, Ventas tarde, Bodega, Cajas, Tienda Punta Arenas, Temporada verano (inactivo)',
        `  Usuarios: ${summary.length} (1 administrador, ${byPerfil('supervisor').length} supervisores, ${byPerfil('fiscalizador').length} fiscalizador, ${byPerfil('trabajador').length} trabajadores)`,
        `  Marcas: ${n(activity.marks)} del ${day(activity.firstMark)} al ${day(activity.lastMark)}, cada una con su comprobante (${n(activity.outsideGeofence)} fuera de la geocerca, ${n(activity.offline)} sin conexión)`,
        `  Intentos de marcaje: ${n(totalAttempts)}: ${plural(attempts('marca_repetida'), 'marca repetida', 'marcas repetidas')}, ` +
          `${plural(attempts('pin_incorrecto'), 'PIN incorrecto o RUT desconocido', 'PIN incorrectos o RUT desconocidos')}, ` +
          `${plural(attempts('credencial_desconocida'), 'huella desconocida', 'huellas desconocidas')}, ${plural(attempts('huella_no_verificada'), 'huella no verificada', 'huellas no verificadas')}, ` +
          `${plural(attempts('metodo_no_permitido'), 'método no permitido', 'métodos no permitidos')} y ` +
          `${plural(attempts('fuera_de_geocerca') + attempts('sin_conexion'), 'aviso', 'avisos')} de marcas fuera de la geocerca o sin conexión`,
        `  Quioscos: ${activity.kiosks.join(', ')}`,
        `  Huellas registradas: ${plural(activity.credentials, 'vigente', 'vigentes')} y ${plural(activity.revokedCredentials, 'revocada', 'revocadas')}; ` +
          `${plural(activity.withoutFingerprint, 'persona', 'personas')} con la huella habilitada aún no la registra${activity.withoutFingerprint === 1 ? '' : 'n'}`,
        `  Cargados en ${seconds} s.`,
        '',
        `Inicia sesión en ${config.publicUrl} con:`,
        `  Administrador: RUT ${formatRut(DEMO_ADMIN_RUT)}  contraseña ${DEMO_PASSWORD}`,
        '  Supervisores (líderes de grupos):',
        ...byPerfil('supervisor').map(line),
        '  Fiscalizador:',
        ...byPerfil('fiscalizador').map(line),
        '  Trabajador (ejemplo):',
        line(byPerfil('trabajador')[0]!),
        `Todos los usuarios de ejemplo usan la contraseña ${DEMO_PASSWORD}.`,
        `PIN de marcaje en el quiosco (RUT + PIN): ${DEMO_KIOSK_PIN}. Marcan en el quiosco los ${n(kiosk.length)} usuarios activos con ese método, por ejemplo:`,
        ...kiosk.slice(0, 3).map(line),
        'Los que tienen la huella habilitada ya dieron su consentimiento.',
        'Las huellas de ejemplo no están en ningún dispositivo (y los quioscos de ejemplo no tienen equipo): para marcar con huella, registra una en tu dispositivo y abre un quiosco desde «Quioscos».',
      ].join('\n'),
    );
  } finally {
    await database.close();
  }
}

// Seeding writes a whole company from outside any request: system mode (db/tenant-context.ts).
runAsSystem(main).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
