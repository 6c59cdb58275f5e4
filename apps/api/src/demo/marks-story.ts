/** The demo's marking story, shared by its parts: clock units, the kiosks' and browsers' names, the seeded randomness, when the company was set up, and the shapes of its workers, days and events. */
import type { MetodoMarca, MetodoMarcaje, Posicion, TipoMarca } from '@jornada/contracts';
import { formatLocalDate, type ShiftInstance } from '@jornada/domain';
import type { sites } from '../db/schema/index';
import { localDate } from '../lib/clock';
import type { RecordAttemptInput } from '../modules/marks/marks.service';

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** The short names of the demo's kiosks (and of the fingerprint readers enrolled on them), by site. */
export const KIOSK_NAMES: Record<string, string> = {
  'Casa Matriz Las Condes': 'Casa Matriz',
  'Tienda Viña del Mar': 'Viña del Mar',
  'Tienda Punta Arenas': 'Punta Arenas',
};

/** What the web app sends as `dispositivo` (`Navegador web: <user agent>`), one browser per worker. */
export const BROWSERS = [
  'Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Linux; Android 13; moto g54 5G) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
];

/**
 * When the demo company was set up: PINs, fingerprint consents, kiosks and the first enrolments date from
 * here, some weeks before the first day with marks (the first day of the previous month).
 */
export function demoSetupAt(now: Date): Date {
  return new Date(Date.parse(`${firstDayOfPreviousMonth(now)}T12:00:00Z`) - 45 * DAY);
}

export function firstDayOfPreviousMonth(now: Date): string {
  const [year, month] = localDate(now).split('-').map(Number) as [number, number];
  return formatLocalDate(month === 1 ? year - 1 : year, month === 1 ? 12 : month - 1, 1);
}

/** Deterministic pseudo-random numbers (mulberry32): the same story every time the demo is loaded. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export type SiteRow = typeof sites.$inferSelect;

export interface DemoKiosk {
  id: string;
  siteId: string;
  name: string;
  lastUsedAt: number | null;
}

/** An enrolled credential, with the uses the replay counts (its counter and last use). */
export interface DemoCredential {
  id: string;
  userId: string;
  deviceName: string;
  /** Enrolled on the kiosk of the worker's site, or on the worker's own phone (web marking). */
  on: 'kiosco' | 'telefono';
  createdAt: number;
  createdBy: string;
  revokedAt: number | null;
  uses: number;
  lastUsedAt: number | null;
}

export interface Worker {
  id: string;
  rut: string;
  nombre: string;
  metodos: MetodoMarcaje[];
  site: SiteRow;
  kiosk: DemoKiosk | undefined;
  browser: string;
  credentials: DemoCredential[];
  /** Share of days this worker arrives late beyond the tolerance. */
  lateRate: number;
  absenceRate: number;
}

/** How a mark is taken: the method and the device fields recordMark receives. */
export interface Via {
  metodo: MetodoMarca;
  dispositivo: string;
  siteId?: string;
  deviceId?: string;
  /** Web marks carry the phone's position. */
  positioned: boolean;
  credential?: DemoCredential;
}

export interface MarkEvent {
  kind: 'mark';
  /** The server's time of the mark. */
  at: number;
  tipo: TipoMarca;
  via: Via;
  /** The device's time of an offline mark. */
  horaOriginal?: number;
  /** The phone's position (web marks). */
  posicion?: Posicion;
}
export type DemoEvent = MarkEvent | { kind: 'attempt'; at: number; input: Omit<RecordAttemptInput, 'companyId'> };

/** The day's exception, if any. */
export type Special = 'repetida' | 'pin' | 'metodo' | 'offline_entrada' | 'offline_salida' | 'huella_no_verificada' | 'huella_desconocida';

export interface WorkerDay {
  worker: Worker;
  date: string;
  instance: ShiftInstance;
}
