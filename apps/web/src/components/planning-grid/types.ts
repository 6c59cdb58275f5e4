import type { LocalDate, ShiftBreak } from '@jornada/domain';

/** A shift template as the grid needs it. */
export interface GridShift {
  id: string;
  code: string;
  name: string;
  /** `#rrggbb` */
  color: string;
  /** `HH:MM` */
  start: string;
  end: string;
  break?: ShiftBreak | null;
}

/**
 * What a worker has on one day: a shift (the version it was planned with, and its real ordinary
 * seconds on that date when the server sent them) or a rest day. No entry means not planned.
 */
export type GridEntry = { kind: 'turno'; shift: GridShift; seconds?: number; modified?: boolean } | { kind: 'libre'; modified?: boolean };

export interface GridWorker {
  id: string;
  name: string;
  /** Second line under the name (RUT, group...). */
  detail?: string;
}

/** A worker's plan by date. */
export type WorkerPlan = ReadonlyMap<LocalDate, GridEntry>;

/** Highlights of the wizard preview: a day that clashes with existing planning, or one that changes. */
export type CellHighlight = 'conflicto' | 'cambio';

/** An approved permission on a day: its legal code (`VAC.`, `L.M.`…) and whether it covers hours rather than the whole day. */
export interface GridPermission {
  code: string;
  hours: boolean;
}

/** A worker's approved permissions by date. */
export type WorkerPermissions = ReadonlyMap<LocalDate, GridPermission>;
