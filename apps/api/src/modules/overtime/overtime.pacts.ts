/** Overtime pacts (art. 32): their list, detail, creation, change and removal within the law's terms, and the signed pact's document. */
import {
  ACCESS,
  compensationProblems,
  DOCUMENTO_PACTO_MAX_BYTES,
  type CompensacionHorasExtra,
  type actualizarPactoBodySchema,
  type crearPactoBodySchema,
  type misPactosQuerySchema,
  type Pacto,
  type PactosPage,
  type pactosQuerySchema,
} from '@jornada/contracts';
import { addDays, diffDays, overtimePactLastDay, validateOvertimePact } from '@jornada/domain';
import type { DbOrTx } from '../../db/client';
import { fieldError, notFound, requireId, requirePerfil } from '../../lib/access';
import { requestWorker } from '../../lib/approvals';
import { checkAttachment, type AttachmentFile } from '../../lib/attachments';
import { localDate } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { UploadedDocument } from '../../lib/uploaded-document';
import type { RequestSession } from '../../plugins/types';
import { monthsOfRange } from '../payroll-periods/index';
import type { OvertimeContext, Scope } from './overtime.context';
import * as repo from './overtime.repository';
import { chileanDate, OVERTIME_MESSAGES, pactState, type Input } from './overtime.rules';

/** The name a signed pact sent without one is stored under, by its kind. */
const DOCUMENT_NAMES = { 'application/pdf': 'pacto.pdf', 'image/png': 'pacto.png', 'image/jpeg': 'pacto.jpg' } as const;

