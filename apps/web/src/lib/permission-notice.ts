import type * as Contracts from '@jornada/contracts';
import { formatDate } from './format';

/** Mirrored with its contract type (see contract-constants.ts): `tsc` fails if the code changes. */
const LEGAL_VACATION: typeof Contracts.CODIGO_FERIADO_LEGAL = 'VAC.';

interface WholeDayPermission {
  codigo: string;
  nombre: string;
  desde: string;
  hasta: string;
}

/** «Licencia médica» → «licencia médica» inside a sentence; an acronym («PGR») keeps its capitals. */
function inSentence(name: string): string {
  return /^\p{Lu}\p{Ll}/u.test(name) ? name.charAt(0).toLocaleLowerCase('es-CL') + name.slice(1) : name;
}

/** «de vacaciones» for the legal vacation, «con licencia médica» for any other type. */
function onPermissionPhrase(p: Pick<WholeDayPermission, 'codigo' | 'nombre'>): string {
  return p.codigo === LEGAL_VACATION ? 'de vacaciones' : `con ${inSentence(p.nombre)}`;
}

/**
 * What a worker reads about the whole-day permission they are on: «Hoy estás de vacaciones (hasta el
 * 05-12-2026).», or for one that starts later, «Desde el 03-12-2026 estás con permiso por matrimonio o
 * unión civil (hasta el 09-12-2026).». `today` is the worker's local date (aaaa-mm-dd).
 */
export function permissionNotice(p: WholeDayPermission, today: string): string {
  const until = p.hasta === today ? '' : ` (hasta el ${formatDate(p.hasta)})`;
  const when = p.desde <= today ? 'Hoy' : `Desde el ${formatDate(p.desde)}`;
  return `${when} estás ${onPermissionPhrase(p)}${until}.`;
}
