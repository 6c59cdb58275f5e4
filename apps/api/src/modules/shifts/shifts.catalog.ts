/**
 * The shift catalogue as other modules use it, never through the repository, in the caller's transaction:
 * the planning reads it through `ShiftReads` (the whole catalogue, and every version for the plan the engine
 * reads), which this module gives it at assembly (`app.shiftReads`, a late port: planning registers first);
 * the bulk upload of shifts reads and writes it through `ShiftCatalogPort` (`app.shiftCatalog`).
 */
import type { DbOrTx } from '../../db/client';
import type { NewShift, ShiftRow, ShiftVersionRow } from './shifts.model';
import * as repo from './shifts.repository';

/** Every shift of a company (by code) and every version of those shifts, keyed `shiftId:version`. */
async function readShiftCatalog(db: DbOrTx, companyId: string): Promise<{ shifts: ShiftRow[]; versions: Map<string, ShiftVersionRow> }> {
  const shifts = await repo.allShifts(db, companyId);
  const versions = await repo.versionsByKey(
    db,
    companyId,
    shifts.map((s) => ({ shiftId: s.id, version: s.version })),
  );
  return { shifts, versions };
}

/** Every version of the company's shifts, keyed `shiftId:version`, in one statement: what a plan's days point at. */
async function readShiftVersions(db: DbOrTx, companyId: string): Promise<Map<string, ShiftVersionRow>> {
  return new Map((await repo.allVersions(db, companyId)).map((row) => [`${row.shiftId}:${row.version}`, row]));
}

/** What the planning reads of the catalogue (modules/planning's `app.shiftReads`). */
export interface ShiftReads {
  /** Every shift of a company (by code) and every version of those shifts, keyed `shiftId:version`. */
  catalog(executor: DbOrTx, companyId: string): Promise<{ shifts: ShiftRow[]; versions: Map<string, ShiftVersionRow> }>;
  /** Every version of the company's shifts, keyed `shiftId:version`, in one statement. */
  versions(executor: DbOrTx, companyId: string): Promise<Map<string, ShiftVersionRow>>;
}

/** The catalogue reads, for the app's assembly and for who builds the planning's ports outside it (the demo, apps/api/src/ops). */
export function createShiftReads(): ShiftReads {
  return { catalog: readShiftCatalog, versions: readShiftVersions };
}

/** A shift the upload changes: the stored row, the new values, and whether its timing (so its version) changed. */
export interface ShiftChange {
  current: ShiftRow;
  values: Partial<NewShift>;
  timingChanged: boolean;
}

/** The shift writes of the bulk upload (modules/planning-uploads), in the caller's transaction. */
export interface ShiftCatalogPort {
  /** Every shift of a company, by code. */
  all(dbx: DbOrTx, companyId: string): Promise<ShiftRow[]>;
  /** Whether the company has an exceptional system (resolución of the DT): its shifts may break the daily rules without confirming. */
  hasExceptionalSystem(dbx: DbOrTx, companyId: string): Promise<boolean>;
  /** Inserts the new shifts (with their first version) and applies the changes (a new version when the timing changed). */
  save(dbx: DbOrTx, changes: { creates: NewShift[]; updates: ShiftChange[] }, actorId: string, now: Date): Promise<void>;
}

export const shiftCatalog: ShiftCatalogPort = {
  all: (dbx, companyId) => repo.allShifts(dbx, companyId),
  hasExceptionalSystem: (dbx, companyId) => repo.hasExceptionalSystem(dbx, companyId),
  async save(dbx, { creates, updates }, actorId, now) {
    await repo.insertShifts(dbx, creates, actorId, now);
    for (const u of updates) await repo.updateShift(dbx, u.current, u.values, u.timingChanged, actorId, now);
  },
};
