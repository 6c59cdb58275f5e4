/** The types the marks service, its group commit (mark-batch.ts) and its pure rules (marks.plan.ts) share. */
import type { MetodoMarca, MotivoIntento, Posicion, TipoMarca } from '@jornada/contracts';
import type { companies, exceptionalSchedules, markAttempts, marks, sites, users } from '../../db/schema/index';

export type MarkRow = typeof marks.$inferSelect;
export type AttemptRow = typeof markAttempts.$inferSelect;

export interface RecordMarkInput {
  companyId: string;
  userId: string;
  tipo: TipoMarca;
  metodo: MetodoMarca;
  /** The device's idempotency key (uuid for web marking; any stable text for clock logs, e.g. `serial:pin:time`). */
  idCliente: string;
  posicion?: Posicion | undefined;
  dispositivo?: string | undefined;
  /**
   * The mark's own time when it is not the server's: the device time of an offline mark (flagged
   * offline), a clock-device log line (flagged offline only when older than CLOCK_ONLINE_WINDOW_MS), or
   * the corrected time of a correction (metodo `correccion`: never offline, no age limit). The mark is
   * ordered and evaluated by it.
   */
  horaOriginal?: Date | string | undefined;
  /** The kiosk or clock device that took the mark. */
  deviceId?: string | undefined;
  /** The site of the device (kiosk, clock); the worker's own site when absent. */
  siteId?: string | undefined;
  /** The mark a correction replaces (metodo `correccion`). */
  corrigeMarcaId?: string | undefined;
  /** Skip the receipt e-mail (demo data). */
  sinCorreo?: boolean;
}

export interface RecordContext {
  now: Date;
  ip?: string | undefined;
}

export interface RecordAttemptInput {
  companyId: string;
  /** Null when the credential named nobody (unknown fingerprint, unknown RUT). */
  userId: string | null;
  tipo?: TipoMarca | null | undefined;
  metodo: MetodoMarca;
  motivo: MotivoIntento;
  detalle?: string | undefined;
  dispositivo?: string | undefined;
  deviceId?: string | undefined;
  siteId?: string | undefined;
  posicion?: Posicion | undefined;
  marcaId?: string | undefined;
  idCliente?: string | undefined;
}

export interface WorkerContext {
  user: typeof users.$inferSelect;
  company: typeof companies.$inferSelect;
  site: typeof sites.$inferSelect | null;
  /** The exceptional schedule (DT resolution, art. 38 inc. final) the worker is assigned to, whatever its validity; its number goes on the receipt while in force. */
  schedule: typeof exceptionalSchedules.$inferSelect | null;
}
