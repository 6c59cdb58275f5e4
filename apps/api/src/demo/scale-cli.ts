/**
 * `npm run demo -- --trabajadores 10000 [--desde aaaa-mm-dd --hasta aaaa-mm-dd] [--semilla N]`: a company
 * of that size (demo/scale.ts) in the configured database, beside whatever is already there.
 */
import { formatRut, isValidLocalDate } from '@jornada/domain';
import type { Database } from '../db/client';
import { buildScaleCompany, type ScaleOptions } from './scale';

type ScaleArgs = Pick<ScaleOptions, 'workers' | 'from' | 'to' | 'seed'>;

const USAGE = 'Uso: npm run demo -- --trabajadores N [--desde aaaa-mm-dd --hasta aaaa-mm-dd] [--semilla N]';

/** Null when no `--trabajadores` was given (the usual demo company); throws a Spanish message on bad input. */
export function parseScaleArgs(argv: string[]): ScaleArgs | null {
  const values = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i]!;
    if (!flag.startsWith('--')) throw new Error(`Argumento desconocido: ${flag}. ${USAGE}`);
    const value = argv[i + 1];
    if (value === undefined || value.startsWith('--')) throw new Error(`Falta el valor de ${flag}. ${USAGE}`);
    values.set(flag.slice(2), value);
    i++;
  }
  for (const key of values.keys()) {
    if (!['trabajadores', 'desde', 'hasta', 'semilla'].includes(key)) throw new Error(`Opción desconocida: --${key}. ${USAGE}`);
  }
  if (!values.has('trabajadores')) {
    if (values.size > 0) throw new Error(`--desde, --hasta y --semilla acompañan a --trabajadores. ${USAGE}`);
    return null;
  }
  const workers = Number(values.get('trabajadores'));
  if (!Number.isInteger(workers) || workers < 1 || workers > 200_000) throw new Error('--trabajadores debe ser un entero entre 1 y 200000.');
  const date = (key: string) => {
    const raw = values.get(key);
    if (raw === undefined) return undefined;
    if (!isValidLocalDate(raw)) throw new Error(`--${key} debe ser una fecha aaaa-mm-dd válida.`);
    return raw;
  };
  const from = date('desde');
  const to = date('hasta');
  if ((from === undefined) !== (to === undefined)) throw new Error(`--desde y --hasta van juntos. ${USAGE}`);
  const seed = values.has('semilla') ? Number(values.get('semilla')) : 1;
  if (!Number.isInteger(seed) || seed < 0 || seed > 1_000_000) throw new Error('--semilla debe ser un entero entre 0 y 1000000.');
  return { workers, from, to, seed };
}

export async function runScale(database: Database, args: ScaleArgs, publicUrl: string): Promise<void> {
  const started = Date.now();
  const company = await buildScaleCompany(database.db, { ...args, onProgress: (line) => console.log(line) });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const rssMb = Math.round(process.memoryUsage().rss / 1_048_576);
  console.log(
    [
      `Empresa de escala cargada en ${database.description} en ${seconds} s (RSS ${rssMb} MB):`,
      `  ${company.razonSocial} (RUT ${formatRut(company.rut)}), del ${company.from} al ${company.to}`,
      `  ${company.workers.toLocaleString('es-CL')} trabajadores, ${company.leaders.toLocaleString('es-CL')} líderes, ${company.groups.toLocaleString('es-CL')} grupos`,
      `  ${company.plannedDays.toLocaleString('es-CL')} días con turno, ${company.marks.toLocaleString('es-CL')} marcas encadenadas`,
      `Inicia sesión en ${publicUrl} con el RUT ${formatRut(company.admin.rut)} y la contraseña ${company.admin.password}.`,
    ].join('\n'),
  );
}
