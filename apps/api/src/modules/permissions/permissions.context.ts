/** What the permission use cases share: the session's scope, loading and presenting a permission, the people involved and the e-mails to them. */
import type { Permiso, UnidadPermiso } from '@jornada/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { notFound, requireId } from '../../lib/access';
import { approvalScope, decidesFor, requestWorker, type ApprovalScope } from '../../lib/approvals';
import type { BackgroundTasks } from '../../lib/background';
import type { Mailer, MailMessage } from '../../lib/mailer';
import type { RequestSession } from '../../plugins/types';
import type { LedGroupsPort } from '../groups/index';
import type { CompanyHolidaysPort } from '../holidays/index';
import type { PayrollPeriodsPort } from '../payroll-periods/index';
import type { OwedCompensatoryRest } from './permissions.compensatory-rest';
import type { OvertimeRestSource } from './permissions.overtime-rest';
import { outcomeMail, type PermissionSummary } from './permissions.mail';
import * as repo from './permissions.repository';
import { formatAmount, PERMISSION_NOT_FOUND, WORKER_NOT_FOUND } from './permissions.rules';

export interface PermissionsDeps {
  db: Db;
  mailer: Mailer;
  background: BackgroundTasks;
  publicUrl: string;
  log: FastifyBaseLogger;
  /** A supervisor's groups (modules/groups' `app.ledGroups`). */
  ledGroups: LedGroupsPort;
  /** The check of closed payroll months (modules/payroll-periods' `app.payrollPeriods`). */
  payrollPeriods: PayrollPeriodsPort;
  /** Each company's holidays, its own days included (modules/holidays' `app.companyHolidays`): business days of a vacation. */
  holidays: CompanyHolidaysPort;
  /** The compensatory rest of art. 38 the engine finds owed (modules/attendance's, given after it registers): its balance. */
  owedCompensatoryRest: OwedCompensatoryRest;
  /** The overtime compensated with vacation days (modules/overtime's, given after it registers): the F.H.E. balance. */
  overtimeRestSource: OvertimeRestSource;
}

export function createPermissionsContext(deps: PermissionsDeps) {
  const { db, ledGroups } = deps;

  /** What the session may manage: administrador everything, supervisor the members of the groups they lead. */
  const scopeOf = (session: RequestSession): Promise<ApprovalScope> => approvalScope(session, () => ledGroups.ledGroupIds(session.companyId, session.userId));

  function present(row: repo.PermissionDetailRow, session: RequestSession, scope: ApprovalScope): Permiso {
    const { permission: p } = row;
    const own = p.userId === session.userId;
    const manager = decidesFor(scope, row.worker.groupId);
    return {
      id: p.id,
      usuario: requestWorker(row.worker, row.groupNombre),
      tipo: row.type,
      desde: p.desde,
      hasta: p.hasta,
      horaInicio: p.horaInicio,
      horaFin: p.horaFin,
      cantidad: p.cantidad,
      estado: p.estado,
      origen: p.origen,
      comentario: p.comentario,
      creadoPor: row.creator?.id ? { id: row.creator.id, nombre: row.creator.nombre, apellidos: row.creator.apellidos } : null,
      creadoEn: p.createdAt.toISOString(),
      decididoPor: row.decider?.id ? { id: row.decider.id, nombre: row.decider.nombre, apellidos: row.decider.apellidos } : null,
      decididoEn: p.decidedAt?.toISOString() ?? null,
      comentarioDecision: p.decisionComment,
      adjunto: row.attachment?.nombre ? { nombre: row.attachment.nombre, tipo: row.attachment.tipo, tamano: row.attachment.tamano } : null,
      puedeDecidir: p.estado === 'pendiente' && !own && manager,
      puedeAnular: (own && p.estado === 'pendiente') || (!own && manager && (p.estado === 'pendiente' || p.estado === 'aprobado')),
    };
  }

  /** A permission the session may see (their own, or one of a worker they manage); anything else reads as missing. */
  async function loadVisible(session: RequestSession, id: string) {
    requireId(id, PERMISSION_NOT_FOUND);
    const row = await repo.findPermission(db, session.companyId, id);
    if (!row) throw notFound(PERMISSION_NOT_FOUND);
    const scope = await scopeOf(session);
    if (row.permission.userId !== session.userId && !decidesFor(scope, row.worker.groupId)) throw notFound(PERMISSION_NOT_FOUND);
    return { row, scope };
  }

  function summary(row: { desde: string; hasta: string; horaInicio: string | null; horaFin: string | null; cantidad: number }, type: { nombre: string; codigo: string; unidad: UnidadPermiso }): PermissionSummary {
    return {
      tipo: type.nombre,
      codigo: type.codigo,
      desde: row.desde,
      hasta: row.hasta,
      horaInicio: row.horaInicio,
      horaFin: row.horaFin,
      cantidad: formatAmount(row.cantidad, type.unidad),
    };
  }

  function sendLater(messages: MailMessage[], what: string): void {
    for (const message of messages) {
      deps.background.run(
        () => deps.mailer.send(message),
        (error) => deps.log.error({ err: error }, `no se pudo enviar el aviso de ${what}`),
      );
    }
  }

  /** Who approves a worker's requests: their group's leaders, else the administrators; never the worker. */
  async function approversOf(companyId: string, worker: repo.WorkerRow): Promise<repo.Recipient[]> {
    const leaders = worker.groupId ? (await repo.leadersOfGroup(db, companyId, worker.groupId)).filter((person) => person.id !== worker.id) : [];
    const chosen = leaders.length > 0 ? leaders : await repo.activeAdministrators(db, companyId);
    return chosen.filter((person) => person.id !== worker.id);
  }

  async function sessionPerson(session: RequestSession): Promise<repo.WorkerRow> {
    const me = await repo.findWorker(db, session.companyId, session.userId);
    if (!me) throw notFound(WORKER_NOT_FOUND);
    return me;
  }

  async function tellWorker(session: RequestSession, row: repo.PermissionDetailRow, outcome: 'aprobado' | 'rechazado' | 'anulado'): Promise<void> {
    const worker = await repo.findWorker(db, session.companyId, row.permission.userId);
    const actor = await sessionPerson(session);
    if (!worker) return;
    sendLater(
      [
        outcomeMail({
          to: worker.emailPersonal ?? worker.email,
          worker: worker.nombre,
          actor: `${actor.nombre} ${actor.apellidos}`,
          outcome,
          permission: summary(row.permission, row.type),
          comentario: row.permission.decisionComment,
          link: `${deps.publicUrl}/dashboard/permisos/mios`,
        }),
      ],
      `permiso ${outcome}`,
    );
  }

  return { db, deps, scopeOf, present, loadVisible, summary, sendLater, approversOf, sessionPerson, tellWorker };
}

export type PermissionsContext = ReturnType<typeof createPermissionsContext>;
