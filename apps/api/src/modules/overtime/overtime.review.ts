/** The overtime the evaluation found, for review: the worker-days with their pact and alerts, their confirmation (all, part or many at once) or dispute, and the company's review threshold. */
import {
  ACCESS,
  HORAS_EXTRA_FILTRO_MAX,
  isoDateSchema,
  UMBRAL_REVISION_MINUTOS_OMISION,
  type actualizarConfiguracionHorasExtraBodySchema,
  type aprobarHorasExtraBodySchema,
  type aprobarHorasExtraLoteBodySchema,
  type AprobarHorasExtraLoteResponse,
  type ConfiguracionHorasExtra,
  type EstadoHorasExtra,
  type HoraExtra,
  type horasExtraQuerySchema,
  type HorasExtraPage,
  type misHorasExtraQuerySchema,
  type rechazarHorasExtraBodySchema,
  type RevisionHorasExtra,
} from '@jornada/contracts';
import { checkOvertimeConfirmation, pactInForce } from '@jornada/domain';
import { fieldError, requirePerfil } from '../../lib/access';
import { requestWorker } from '../../lib/approvals';
import { localDate } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { RequestSession } from '../../plugins/types';
import type { OvertimeContext, Scope } from './overtime.context';
import { extensionCovers } from './overtime.reads';
import * as repo from './overtime.repository';
import { alertsOf, clock, COMPLIANCE, dayState, matchesRevision, OVERTIME_MESSAGES, REVIEW_PROBLEMS, type DayView, type Input } from './overtime.rules';

