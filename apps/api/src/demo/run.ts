import { formatRut } from '@jornada/domain';
import type { Perfil } from '@jornada/contracts';
import { loadConfig } from '../config';
import { databaseTarget, openDatabase } from '../db/client';
import { countCompanies } from '../modules/companies/companies.repository';
import type { NewUser } from '../modules/users/users.repository';
import { DEMO_KIOSK_PIN } from '../modules/kiosk/kiosk.demo';
import { DEMO_ADMIN_RUT, DEMO_PASSWORD, seedDemo } from './seed';

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase(databaseTarget(config));
  try {
    await database.migrate();
    if ((await countCompanies(database.db)) > 0) {
      console.error(
        `La base de datos (${database.description}) ya tiene empresas registradas: los datos de ejemplo solo se cargan en una base vacía.\n` +
          'Usa otro DATA_DIR o DATABASE_URL, o borra la carpeta de datos si quieres empezar de cero.',
      );
      process.exitCode = 1;
      return;
    }

    const summary = await seedDemo(database.db);

    const byPerfil = (perfil: Perfil) => summary.filter((p) => p.perfil === perfil);
    const line = (p: NewUser) => `    ${formatRut(p.rut)!.padEnd(13)} ${p.nombre} ${p.apellidos}`;
    console.log(
      [
        `Datos de ejemplo cargados en ${database.description}:`,
        '  Empresa: Comercial Los Andes SpA',
        '  Sedes: Casa Matriz Las Condes, Tienda Viña del Mar, Tienda Punta Arenas (America/Punta_Arenas)',
        '  Grupos: Ventas mañana, Ventas tarde, Bodega, Cajas, Tienda Punta Arenas, Temporada verano (inactivo)',
        `  Usuarios: ${summary.length} (1 administrador, ${byPerfil('supervisor').length} supervisores, ${byPerfil('fiscalizador').length} fiscalizador, ${byPerfil('trabajador').length} trabajadores)`,
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
        `PIN de marcaje en el quiosco (RUT + PIN) de todos los usuarios activos: ${DEMO_KIOSK_PIN}. Los que tienen la huella habilitada ya dieron su consentimiento; registran la huella en su dispositivo.`,
      ].join('\n'),
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
