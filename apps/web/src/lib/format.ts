import type { Perfil } from '@jornada/contracts';

const PERFIL_LABELS: Record<Perfil, string> = {
  administrador: 'Administrador',
  supervisor: 'Supervisor',
  trabajador: 'Trabajador',
  fiscalizador: 'Fiscalizador',
};

export function perfilLabel(perfil: Perfil | ''): string {
  return perfil ? PERFIL_LABELS[perfil] : '';
}

/** Full name of a person, skipping empty parts. */
export function fullName(nombre: string, apellidos: string): string {
  return [nombre, apellidos].filter(Boolean).join(' ');
}

/** Up to two initials for an avatar. */
export function initials(nombre: string, apellidos: string): string {
  return `${nombre.trim().charAt(0)}${apellidos.trim().charAt(0)}`.toUpperCase();
}

/**
 * Displays a RUT as typed with thousands dots and a dash (`12.345.678-5`). Display only: the server
 * validates the check digit; text that does not look like a RUT is returned untouched.
 */
export function formatRutForDisplay(input: string): string {
  const clean = input.replace(/[^0-9kK]/g, '').toUpperCase();
  if (clean.length < 2 || !/^\d+[\dK]$/.test(clean)) return input.trim();
  const body = clean.slice(0, -1).replace(/^0+/, '');
  const dv = clean.slice(-1);
  if (!body) return input.trim();
  return `${body.replace(/\B(?=(\d{3})+(?!\d))/g, '.')}-${dv}`;
}

/** `aaaa-mm-dd` (or an ISO instant's date part) as `dd-mm-aaaa`; '' for empty input. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  return match ? `${match[3]}-${match[2]}-${match[1]}` : value;
}

/** Today's date (`aaaa-mm-dd`) in Chile, the day the law tables and the contract limits are read at. */
export function todayInChile(now: Date = new Date(), timeZone = 'America/Santiago'): string {
  const parts = dateTimeParts(now.toISOString(), timeZone)!;
  return `${parts.year}-${parts.month}-${parts.day}`;
}

const two = (n: number) => String(n).padStart(2, '0');

/**
 * Today's date (`aaaa-mm-dd`) and an instant's `hh:mm` on this device's clock, without `Intl`: the
 * first time-zone formatter a page builds costs tens of milliseconds of ICU loading on a phone, too
 * much for what the first paint shows. For figures the law reads, use `todayInChile`/`formatDateTime`.
 */
export function todayOnDevice(now: Date = new Date()): string {
  return `${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())}`;
}
export function timeOnDevice(at: Date): string {
  return `${two(at.getHours())}:${two(at.getMinutes())}`;
}

/** An integer with Chilean thousands dots (`12.345`), without building an `Intl.NumberFormat`. */
export function formatInteger(value: number): string {
  const sign = value < 0 ? '-' : '';
  return `${sign}${Math.round(Math.abs(value)).toString().replace(/\B(?=(\d{3})+(?!\d))/g, '.')}`;
}

/** Every `aaaa-mm-dd` date inside a text (a row key such as `12.345.678-5 2027-01-05`) written `dd-mm-aaaa`. */
export function formatDatesIn(text: string): string {
  return text.replace(/\b(\d{4})-(\d{2})-(\d{2})\b/g, (_, year: string, month: string, day: string) => `${day}-${month}-${year}`);
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function dateTimeParts(value: string, timeZone: string): Record<string, string> | null {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('es-CL', { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23', timeZone });
    formatters.set(timeZone, format);
  }
  return Object.fromEntries(format.formatToParts(date).map((part) => [part.type, part.value]));
}

/** An ISO instant as `dd-mm-aaaa hh:mm` in the time zone given (Santiago by default). */
export function formatDateTime(value: string | null | undefined, timeZone = 'America/Santiago'): string {
  if (!value) return '';
  const parts = dateTimeParts(value, timeZone);
  return parts ? `${parts.day}-${parts.month}-${parts.year} ${parts.hour}:${parts.minute}` : value;
}

/** An ISO instant as `dd-mm-aaaa hh:mm:ss` (records where the second matters: attempts, access logs). */
export function formatDateTimeSeconds(value: string | null | undefined, timeZone = 'America/Santiago'): string {
  if (!value) return '';
  const parts = dateTimeParts(value, timeZone);
  return parts ? `${parts.day}-${parts.month}-${parts.year} ${parts.hour}:${parts.minute}:${parts.second}` : value;
}

/** Chilean pesos as `$ 1.234.567` (no decimals). */
export function formatClp(value: number | null | undefined): string {
  if (value === null || value === undefined || Number.isNaN(value)) return '';
  return value < 0 ? `-$ ${formatInteger(-value)}` : `$ ${formatInteger(value)}`;
}

/** "1 persona" / "3 personas". */
export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${formatInteger(count)} ${count === 1 ? singular : pluralForm}`;
}
