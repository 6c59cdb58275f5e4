/**
 * The first read of a period never evaluated: a page of evaluated attendance (a route with
 * `config.deferEvaluation`, lib/page-reads.ts) that finds more worker-days to evaluate than a request
 * should (`inlineDays`) queues one job for the company and the weeks, and answers 202 with the
 * calculation's progress. The job evaluates in batches of workers and reports how far it is in its own
 * row of the job queue (`hechos`/`total` in the payload), which `GET /api/v1/asistencia/calculos/:id`
 * reads. A second page read of the same or a covered period joins the open job instead of adding one.
 * Below the threshold, and outside page reads, the evaluation stays inline in the request.
 */
import { ACCESS, CALCULANDO_ASISTENCIA_MENSAJE, type CalculandoAsistencia, type CalculoAsistencia } from '@jornada/contracts';
import type { Db } from '../../db/client';
import { notFound, requirePerfil } from '../../lib/access';
import { Accepted } from '../../lib/errors';
import { enqueueUnlessCovered, readJob, type JobState } from '../../lib/jobs';
import type { RequestSession } from '../../plugins/types';
import * as repo from './attendance.repository';

/** The job kind of a period's first evaluation, queued by a page read. */
export const ATTENDANCE_CALCULATION_JOB = 'asistencia-calcular';

/**
 * Worker-days a page read still evaluates inside the request. Measured on the project's 2-core machine
 * (PostgreSQL, load ≈ 1.5): the engine evaluates and stores about 3,400 worker-days a second (1,000
 * workers' month of 35 days in 10.3 s), so 3,000 keeps an inline evaluation around 1 s. Small companies
 * (the demo's 60 workers, a month of 2,100 worker-days) never see the queue.
 */
const INLINE_EVALUATION_DAYS = 3_000;

/**
 * Workers the job evaluates between two progress reports. The job shares the process with the requests:
 * the engine's part of a batch runs without yielding, so a batch stays small (a month of 50 workers,
 * 1,750 worker-days). With 200 (7,000 worker-days), pages that joined the job at 10,000 workers under
 * load waited up to 2 s for their 202.
 */
const CALCULATION_BATCH_WORKERS = 50;

const CALCULATION_MESSAGES = { notFound: 'El cálculo de asistencia no existe.' } as const;

/** What the job's payload holds: whose days over which whole weeks, and how far it is. */
interface CalculationPayload {
  companyId: string;
  /** Monday and Sunday of the weeks evaluated. */
  desde: string;
  hasta: string;
  /** The workers evaluated; null for every worker of the company whose contract touches the weeks. */
  userIds: string[] | null;
  hechos: number;
  total: number;
}

type EvaluateWeeks = (companyId: string, weeks: readonly { userId: string; monday: string }[], now: Date) => Promise<number>;

interface CalculationDeps {
  db: Db;
  /** Wakes the job loop of this process (the job is due at once). */
  kick: () => void;
  evaluateWeeks: EvaluateWeeks;
  /** Worker-days above which a page read queues the evaluation (INLINE_EVALUATION_DAYS unless told). */
  inlineDays?: number;
}

const payloadOf = (job: JobState) => job.payload as unknown as CalculationPayload;

function calculoOf(job: JobState): CalculoAsistencia {
  const p = payloadOf(job);
  return { id: String(job.id), estado: job.done ? 'listo' : 'calculando', hechos: p.hechos ?? 0, total: p.total ?? 0, desde: p.desde, hasta: p.hasta };
}

export function createAttendanceCalculations({ db, kick, evaluateWeeks, inlineDays = INLINE_EVALUATION_DAYS }: CalculationDeps) {
  /**
   * The job kinds whose progress `read` gives: this one and the calculations of other modules that follow
   * a page's first read of what they store from the evaluation (remunerations' stored pay), whose payload
   * has the same fields (`companyId`, `desde`, `hasta`, `hechos`, `total`).
   */
  const kinds = new Set<string>([ATTENDANCE_CALCULATION_JOB]);
  return {
    inlineDays,

    /** Lets the pages follow the progress of another module's calculation job (`kind`) as they follow this one's. */
    followKind(kind: string): void {
      kinds.add(kind);
    },

    /**
     * Queues the evaluation of `monday`..`sunday` for `userIds` (null: the whole company), or joins an
     * open job that covers it, and throws the 202 answer the route sends.
     */
    async defer(companyId: string, userIds: readonly string[] | null, monday: string, sunday: string, missingDays: number, now: Date): Promise<never> {
      const wanted = userIds === null ? null : new Set(userIds);
      const payload: CalculationPayload = { companyId, desde: monday, hasta: sunday, userIds: userIds === null ? null : [...userIds], hechos: 0, total: missingDays };
      const job = await enqueueUnlessCovered(db, ATTENDANCE_CALCULATION_JOB, { ...payload }, now, (open) => {
        const p = open as unknown as CalculationPayload;
        if (p.desde > monday || p.hasta < sunday) return false;
        if (p.userIds === null) return true;
        if (wanted === null) return false;
        const held = new Set(p.userIds);
        for (const id of wanted) if (!held.has(id)) return false;
        return true;
      });
      if (!job.joined) kick();
      const body: CalculandoAsistencia = { estado: 'calculando', mensaje: CALCULANDO_ASISTENCIA_MENSAJE, calculo: calculoOf(job) };
      throw new Accepted(body, { location: `/api/v1/asistencia/calculos/${job.id}` });
    },

    /** The job: evaluates the missing or stale weeks a batch of workers at a time, reporting its progress. */
    async run(raw: unknown, now: () => Date, report: (fields: Record<string, unknown>) => Promise<void>): Promise<void> {
      const { companyId, desde, hasta, userIds } = raw as CalculationPayload;
      const ids = userIds ?? (await repo.workerIds(db, companyId, { activeFrom: desde, activeTo: hasta }));
      const missing = await repo.weeksToEvaluate(db, companyId, ids, desde, hasta);
      const total = missing.length * 7;
      await report({ hechos: 0, total });
      const byWorker = new Map<string, { userId: string; monday: string }[]>();
      for (const week of missing) {
        const list = byWorker.get(week.userId);
        if (list) list.push(week);
        else byWorker.set(week.userId, [week]);
      }
      const workers = [...byWorker.values()];
      let done = 0;
      for (let i = 0; i < workers.length; i += CALCULATION_BATCH_WORKERS) {
        const weeks = workers.slice(i, i + CALCULATION_BATCH_WORKERS).flat();
        await evaluateWeeks(companyId, weeks, now());
        done += weeks.length * 7;
        await report({ hechos: done, total });
      }
    },

    /** A calculation's progress for a page that follows it: of the caller's company only (any other id, or another kind of job, is 404). */
    async read(session: RequestSession, id: string): Promise<CalculoAsistencia> {
      requirePerfil(session, ...ACCESS.attendanceCalculation);
      const job = /^\d{1,15}$/.test(id) ? await readJob(db, Number(id)) : null;
      if (!job || !kinds.has(job.kind) || payloadOf(job).companyId !== session.companyId) throw notFound(CALCULATION_MESSAGES.notFound);
      return calculoOf(job);
    },
  };
}

export type AttendanceCalculations = ReturnType<typeof createAttendanceCalculations>;
