// `npm run backup [-- carpeta]` and `npm run restore -- archivo`: the same DATA_DIR or DATABASE_URL as `npm start`.
import { loadConfig } from '../config';
import { databaseTarget } from '../db/client';
import { backupDatabase, defaultBackupDir, restoreDatabase } from './backup';

async function main(): Promise<void> {
  const [command, argument] = process.argv.slice(2);
  const config = loadConfig();
  const target = databaseTarget(config);
  if (command === 'backup') {
    const file = await backupDatabase(target, argument ?? defaultBackupDir(config.dataDir));
    console.log(`Respaldo listo: ${file}`);
    return;
  }
  if (command === 'restore') {
    if (!argument) throw new Error('Indica el archivo de respaldo: npm run restore -- <archivo>');
    const { keptAside } = await restoreDatabase(target, argument);
    console.log(`Base de datos restaurada desde ${argument}.`);
    if (keptAside) console.log(`La base anterior quedó guardada en ${keptAside}.`);
    return;
  }
  throw new Error('Uso: backup [carpeta] | restore <archivo>');
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