export function createOvertimePactUseCases({ db, payrollPeriods, decemberExtensions, scopeOf, manages, filterOf, managedWorker, checkFilters }: OvertimeContext) {
  function presentPact(row: repo.PactDetailRow, scope: Scope, session: RequestSession, today: string): Pacto {
    const { pact } = row;
    const estado = pactState(pact, today);
    return {
      id: pact.id,
      usuario: requestWorker(row.worker, row.groupNombre),
      desde: pact.desde,
      hasta: pact.hasta,
      maxMinutosDia: Math.round(pact.maxSecondsPerDay / 60),
      compensacion: pact.compensacion,
      firmadoEl: pact.firmadoEl,
      diasSemana: pact.diasSemana,
      comentario: pact.comentario,
      estado,
      diasRestantes: estado === 'vencido' ? null : diffDays(today, pact.hasta),
      documento: row.document?.nombre ? { nombre: row.document.nombre, tipo: row.document.tipo, tamano: row.document.tamano } : null,
      creadoPor: row.creator?.id ? { id: row.creator.id, nombre: row.creator.nombre, apellidos: row.creator.apellidos } : null,
      creadoEn: pact.createdAt.toISOString(),
      puedeEditar: manages(scope, row.worker.groupId) && row.worker.id !== session.userId,
    };
  }

  /** A pact the session may see (their own, or a managed worker's); anything else is a 404. */
  async function visiblePact(session: RequestSession, scope: Scope, id: string): Promise<repo.PactDetailRow> {
    requireId(id, OVERTIME_MESSAGES.pactNotFound);
    const row = await repo.findPact(db, session.companyId, id);
    if (!row || (row.worker.id !== session.userId && !manages(scope, row.worker.groupId))) throw notFound(OVERTIME_MESSAGES.pactNotFound);
    return row;
  }

  async function editablePact(session: RequestSession, scope: Scope, id: string): Promise<repo.PactDetailRow> {
    const row = await visiblePact(session, scope, id);
    if (!manages(scope, row.worker.groupId)) throw notFound(OVERTIME_MESSAGES.pactNotFound);
    if (row.worker.id === session.userId) throw new AppError('FORBIDDEN', OVERTIME_MESSAGES.ownPact);
    return row;
  }

  /** A pact covers days of the worker's contract: it may not start before the contract does. */
  function checkContractStart(desde: string, inicioContrato: string): void {
    if (desde < inicioContrato) throw fieldError('desde', OVERTIME_MESSAGES.beforeContract(inicioContrato));
  }

  function checkTerms(desde: string, hasta: string, maxSecondsPerDay: number): void {
    const problems = validateOvertimePact({ from: desde, to: hasta, maxSecondsPerDay });
    if (problems.includes('to_before_from')) throw fieldError('hasta', 'La fecha de término no puede ser anterior a la de inicio.');
    if (problems.includes('longer_than_3_months')) {
      throw fieldError(
        'hasta',
        `Un pacto de horas extra dura como máximo 3 meses: desde el ${chileanDate(desde)} puede llegar hasta el ${chileanDate(overtimePactLastDay(desde))}. Para seguir, renuévalo con un pacto nuevo.`,
      );
    }
    if (problems.length) throw fieldError('maxMinutosDia', 'La ley permite como máximo 2 horas extra por día.');
  }

  /** The agreement to compensate with vacation days, as stored: its fields only with 'feriado' (checked again after merging a change). */
  function compensationOf(value: { compensacion?: CompensacionHorasExtra | undefined; firmadoEl?: string | null | undefined; diasSemana?: number | null | undefined; desde: string }) {
    const problem = compensationProblems(value)[0];
    if (problem) throw fieldError(problem.field, problem.message);
    const feriado = value.compensacion === 'feriado';
    return { compensacion: value.compensacion ?? 'pago', firmadoEl: feriado ? (value.firmadoEl ?? null) : null, diasSemana: feriado ? (value.diasSemana ?? null) : null };
  }

  async function refuseOverlap(tx: DbOrTx, companyId: string, userId: string, desde: string, hasta: string, exceptId?: string): Promise<void> {
    const [other] = await repo.overlappingPacts(tx, companyId, userId, desde, hasta, exceptId);
    if (other) {
      const message = `Se superpone con el pacto del ${chileanDate(other.desde)} al ${chileanDate(other.hasta)}. Un trabajador tiene un solo pacto por día.`;
      throw new AppError('CONFLICT', message, { desde: message });
    }
  }

  /**
   * Art. 24 inc. 2: «cuando el empleador ejerciere la facultad prevista en el inciso anterior no procederá pactar
   * horas extraordinarias». A pact may not cover a December day commerce declared as extended (read in the same
   * transaction as the write); `before` is the pact's old range when it changes, whose days are not new.
   */
  async function refuseDecemberExtension(tx: DbOrTx, companyId: string, desde: string, hasta: string, before?: { desde: string; hasta: string }): Promise<void> {
    const declared = [...(await decemberExtensions(companyId, { from: desde, to: hasta }, tx)).keys()]
      .filter((date) => !before || date < before.desde || date > before.hasta)
      .sort();
    if (declared.length === 0) return;
    const message =
      `El pacto cubre ${declared.length === 1 ? 'el día' : 'los días'} ${declared.map(chileanDate).join(', ')}, que la empresa declaró como extensión de jornada de diciembre: ` +
      'cuando el empleador extiende la jornada no procede pactar horas extra (art. 24). Deja esos días fuera del pacto, o retíralos de la extensión en la planificación.';
    throw new AppError('CONFLICT', message, { hasta: message });
  }

  return {
    async listPacts(session: RequestSession, q: Input<typeof pactosQuerySchema>, now: Date): Promise<PactosPage> {
      requirePerfil(session, ...ACCESS.overtime);
      const scope = await scopeOf(session);
      await checkFilters(session, scope, q);
      const today = localDate(now);
      const { rows, total } = await repo.listPacts(
        db,
        session.companyId,
        {
          ...filterOf(scope),
          userId: q.usuarioId,
          grupoId: q.grupoId,
          estado: q.estado,
          endingBy: q.venceEnDias === undefined ? undefined : addDays(today, q.venceEnDias),
          today,
        },
        { limit: q.pageSize, offset: (q.page - 1) * q.pageSize },
      );
      return { items: rows.map((r) => presentPact(r, scope, session, today)), total, page: q.page, pageSize: q.pageSize };
    },

    async myPacts(session: RequestSession, q: Input<typeof misPactosQuerySchema>, now: Date): Promise<PactosPage> {
      requirePerfil(session, ...ACCESS.myOvertime);
      const scope = await scopeOf(session);
      const today = localDate(now);
      const { rows, total } = await repo.listPacts(db, session.companyId, { userId: session.userId, today }, { limit: q.pageSize, offset: (q.page - 1) * q.pageSize });
      return { items: rows.map((r) => presentPact(r, scope, session, today)), total, page: q.page, pageSize: q.pageSize };
    },

    async getPact(session: RequestSession, id: string, now: Date): Promise<Pacto> {
      requirePerfil(session, ...ACCESS.overtimePactDetail);
      const scope = await scopeOf(session);
      return presentPact(await visiblePact(session, scope, id), scope, session, localDate(now));
    },

    async createPact(session: RequestSession, body: Input<typeof crearPactoBodySchema>, now: Date): Promise<Pacto> {
      requirePerfil(session, ...ACCESS.overtime);
      const scope = await scopeOf(session);
      const worker = await managedWorker(session, scope, body.usuarioId);
      if (worker.id === session.userId) throw new AppError('FORBIDDEN', OVERTIME_MESSAGES.ownPact);
      const maxSecondsPerDay = body.maxMinutosDia * 60;
      checkContractStart(body.desde, worker.inicioContrato);
      checkTerms(body.desde, body.hasta, maxSecondsPerDay);
      const compensation = compensationOf(body);
      const id = await db.transaction(async (tx) => {
        await repo.lockWorker(tx, session.companyId, worker.id);
        await refuseOverlap(tx, session.companyId, worker.id, body.desde, body.hasta);
        await refuseDecemberExtension(tx, session.companyId, body.desde, body.hasta);
        // Compensating with vacation days stops paying the months it covers: none of them may be closed.
        if (compensation.compensacion === 'feriado') await payrollPeriods.assertMonthsOpen(tx, session.companyId, monthsOfRange(body.desde, body.hasta));
        return repo.insertPact(tx, {
          companyId: session.companyId,
          userId: worker.id,
          desde: body.desde,
          hasta: body.hasta,
          maxSecondsPerDay,
          ...compensation,
          comentario: body.comentario ?? null,
          createdBy: session.userId,
          createdAt: now,
          updatedBy: session.userId,
          updatedAt: now,
        });
      });
      return presentPact((await repo.findPact(db, session.companyId, id))!, scope, session, localDate(now));
    },

    async updatePact(session: RequestSession, id: string, body: Input<typeof actualizarPactoBodySchema>, now: Date): Promise<Pacto> {
      requirePerfil(session, ...ACCESS.overtime);
      const scope = await scopeOf(session);
      const { pact, worker } = await editablePact(session, scope, id);
      const desde = body.desde ?? pact.desde;
      const hasta = body.hasta ?? pact.hasta;
      const maxSecondsPerDay = body.maxMinutosDia === undefined ? pact.maxSecondsPerDay : body.maxMinutosDia * 60;
      // A pact stored before this rule may already start earlier: only a new start is checked.
      if (body.desde !== undefined) checkContractStart(desde, worker.inicioContrato);
      checkTerms(desde, hasta, maxSecondsPerDay);
      const compensacion = body.compensacion ?? pact.compensacion;
      const compensation = compensationOf({
        compensacion,
        firmadoEl: body.firmadoEl === undefined ? pact.firmadoEl : body.firmadoEl,
        diasSemana: body.diasSemana === undefined ? pact.diasSemana : body.diasSemana,
        desde,
      });
      await db.transaction(async (tx) => {
        await repo.lockWorker(tx, session.companyId, pact.userId);
        await refuseOverlap(tx, session.companyId, pact.userId, desde, hasta, pact.id);
        await refuseDecemberExtension(tx, session.companyId, desde, hasta, pact);
        // A change to an agreement to compensate with vacation days changes the pay of the months the old and new
        // terms cover (a closed month never changes); a paid pact changing its dates changes no pay.
        if (pact.compensacion === 'feriado' || compensation.compensacion === 'feriado') {
          const months = new Set([...monthsOfRange(pact.desde, pact.hasta), ...monthsOfRange(desde, hasta)]);
          await payrollPeriods.assertMonthsOpen(tx, session.companyId, [...months]);
        }
        await repo.updatePact(tx, session.companyId, pact.id, {
          desde,
          hasta,
          maxSecondsPerDay,
          ...compensation,
          ...(body.comentario !== undefined ? { comentario: body.comentario } : {}),
          updatedBy: session.userId,
          updatedAt: now,
        });
      });
      return presentPact((await repo.findPact(db, session.companyId, pact.id))!, scope, session, localDate(now));
    },

    async deletePact(session: RequestSession, id: string): Promise<void> {
      requirePerfil(session, ...ACCESS.overtime);
      const scope = await scopeOf(session);
      const { pact } = await editablePact(session, scope, id);
      await db.transaction(async (tx) => {
        await repo.lockWorker(tx, session.companyId, pact.userId);
        if (pact.compensacion === 'feriado') await payrollPeriods.assertMonthsOpen(tx, session.companyId, monthsOfRange(pact.desde, pact.hasta));
        await repo.deletePact(tx, session.companyId, pact.id);
      });
    },

    /** Attaches (or replaces) the signed pact: a PDF, JPEG or PNG recognised by its content, at most 5 MB. */
    async putDocument(session: RequestSession, id: string, file: UploadedDocument, now: Date): Promise<Pacto> {
      requirePerfil(session, ...ACCESS.overtime);
      const scope = await scopeOf(session);
      const row = await editablePact(session, scope, id);
      const document = checkAttachment(file, DOCUMENTO_PACTO_MAX_BYTES, DOCUMENT_NAMES);
      await repo.upsertDocument(db, { ...document, companyId: session.companyId, pactId: row.pact.id, createdBy: session.userId, createdAt: now });
      return presentPact((await repo.findPact(db, session.companyId, row.pact.id))!, scope, session, localDate(now));
    },

    /** The signed pact, for the worker themselves and whoever manages them. */
    async getDocument(session: RequestSession, id: string): Promise<AttachmentFile> {
      requirePerfil(session, ...ACCESS.overtimePactDetail);
      const scope = await scopeOf(session);
      const row = await visiblePact(session, scope, id);
      const document = await repo.findDocument(db, session.companyId, row.pact.id);
      if (!document) throw notFound(OVERTIME_MESSAGES.documentNotFound);
      return { nombre: document.nombre, tipo: document.tipo, data: document.data };
    },
  };
}
