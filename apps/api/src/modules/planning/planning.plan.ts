/**
 * The plan as the engine reads it, with one owner: the evaluation of attendance and the alerts of missed
 * marks take each worker's plan from `planFor` (given at assembly as `app.plan`), and the notice shown when
 * marking its dates alone from `plannedDays`, so they place the same shifts: each shift version's template built once by
 * `versionTemplate` (the one `templateOf` of modules/shifts), only the dates inside the contract, and
 * the holidays of the worker's site (region and comuna) with the company's own days (`app.companyHolidays`).
 */
import type { HolidayLookup, PlanEntry, ShiftTemplate } from '@jornada/domain';
import type { Db, DbOrTx } from '../../db/client';
import type { CompanyHolidaysPort } from '../holidays/index';
import type { ShiftReads, ShiftVersionRow } from '../shifts/index';
import { versionTemplate } from './planning.model';
import * as repo from './planning.repository';
import { isCommerce } from './planning.service';

/** One worker's plan as the engine reads it. */
export interface WorkerPlan {
  /**
   * The planned dates of the range inside the contract: a rest day or a shift version's template (one
   * object per version, shared by every worker of the answer; its id is `shiftId:version`).
   */
  plan: Map<string, PlanEntry>;
  /** The holidays of the worker's site and the company's own: in the evaluation a holiday lifts a planned shift. */
  holidays: HolidayLookup;
}

/** The plan reader other modules receive at assembly (`app.plan`). */
export interface PlanReader {
  /**
   * The plan of some workers of a company over the dates `range.from`..`range.to`, by worker id (every
   * worker of the company among `userIds`, with or without planned dates). To evaluate a period, ask for
   * `evaluationLoadRange(from, to)` of @jornada/domain (the whole weeks and a day each side). `executor`
   * is the caller's transaction when it has one (the database otherwise).
   */
  planFor(companyId: string, userIds: readonly string[], range: { from: string; to: string }, executor?: DbOrTx): Promise<Map<string, WorkerPlan>>;
  /**
   * The planned dates alone, as `planFor` gives them (same templates, same contract bounds), without
   * reading the holidays: for the notice of a new mark, which places the planned shifts as they are.
   */
  plannedDays(companyId: string, userIds: readonly string[], range: { from: string; to: string }): Promise<Map<string, Map<string, PlanEntry>>>;
  /**
   * Commerce's declared December extension days (art. 24) in the range, seconds by date: the engine's
   * `options.decemberExtensions`, so a declared day's extension is ordinary time. Empty outside commerce.
   */
  decemberExtensions(companyId: string, range: { from: string; to: string }, executor?: DbOrTx): Promise<ReadonlyMap<string, number>>;
}

/** Companies whose shift versions a reader keeps; past it the reader starts over (a full read costs one statement). */
const CACHED_COMPANIES = 1000;

export function createPlanReader(db: Db, holidays: CompanyHolidaysPort, shifts: Pick<ShiftReads, 'versions'>): PlanReader {
  // A shift version never changes (an edited timing adds a version), so each company's committed versions
  // are kept and read again only when a plan names one not seen yet: evaluating after a mark costs one
  // statement here. Templates are built anew on every call (placeShift caches per template object, so a long-lived
  // template would keep every date it was ever placed on).
  const versionsOf = new Map<string, Map<string, ShiftVersionRow>>();

  /** Each worker's planned dates of the range (plan-source rows of planning.repository), templates built once per version. */
  async function entriesOf(executor: DbOrTx, companyId: string, sources: readonly repo.PlanSource[]): Promise<Map<string, Map<string, PlanEntry>>> {
    let versions = versionsOf.get(companyId) ?? new Map<string, ShiftVersionRow>();
    const known = versions;
    if (sources.some((source) => source.days.some(([, kind, shiftId, shiftVersion]) => kind === 'turno' && !known.has(`${shiftId}:${shiftVersion}`)))) {
      versions = await shifts.versions(executor, companyId);
      // Only what is committed is kept: a transaction's own new version may still roll back.
      if (executor === db) {
        if (versionsOf.size >= CACHED_COMPANIES) versionsOf.clear();
        versionsOf.set(companyId, versions);
      }
    }
    const templates = new Map<string, ShiftTemplate>();
    const plans = new Map<string, Map<string, PlanEntry>>();
    for (const source of sources) {
      const plan = new Map<string, PlanEntry>();
      for (const [date, kind, shiftId, shiftVersion] of source.days) {
        if (kind === 'libre') {
          plan.set(date, { kind: 'libre' });
          continue;
        }
        const key = `${shiftId}:${shiftVersion}`;
        let template = templates.get(key);
        if (!template) {
          const row = versions.get(key);
          if (!row) continue;
          templates.set(key, (template = versionTemplate(row)));
        }
        plan.set(date, { kind: 'turno', shift: template });
      }
      plans.set(source.userId, plan);
    }
    return plans;
  }

  return {
    async planFor(companyId, userIds, range, executor = db) {
      const plans = new Map<string, WorkerPlan>();
      if (userIds.length === 0) return plans;
      const [sources, calendar] = await Promise.all([
        repo.planSources(executor, companyId, userIds, range.from, range.to),
        holidays.calendarOf(companyId, range, executor),
      ]);
      const entries = await entriesOf(executor, companyId, sources);
      for (const source of sources) plans.set(source.userId, { plan: entries.get(source.userId)!, holidays: calendar.lookup(source.region, source.comuna) });
      return plans;
    },

    async decemberExtensions(companyId, range, executor = db) {
      const rows = await repo.decemberExtensionsWithRubro(executor, companyId, range.from, range.to);
      if (rows.length === 0 || !isCommerce(rows[0]!.rubro)) return new Map<string, number>();
      return new Map(rows.map((r) => [r.date, r.minutes * 60]));
    },

    async plannedDays(companyId, userIds, range) {
      if (userIds.length === 0) return new Map();
      return entriesOf(db, companyId, await repo.planSources(db, companyId, userIds, range.from, range.to));
    },
  };
}
