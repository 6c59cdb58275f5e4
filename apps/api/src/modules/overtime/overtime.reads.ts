/** What other modules read of overtime, without a session: payroll's confirmed overtime and compliance, the report's reviews and pacts, the days still to review. */
import { addDays, DAILY_OVERTIME_LIMIT_SECONDS, decemberExtensionCover, overtimeOutsideExtension, overtimeReviewFlags, pactInForce, weekStart, type ExtensionCover } from '@jornada/domain';
import type { DbOrTx } from '../../db/client';
import type { AttendanceReads, FoundOvertimeDay } from '../attendance/index';
import type { PlanReader } from '../planning/index';
import * as repo from './overtime.repository';

/** The review of one worker-day, for the overtime report: confirmed (all or part; the rest disputed) or disputed. */
export interface OvertimeReviewDay {
  estado: 'aprobado' | 'rechazado';
  approvedSeconds: number;
  motivo: string | null;
}

/** A worker's pacts touching a period and the reviews of their days, for the overtime report. */
export interface WorkerOvertimeReviews {
  pacts: { desde: string; hasta: string; maxSecondsPerDay: number }[];
  reviews: Map<string, OvertimeReviewDay>;
}

/** The employer's overtime compliance problems of a worker over a period, for the payroll (seconds found per day). */
export interface OvertimeCompliance {
  /** Found on days without a pact in force (art. 32 inc. 1). */
  withoutPactSeconds: number;
  /** Beyond 2 hours a day (art. 31). */
  beyondTwoHoursSeconds: number;
  /** Found on a rest day or holiday of the plan. */
  restDaySeconds: number;
  /** Found on a declared December extension day beyond the extension, where no pact may cover it (art. 24 inc. 2). */
  beyondDecemberExtensionSeconds: number;
  /** Days with any of those, or over the pact's own maximum. */
  days: number;
}

/** The overtime the evaluation found, as the attendance module gives it (`app.attendanceReads.days.withOvertime`). */
export type FoundOvertimeReader = AttendanceReads['days']['withOvertime'];
/** Commerce's declared December extension days, seconds by date (modules/planning's `app.plan.decemberExtensions`). */
export type DecemberExtensionReader = PlanReader['decemberExtensions'];

/**
 * What commerce's December extension explains of these workers' overtime over `from`..`to` (art. 24), by
 * `userId date`: the found days of the whole weeks around the period are read, because the engine gives a week's
 * planned hours over the agreed ones to its last days. Empty (and nothing read) without declared days.
 */
export async function extensionCovers(
  db: DbOrTx,
  readers: { foundOvertime: FoundOvertimeReader; decemberExtensions: DecemberExtensionReader },
  companyId: string,
  userIds: readonly string[],
  from: string,
  to: string,
  found?: readonly FoundOvertimeDay[],
): Promise<Map<string, ExtensionCover>> {
  const out = new Map<string, ExtensionCover>();
  const weeks = { from: weekStart(from), to: addDays(weekStart(to), 6) };
  if (userIds.length === 0) return out;
  const extensions = await readers.decemberExtensions(companyId, weeks, db);
  if (extensions.size === 0) return out;
  const days = found && weeks.from === from && weeks.to === to ? found : await readers.foundOvertime(companyId, userIds, weeks.from, weeks.to, [], db);
  const byWorker = new Map<string, { date: string; overtimeSeconds: number; overAgreedSeconds: number }[]>();
  for (const d of days) {
    const list = byWorker.get(d.userId) ?? [];
    list.push({ date: d.fecha, overtimeSeconds: d.overtimeSeconds, overAgreedSeconds: d.overAgreedSeconds });
    byWorker.set(d.userId, list);
  }
  for (const [userId, list] of byWorker) for (const [date, cover] of decemberExtensionCover(list, extensions)) out.set(`${userId} ${date}`, cover);
  return out;
}

