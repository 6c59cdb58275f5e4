/**
 * The public shapes of the automatic roster: what a planner states (demand, workers, period) and what the
 * solver proposes. Dates are local dates of the site's zone; instants come from the domain's shift placement.
 */
import type { AveragedDistribution, EvaluationOptions, HolidayLookup, LocalDate, PeriodEvaluationOptions, ShiftTemplate } from '@jornada/domain';

/** A candidate shift the roster may assign. */
export interface RosterShift {
  id: string;
  name: string;
  template: ShiftTemplate;
  /** Counts as a night shift for fairness; default: the shift ends the next day. */
  night?: boolean;
}

/**
 * Demand of one local date. By hour band: `start`/`end` as `HH:MM` (end at or before start: the next day),
 * covered by every shift whose placed instance spans the whole band (optionally only the shifts in
 * `shiftIds`, e.g. the cashiers' shifts). By shift: that shift on that date.
 */
export type DemandBand =
  | { date: LocalDate; start: string; end: string; required: number; shiftIds?: readonly string[] }
  | { date: LocalDate; shiftId: string; required: number };

/** A day already decided for a worker: a shift, or a rest day (`shiftId: null`). */
export interface RosterDay {
  date: LocalDate;
  shiftId: string | null;
}

/** What the roster must know of a worker's past to be fair and lawful at the start of the period. */
export interface RosterHistory {
  /** Sundays, holidays and night shifts worked in the previous weeks (fairness counts them). */
  sundaysWorked?: number;
  holidaysWorked?: number;
  nightsWorked?: number;
  /** Sundays worked earlier in the calendar month of `from` (and of any month the period starts inside). */
  workedSundays?: readonly LocalDate[];
  /** End (UTC epoch ms) of the last shift before `from`: the minimum rest runs from it. */
  lastShiftEnd?: number;
  /** Ordinary seconds and days already planned in the week of `from`, before `from`. */
  weekBeforeSeconds?: number;
  weekBeforeDays?: number;
}

/** A worker the roster may plan, with the contract and regime the plan is checked against. */
export interface RosterWorker {
  id: string;
  name: string;
  /**
   * Agreed ordinary weekly hours of the contract. Part time (art. 40 bis) is derived from them with the
   * domain's `isPartTime`, the same way the plan alerts do, so it is not a separate flag.
   */
  agreedWeeklyHours: number;
  /** Excluded from the limitation of the working day (art. 22 inc. 2). */
  excludedFromHoursLimit?: boolean;
  /** Exceptional schedule authorised by the DT (art. 38 inc. final). */
  exceptionalSchedule?: EvaluationOptions['exceptionalSchedule'];
  /** Commerce worker: irrenunciable holidays and December closing hours apply. */
  commerce?: boolean;
  /**
   * Commerce's declared December extension days (art. 24), seconds by date (a record, so the input crosses to the
   * solver's process as plain data): on them a shift may reach 10 hours plus the extension, and the extension's
   * hours do not count against the week (the art. 24 pays them as overtime). Read only with `commerce`.
   */
  decemberExtensions?: Readonly<Record<LocalDate, number>>;
  /**
   * Averaged distribution pact (art. 22 bis): in its cycles of two weeks or more, a week may reach 45 hours, the
   * cycle's weeks together stay within the agreed (or legal) hours of each, and no more than two weeks in a row of
   * the cycle pass the legal weekly limit. Not read under an exceptional schedule or the art. 22 exclusion.
   */
  averagedDistribution?: AveragedDistribution;
  /** Continuous-process work (art. 34 inc. 2): shifts need no colación. */
  continuousProcess?: boolean;
  /** Excepted from Sunday rest (art. 38): two Sundays off per calendar month unless excluded by the domain. */
  sundayRest?: PeriodEvaluationOptions['sundayRest'];
  /** Contract bounds: no shift outside them (`contractTo` null: indefinite). */
  contractFrom?: LocalDate;
  contractTo?: LocalDate | null;
  /** Shifts this worker may take; absent: every shift of the input. */
  allowedShiftIds?: readonly string[];
  /** Dates with an approved permission, vacation or licence: no shift, and no rest day either. */
  unavailableDates?: readonly LocalDate[];
  /** Days already decided (`shiftId: null`: a fixed day off). */
  fixed?: readonly RosterDay[];
  /** Dates the worker prefers off, and weekdays (ISO 1..7) the worker prefers off. */
  preferredDaysOff?: readonly LocalDate[];
  preferredWeekdaysOff?: readonly number[];
  history?: RosterHistory;
  /** The plan already published for the period: re-planning keeps it where it can. */
  published?: readonly RosterDay[];
}