export function createOvertimeReviewUseCases({ db, attendance, foundOvertime, decemberExtensions, payrollPeriods, scopeOf, thresholdOf, filterOf, managedWorker, checkFilters, period }: OvertimeContext) {
  /** The worker-days of some workers over a period: found overtime, decisions and the pact in force. */
  async function daysOf(companyId: string, workers: repo.WorkerRow[], desde: string, hasta: string, now: Date): Promise<DayView[]> {
    const ids = workers.map((w) => w.id);
    const today = localDate(now);
    const evaluatedTo = hasta < today ? hasta : today;
    if (ids.length && evaluatedTo >= desde) await attendance.ensureFresh(companyId, ids, desde, evaluatedTo, now);
    const approvals = await repo.approvalsInRange(db, companyId, ids, desde, hasta);
    const [found, pacts] = await Promise.all([
      foundOvertime(
        companyId,
        ids,
        desde,
        hasta,
        approvals.map((a) => ({ userId: a.userId, fecha: a.fecha })),
      ),
      repo.pactsInRange(db, companyId, ids, desde, hasta),
    ]);
    const covers = await extensionCovers(db, { foundOvertime, decemberExtensions }, companyId, ids, desde, hasta);
    const byKey = new Map<string, DayView>();
    const workerOf = new Map(workers.map((w) => [w.id, w]));
    const pactsOf = new Map<string, repo.PactRow[]>();
    for (const p of pacts) pactsOf.set(p.userId, [...(pactsOf.get(p.userId) ?? []), p]);
    const view = (userId: string, fecha: string): DayView | undefined => {
      const key = `${userId} ${fecha}`;
      let v = byKey.get(key);
      const worker = workerOf.get(userId);
      if (!v && worker) {
        const pact = pactInForce(
          (pactsOf.get(userId) ?? []).map((p) => ({ ...p, from: p.desde, to: p.hasta })),
          fecha,
        );
        byKey.set(key, (v = { worker, fecha, found: undefined, approval: undefined, pact }));
      }
      return v;
    };
    for (const f of found) {
      const v = view(f.userId, f.fecha);
      if (v) {
        v.found = f;
        v.extension = covers.get(`${f.userId} ${f.fecha}`);
      }
    }
    for (const a of approvals) {
      const v = view(a.userId, a.fecha);
      if (v) v.approval = a;
    }
    return [...byKey.values()].sort(
      (a, b) => b.fecha.localeCompare(a.fecha) || a.worker.apellidos.localeCompare(b.worker.apellidos, 'es') || a.worker.nombre.localeCompare(b.worker.nombre, 'es'),
    );
  }

  async function present(companyId: string, views: DayView[], thresholdSeconds: number, canDecide: (v: DayView) => boolean): Promise<HoraExtra[]> {
    const deciders = await repo.people(
      db,
      companyId,
      views.flatMap((v) => (v.approval?.decidedBy ? [v.approval.decidedBy] : [])),
    );
    return views.map((v) => {
      const found = v.found?.overtimeSeconds ?? 0;
      const decider = v.approval?.decidedBy ? deciders.get(v.approval.decidedBy) : undefined;
      return {
        usuario: {
          ...requestWorker(v.worker, v.worker.groupNombre),
          sede: v.worker.siteId && v.worker.siteNombre !== null ? { id: v.worker.siteId, nombre: v.worker.siteNombre } : null,
        },
        fecha: v.fecha,
        encontradaSegundos: found,
        dentroLimiteSegundos: v.found?.withinLimitSeconds ?? 0,
        sobreLimiteSegundos: v.found?.beyondLimitSeconds ?? 0,
        trabajadoSegundos: v.found?.workedSeconds ?? 0,
        planificadoSegundos: v.found?.plannedSeconds ?? 0,
        pacto: v.pact ? { id: v.pact.id, desde: v.pact.desde, hasta: v.pact.hasta, maxMinutosDia: Math.round(v.pact.maxSecondsPerDay / 60) } : null,
        // Time worked on a paid permission day is not offered as overtime to confirm (see checkOvertimeConfirmation).
        aprobableSegundos: v.found?.paidPermission ? 0 : found,
        trabajoEnPermiso: v.found?.paidPermission ?? null,
        estado: dayState(v),
        aprobadaSegundos: v.approval ? v.approval.approvedSeconds : null,
        motivo: v.approval?.motivo ?? null,
        encontradaAlDecidirSegundos: v.approval ? v.approval.foundSeconds : null,
        decididoPor: decider ? { id: decider.id, nombre: decider.nombre, apellidos: decider.apellidos } : null,
        decididoEn: v.approval?.decidedAt.toISOString() ?? null,
        alertas: alertsOf(v, thresholdSeconds),
        puedeDecidir: canDecide(v),
      };
    });
  }

  async function page(
    session: RequestSession,
    workers: repo.WorkerRow[],
    q: { desde: string; hasta: string; estado?: EstadoHorasExtra | undefined; revision?: RevisionHorasExtra | undefined; page: number; pageSize: number },
    now: Date,
    canDecide: (v: DayView) => boolean,
  ): Promise<HorasExtraPage> {
    const threshold = await thresholdOf(session.companyId);
    const all = await daysOf(session.companyId, workers, q.desde, q.hasta, now);
    const matching = all.filter((v) => (!q.estado || dayState(v) === q.estado) && matchesRevision(alertsOf(v, threshold), q.revision));
    const totales = { encontradaSegundos: 0, aprobadaSegundos: 0, rechazadaSegundos: 0, pendienteSegundos: 0, pendientes: 0, rechazadas: 0, conAlertas: 0, conIncumplimiento: 0 };
    for (const v of matching) {
      const found = v.found?.overtimeSeconds ?? 0;
      const alerts = alertsOf(v, threshold);
      totales.encontradaSegundos += found;
      if (v.approval?.estado === 'aprobado') {
        // A partial confirmation disputes the rest of the day.
        const confirmed = Math.min(v.approval.approvedSeconds, found);
        totales.aprobadaSegundos += confirmed;
        totales.rechazadaSegundos += found - confirmed;
      } else if (v.approval?.estado === 'rechazado') {
        totales.rechazadaSegundos += found;
        totales.rechazadas++;
      } else {
        totales.pendienteSegundos += found;
        totales.pendientes++;
      }
      if (alerts.length) totales.conAlertas++;
      if (alerts.some((a) => COMPLIANCE.has(a))) totales.conIncumplimiento++;
    }
    const offset = (q.page - 1) * q.pageSize;
    return {
      desde: q.desde,
      hasta: q.hasta,
      items: await present(session.companyId, matching.slice(offset, offset + q.pageSize), threshold, canDecide),
      total: matching.length,
      page: q.page,
      pageSize: q.pageSize,
      totales,
      umbralRevisionMinutos: Math.round(threshold / 60),
    };
  }

  /** One worker-day the session may decide, brought up to date. */
  async function decidable(session: RequestSession, usuarioId: string, fecha: string, now: Date): Promise<{ scope: Scope; view: DayView }> {
    requirePerfil(session, ...ACCESS.overtime);
    const scope = await scopeOf(session);
    const worker = await managedWorker(session, scope, usuarioId);
    if (!isoDateSchema.safeParse(fecha).success) throw fieldError('fecha', OVERTIME_MESSAGES.badDate);
    if (worker.id === session.userId) throw new AppError('FORBIDDEN', OVERTIME_MESSAGES.ownOvertime);
    const [view] = await daysOf(session.companyId, [worker], fecha, fecha, now);
    if (!view || (!(view.found && view.found.overtimeSeconds > 0) && !view.approval)) throw new AppError('CONFLICT', OVERTIME_MESSAGES.nothingFound);
    return { scope, view };
  }

  async function presentOne(session: RequestSession, usuarioId: string, fecha: string, now: Date): Promise<HoraExtra> {
    const { view } = await decidable(session, usuarioId, fecha, now);
    const [item] = await present(session.companyId, [view], await thresholdOf(session.companyId), () => true);
    return item!;
  }

  /** Writes the decision on a day (confirmed, all or part, or disputed) with the overtime found then. */
  async function decide(session: RequestSession, view: DayView, fecha: string, decision: { approvedSeconds: number; estado: 'aprobado' | 'rechazado'; motivo: string | null }, now: Date): Promise<void> {
    await db.transaction(async (tx) => {
      // What a closed payroll month reported stays as it was, reviews included.
      await payrollPeriods.assertMonthsOpen(tx, session.companyId, [fecha]);
      await repo.upsertApproval(tx, {
        companyId: session.companyId,
        userId: view.worker.id,
        fecha,
        foundSeconds: view.found?.overtimeSeconds ?? 0,
        ...decision,
        pactId: view.pact?.id ?? null,
        decidedBy: session.userId,
        decidedAt: now,
      });
    });
  }


  return {
    async list(session: RequestSession, q: Input<typeof horasExtraQuerySchema>, now: Date): Promise<HorasExtraPage> {
      requirePerfil(session, ...ACCESS.overtime);
      const scope = await scopeOf(session);
      await checkFilters(session, scope, q);
      const { desde, hasta } = period(q, localDate(now));
      const workers = await repo.listWorkers(db, session.companyId, { ...filterOf(scope), userId: q.usuarioId, grupoId: q.grupoId, sedeId: q.sedeId });
      return page(session, workers, { ...q, desde, hasta }, now, (v) => v.worker.id !== session.userId);
    },

    async mine(session: RequestSession, q: Input<typeof misHorasExtraQuerySchema>, now: Date): Promise<HorasExtraPage> {
      requirePerfil(session, ...ACCESS.myOvertime);
      const { desde, hasta } = period(q, localDate(now));
      const workers = await repo.listWorkers(db, session.companyId, { userId: session.userId });
      return page(session, workers, { ...q, desde, hasta }, now, () => false);
    },

    /** Confirms all of a day's overtime, or a part (the rest disputed). Payroll pays every found second either way. */
    async approve(session: RequestSession, usuarioId: string, fecha: string, body: Input<typeof aprobarHorasExtraBodySchema>, now: Date): Promise<HoraExtra> {
      const { view } = await decidable(session, usuarioId, fecha, now);
      const found = view.found?.overtimeSeconds ?? 0;
      const seconds = body.segundos ?? found;
      const problem = checkOvertimeConfirmation(found, seconds, Boolean(view.found?.paidPermission));
      if (problem === 'over_found') throw fieldError('segundos', `No puedes confirmar más de las horas extra encontradas ese día (${clock(found)}).`);
      if (problem) throw new AppError('CONFLICT', REVIEW_PROBLEMS[problem]);
      await decide(session, view, fecha, { approvedSeconds: seconds, estado: 'aprobado', motivo: body.motivo ?? null }, now);
      return presentOne(session, usuarioId, fecha, now);
    },

    /** Disputes a day's overtime with a reason; it is still paid until the marks are corrected (the legal correction flow). */
    async reject(session: RequestSession, usuarioId: string, fecha: string, body: Input<typeof rechazarHorasExtraBodySchema>, now: Date): Promise<HoraExtra> {
      const { view } = await decidable(session, usuarioId, fecha, now);
      await decide(session, view, fecha, { approvedSeconds: 0, estado: 'rechazado', motivo: body.motivo }, now);
      return presentOne(session, usuarioId, fecha, now);
    },

    /**
     * Confirms all of several pending days: those listed (every one must be the session's to review,
     * 404 otherwise, nothing written) or every pending day a review filter matches. Days without
     * overtime, already reviewed or the session's own are left as they were and listed with the reason.
     */
    async approveMany(session: RequestSession, body: Input<typeof aprobarHorasExtraLoteBodySchema>, now: Date): Promise<AprobarHorasExtraLoteResponse> {
      requirePerfil(session, ...ACCESS.overtime);
      const scope = await scopeOf(session);
      const views: DayView[] = [];
      const omitidas: AprobarHorasExtraLoteResponse['omitidas'] = [];
      if ('items' in body) {
        const byWorker = new Map<string, string[]>();
        for (const item of body.items) byWorker.set(item.usuarioId, [...new Set([...(byWorker.get(item.usuarioId) ?? []), item.fecha])]);
        for (const [usuarioId, dates] of byWorker) {
          const worker = await managedWorker(session, scope, usuarioId);
          if (worker.id === session.userId) throw new AppError('FORBIDDEN', OVERTIME_MESSAGES.ownOvertime);
          const sorted = [...dates].sort();
          const days = new Map((await daysOf(session.companyId, [worker], sorted[0]!, sorted[sorted.length - 1]!, now)).map((v) => [v.fecha, v]));
          for (const fecha of sorted) {
            const v = days.get(fecha);
            if (!v || !((v.found?.overtimeSeconds ?? 0) > 0)) omitidas.push({ usuarioId, fecha, motivo: OVERTIME_MESSAGES.nothingFound });
            else if (v.approval) omitidas.push({ usuarioId, fecha, motivo: v.approval.estado === 'aprobado' ? 'Ya estaban confirmadas.' : 'Están en disputa.' });
            else if (v.found?.paidPermission) omitidas.push({ usuarioId, fecha, motivo: OVERTIME_MESSAGES.onPaidPermission });
            else views.push(v);
          }
        }
      } else {
        const q = body.filtro;
        await checkFilters(session, scope, q);
        const { desde, hasta } = period(q, localDate(now));
        const threshold = await thresholdOf(session.companyId);
        const workers = await repo.listWorkers(db, session.companyId, { ...filterOf(scope), userId: q.usuarioId, grupoId: q.grupoId, sedeId: q.sedeId });
        for (const v of await daysOf(session.companyId, workers, desde, hasta, now)) {
          if (v.approval || !((v.found?.overtimeSeconds ?? 0) > 0) || !matchesRevision(alertsOf(v, threshold), q.revision)) continue;
          if (q.estado && q.estado !== 'pendiente') continue;
          if (v.worker.id === session.userId) omitidas.push({ usuarioId: v.worker.id, fecha: v.fecha, motivo: OVERTIME_MESSAGES.ownOvertime });
          else if (v.found?.paidPermission) omitidas.push({ usuarioId: v.worker.id, fecha: v.fecha, motivo: OVERTIME_MESSAGES.onPaidPermission });
          else views.push(v);
        }
        if (views.length > HORAS_EXTRA_FILTRO_MAX) throw fieldError('filtro', OVERTIME_MESSAGES.tooManyInFilter);
      }
      const written = await db.transaction(async (tx) => {
        // Any day in a closed payroll month refuses the whole batch.
        await payrollPeriods.assertMonthsOpen(
          tx,
          session.companyId,
          views.map((v) => v.fecha),
        );
        return repo.insertConfirmations(
          tx,
          views.map((v) => ({
            companyId: session.companyId,
            userId: v.worker.id,
            fecha: v.fecha,
            foundSeconds: v.found!.overtimeSeconds,
            approvedSeconds: v.found!.overtimeSeconds,
            estado: 'aprobado' as const,
            motivo: null,
            pactId: v.pact?.id ?? null,
            decidedBy: session.userId,
            decidedAt: now,
          })),
        );
      });
      const writtenKeys = new Set(written.map((w) => `${w.userId} ${w.fecha}`));
      for (const v of views) {
        if (!writtenKeys.has(`${v.worker.id} ${v.fecha}`)) omitidas.push({ usuarioId: v.worker.id, fecha: v.fecha, motivo: 'Otra persona las revisó al mismo tiempo.' });
      }
      return { confirmadas: written.length, confirmadasSegundos: written.reduce((sum, w) => sum + w.approvedSeconds, 0), omitidas };
    },

    /** The company's review settings (administrador and supervisor read them; the administrador changes them). */
    async settings(session: RequestSession): Promise<ConfiguracionHorasExtra> {
      requirePerfil(session, ...ACCESS.overtime);
      const row = await repo.reviewSettings(db, session.companyId);
      return {
        umbralRevisionMinutos: row ? Math.round(row.reviewThresholdSeconds / 60) : UMBRAL_REVISION_MINUTOS_OMISION,
        actualizadoPor: row?.updatedBy ?? null,
        actualizadoEn: row?.updatedAt.toISOString() ?? null,
      };
    },

    async updateSettings(session: RequestSession, body: Input<typeof actualizarConfiguracionHorasExtraBodySchema>, now: Date): Promise<ConfiguracionHorasExtra> {
      requirePerfil(session, 'administrador');
      await repo.saveReviewSettings(db, session.companyId, body.umbralRevisionMinutos * 60, session.userId, now);
      return this.settings(session);
    },
  };
}