/** The reads, over the found overtime the attendance module gives (each runs in the executor it is given). */
export function createOvertimeReadFunctions(foundOvertime: FoundOvertimeReader, decemberExtensions: DecemberExtensionReader) {
  /**
   * Approved overtime seconds by worker and local date over `from`..`to`, for payroll: what was approved,
   * capped by the day's overtime as the evaluation stores it now (an evaluation that later found less
   * never pays more than it found). No session: the caller has already scoped the company and workers;
   * bring the days up to date first (the attendance service's `ensureFresh`) when it matters.
   */
  async function approvedOvertime(db: DbOrTx, companyId: string, userIds: readonly string[], from: string, to: string): Promise<Map<string, Map<string, number>>> {
    const out = new Map<string, Map<string, number>>();
    const approved = await repo.approvedInRange(db, companyId, userIds, from, to);
    if (approved.length === 0) return out;
    const found = await foundOvertime(
      companyId,
      [],
      from,
      to,
      approved.map((a) => ({ userId: a.userId, fecha: a.fecha })),
      db,
    );
    const foundOf = new Map(found.map((f) => [`${f.userId} ${f.fecha}`, f.overtimeSeconds]));
    for (const a of approved) {
      const seconds = Math.min(a.approvedSeconds, foundOf.get(`${a.userId} ${a.fecha}`) ?? 0);
      if (!(seconds > 0)) continue;
      let days = out.get(a.userId);
      if (!days) out.set(a.userId, (days = new Map()));
      days.set(a.fecha, seconds);
    }
    return out;
  }

  /**
   * The reviews and pacts of these workers over `from`..`to`, by worker (the overtime report shows, for
   * each day, what was confirmed, disputed or is still to review, and the pact that covers it). No
   * session: the caller has already scoped the company and workers.
   */
  async function overtimeReviewsOf(db: DbOrTx, companyId: string, userIds: readonly string[], from: string, to: string): Promise<Map<string, WorkerOvertimeReviews>> {
    const out = new Map<string, WorkerOvertimeReviews>();
    const of = (userId: string) => {
      let entry = out.get(userId);
      if (!entry) out.set(userId, (entry = { pacts: [], reviews: new Map() }));
      return entry;
    };
    const [approvals, pacts] = [await repo.approvalsInRange(db, companyId, userIds, from, to), await repo.pactsInRange(db, companyId, userIds, from, to)];
    for (const p of pacts) of(p.userId).pacts.push({ desde: p.desde, hasta: p.hasta, maxSecondsPerDay: p.maxSecondsPerDay });
    for (const a of approvals) of(a.userId).reviews.set(a.fecha, { estado: a.estado, approvedSeconds: a.approvedSeconds, motivo: a.motivo });
    return out;
  }

  /**
   * The overtime compliance problems of these workers over `from`..`to`, by worker: what the payroll
   * export flags beside the overtime it pays in full (art. 32 inc. 3). Workers without any are absent.
   * Reads the stored days as they are: bring them up to date first (`ensureFresh`).
   */
  async function overtimeCompliance(db: DbOrTx, companyId: string, userIds: readonly string[], from: string, to: string): Promise<Map<string, OvertimeCompliance>> {
    const out = new Map<string, OvertimeCompliance>();
    if (userIds.length === 0) return out;
    const [found, pacts] = [await foundOvertime(companyId, userIds, from, to, [], db), await repo.pactsInRange(db, companyId, userIds, from, to)];
    const covers = await extensionCovers(db, { foundOvertime, decemberExtensions }, companyId, userIds, from, to, found);
    const pactsOf = new Map<string, { from: string; to: string; maxSecondsPerDay: number }[]>();
    for (const p of pacts) pactsOf.set(p.userId, [...(pactsOf.get(p.userId) ?? []), { from: p.desde, to: p.hasta, maxSecondsPerDay: p.maxSecondsPerDay }]);
    for (const day of found) {
      const pact = pactInForce(pactsOf.get(day.userId) ?? [], day.fecha);
      const extension = covers.get(`${day.userId} ${day.fecha}`);
      const flags = overtimeReviewFlags({ foundSeconds: day.overtimeSeconds, pactMaxSecondsPerDay: pact?.maxSecondsPerDay ?? null, restDay: day.restDay, thresholdSeconds: Infinity, extension });
      if (flags.length === 0) continue;
      // What the December extension covers is lawful overtime (art. 24): the problems read the rest.
      const { rest, beyondExtension, pactable } = overtimeOutsideExtension(day.overtimeSeconds, extension);
      let c = out.get(day.userId);
      if (!c) out.set(day.userId, (c = { withoutPactSeconds: 0, beyondTwoHoursSeconds: 0, restDaySeconds: 0, beyondDecemberExtensionSeconds: 0, days: 0 }));
      c.days++;
      if (flags.includes('sin_pacto')) c.withoutPactSeconds += pactable;
      if (flags.includes('extension_diciembre')) c.beyondDecemberExtensionSeconds += beyondExtension;
      if (flags.includes('sobre_limite_legal')) c.beyondTwoHoursSeconds += extension ? Math.max(0, rest - DAILY_OVERTIME_LIMIT_SECONDS) : day.beyondLimitSeconds;
      if (flags.includes('dia_descanso')) c.restDaySeconds += rest;
    }
    return out;
  }

  /**
   * Worker-days of `from`..`to` with overtime found and not reviewed yet (neither confirmed nor disputed):
   * what the review list shows an administrador with `estado=pendiente&revision=todas`. For payroll before closing a month;
   * no session (the caller scoped the company). Bring the days up to date first (`ensureFresh`).
   */
  async function overtimeToReview(db: DbOrTx, companyId: string, from: string, to: string): Promise<number> {
    const ids = (await repo.listWorkers(db, companyId, {})).map((w) => w.id);
    const [found, decided] = await Promise.all([foundOvertime(companyId, ids, from, to, [], db), repo.approvalsInRange(db, companyId, ids, from, to)]);
    const decidedDays = new Set(decided.map((a) => `${a.userId} ${a.fecha}`));
    return found.filter((f) => f.overtimeSeconds > 0 && !decidedDays.has(`${f.userId} ${f.fecha}`)).length;
  }

  return { approvedOvertime, overtimeReviewsOf, overtimeCompliance, overtimeToReview };
}
