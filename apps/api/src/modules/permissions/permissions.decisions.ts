/** Decisions on a permission: approval or rejection by the worker's leader or an administrador, annulment, and the worker's notice. */
import { ACCESS, type decidirPermisoBodySchema, type EstadoPermiso, type Permiso, type rechazarPermisoBodySchema } from '@jornada/contracts';
import { notFound, requirePerfil } from '../../lib/access';
import { decidesFor } from '../../lib/approvals';
import { AppError } from '../../lib/errors';
import type { RequestSession } from '../../plugins/types';
import { monthsOfRange } from '../payroll-periods/index';
import type { PermissionsContext } from './permissions.context';
import * as repo from './permissions.repository';
import { ESTADO_LABEL, PERMISSION_NOT_FOUND, type Input } from './permissions.rules';

export function createPermissionDecisionUseCases(ctx: PermissionsContext) {
  const { db, deps, present, loadVisible, tellWorker } = ctx;

  /** Approves or rejects a pending permission: the worker's leader or an administrador, never the worker. */
  async function decide(session: RequestSession, id: string, estado: 'aprobado' | 'rechazado', comentario: string | null, now: Date): Promise<Permiso> {
    requirePerfil(session, ...ACCESS.permissionDetail);
    const { row, scope } = await loadVisible(session, id);
    if (row.permission.userId === session.userId) {
      throw new AppError('FORBIDDEN', estado === 'aprobado' ? 'No puedes aprobar tu propio permiso.' : 'No puedes rechazar tu propio permiso.');
    }
    if (!decidesFor(scope, row.worker.groupId)) throw notFound(PERMISSION_NOT_FOUND);
    if (row.permission.estado !== 'pendiente') {
      throw new AppError('CONFLICT', `El permiso ya está ${ESTADO_LABEL[row.permission.estado]}.`);
    }
    await db.transaction(async (tx) => {
      // Approving changes the pay of the permission's months: refused when one is closed.
      if (estado === 'aprobado') await deps.payrollPeriods.assertMonthsOpen(tx, session.companyId, monthsOfRange(row.permission.desde, row.permission.hasta));
      if (!(await repo.decidePermission(tx, session.companyId, id, ['pendiente'], { estado, decidedBy: session.userId, decidedAt: now, decisionComment: comentario }))) {
        throw new AppError('CONFLICT', 'Otra persona decidió este permiso mientras tanto. Recarga la lista.');
      }
    });
    const { row: after } = await loadVisible(session, id);
    await tellWorker(session, after, estado);
    return present(after, session, scope);
  }

  return {
    async approve(session: RequestSession, id: string, input: Input<typeof decidirPermisoBodySchema>, now: Date): Promise<Permiso> {
      return decide(session, id, 'aprobado', input.comentario ?? null, now);
    },

    async reject(session: RequestSession, id: string, input: Input<typeof rechazarPermisoBodySchema>, now: Date): Promise<Permiso> {
      return decide(session, id, 'rechazado', input.comentario, now);
    },

    /** The worker withdraws their pending request; an administrador or leader annuls a pending or approved permission. */
    async annul(session: RequestSession, id: string, input: Input<typeof decidirPermisoBodySchema>, now: Date): Promise<Permiso> {
      requirePerfil(session, ...ACCESS.permissionDetail);
      const { row, scope } = await loadVisible(session, id);
      const own = row.permission.userId === session.userId;
      const from: EstadoPermiso[] = own ? ['pendiente'] : ['pendiente', 'aprobado'];
      if (!from.includes(row.permission.estado)) {
        throw new AppError(
          'CONFLICT',
          own && row.permission.estado === 'aprobado'
            ? 'Tu permiso ya fue aprobado: pide a tu jefatura que lo anule.'
            : `El permiso está ${ESTADO_LABEL[row.permission.estado]} y no se puede anular.`,
        );
      }
      if (!own && !decidesFor(scope, row.worker.groupId)) throw notFound(PERMISSION_NOT_FOUND);
      await db.transaction(async (tx) => {
        // Annulling an approved permission changes the pay of its months: refused when one is closed.
        if (row.permission.estado === 'aprobado') await deps.payrollPeriods.assertMonthsOpen(tx, session.companyId, monthsOfRange(row.permission.desde, row.permission.hasta));
        if (!(await repo.decidePermission(tx, session.companyId, id, from, { estado: 'anulado', decidedBy: session.userId, decidedAt: now, decisionComment: input.comentario ?? null }))) {
          throw new AppError('CONFLICT', 'El permiso cambió mientras lo anulabas. Recarga e inténtalo de nuevo.');
        }
      });
      const { row: after } = await loadVisible(session, id);
      if (!own) await tellWorker(session, after, 'anulado');
      return present(after, session, scope);
    },
  };
}