/** Weights of the soft goals; hours beyond the agreed hours are forbidden, so overtime never enters the objective. */
export interface RosterWeights {
  /** Per missing person-hour of demand. */
  shortfall: number;
  /** Per surplus person-hour of demand. */
  overCoverage: number;
  /**
   * Sundays, holidays and nights (history included) above the part's mean: the k-th unit above it costs
   * k × fairness, so they spread evenly.
   */
  fairness: number;
  /** Per shift planned on a preferred day off. */
  preferredDayOff: number;
  /** Per day that differs from the published plan. */
  change: number;
}

export interface RosterOptions {
  /** Minimum rest between the end of one shift and the start of the next, in hours (default 12). */
  minRestHours?: number;
  /** Wall-clock budget of the whole solve, shared by the parts in proportion to their size (default 30). */
  timeLimitSeconds?: number;
  /** Relative MIP gap at which HiGHS may stop (default 0.001); the proposal is «optimal» only when proven. */
  mipRelGap?: number;
  weights?: Partial<RosterWeights>;
}

export interface RosterInput {
  /** IANA zone of the site; days are its local days (never assumed to last 24 hours). */
  zone: string;
  /** Inclusive, 1 to 42 days. */
  from: LocalDate;
  to: LocalDate;
  holidays: HolidayLookup;
  shifts: readonly RosterShift[];
  demand: readonly DemandBand[];
  workers: readonly RosterWorker[];
  options?: RosterOptions;
}

/** One worker's day in the proposal. `unavailable`: a leave or outside the contract, neither shift nor rest day. */
export interface RosterAssignment {
  workerId: string;
  date: LocalDate;
  shiftId: string | null;
  unavailable?: true;
}

export interface RosterCoverage {
  date: LocalDate;
  start: string;
  end: string;
  required: number;
  planned: number;
}

/** Demand left uncovered, with a Spanish explanation of the rules that stopped the idle workers. */
export interface RosterShortfall {
  date: LocalDate;
  start: string;
  end: string;
  missing: number;
  reason: string;
}

export interface RosterWorkerSummary {
  workerId: string;
  plannedSeconds: number;
  /** Agreed seconds over the period's available days (agreed weekly hours × available days / 7). */
  agreedSeconds: number;
  sundaysWorked: number;
  holidaysWorked: number;
  nights: number;
  /** Days that differ from the published plan. */
  changedDays: number;
}

/** Something the data made impossible to honour (a fixed day against the law, too few shifts for the legal week). */
export interface RosterIssue {
  workerId: string;
  date: LocalDate;
  message: string;
}

/**
 * `feasible` also when a part's time ran out before HiGHS accepted a roster: that part keeps the greedy start,
 * lawful by construction, and the proposal has no proven gap. `infeasible` only when fixed days leave no lawful
 * roster.
 */
export type RosterStatus = 'optimal' | 'feasible' | 'infeasible';

export interface RosterProposal {
  /** `optimal` only when HiGHS proved it for every part (gap zero within its tolerance). */
  status: RosterStatus;
  /** Proven relative MIP gap over all parts, (best − bound) / best; null when a part kept its greedy start or none is lawful. */
  gap: number | null;
  assignments: RosterAssignment[];
  coverage: RosterCoverage[];
  shortfalls: RosterShortfall[];
  perWorker: RosterWorkerSummary[];
  issues: RosterIssue[];
  /** The objective of the parts HiGHS solved (a part that kept its greedy start adds nothing). */
  objective: number;
  seconds: number;
  /** Number of independent parts solved. */
  parts: number;
}
