/**
 * New permissions: the checks and storage of one (type, dates, overlaps, balance — the year's days or the
 * compensatory rest owed —, closed months), assigned by a leader or requested by the worker, and the
 * e-mails they send.
 */
import {
  ACCESS,
  type asignarPermisoBodySchema,
  type EstadoPermiso,
  type Permiso,
  type solicitarPermisoBodySchema,
} from '@jornada/contracts';
import { DEFAULT_TIME_ZONE, permissionAmount, permissionsOverlap, validatePermission, type Permission } from '@jornada/domain';
import { fieldError, requirePerfil } from '../../lib/access';
import { decidesFor } from '../../lib/approvals';
import { AppError } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import type { RequestSession } from '../../plugins/types';
import { monthsOfRange } from '../payroll-periods/index';
import type { PermissionsContext } from './permissions.context';
import { compensatoryAllowance, grantedIn, isCompensatoryRest, owedCompensatoryRest, owedFor } from './permissions.compensatory-rest';
import { LEGAL_ARTICLE_BY_CODE } from './permissions.defaults';
import { isOvertimeRest, ledgerOf, noticeGiven, usesOf } from './permissions.overtime-rest';
import { chileanDate, outcomeMail, requestedMail } from './permissions.mail';
import * as repo from './permissions.repository';
import { allowanceOf, dashedDate, dayNumber, ESTADO_LABEL, formatAmount, MAX_SPAN_DAYS, TYPE_NOT_FOUND, WORKER_NOT_FOUND, type Input } from './permissions.rules';

export function createPermissionRequestUseCases(ctx: PermissionsContext) {
  const { db, deps, scopeOf, present, loadVisible, summary, sendLater, approversOf, sessionPerson } = ctx;

  /** Checks and stores a permission for a worker, one at a time per worker (overlaps and balance). */
  async function createPermission(
    session: RequestSession,
    worker: repo.WorkerRow,
    input: Input<typeof solicitarPermisoBodySchema>,
    origin: 'asignado' | 'solicitado',
    now: Date,
  ): Promise<{ id: string; estado: EstadoPermiso; type: repo.PermissionTypeRow; cantidad: number }> {
    if (!isUuid(input.tipoId)) throw fieldError('tipoId', TYPE_NOT_FOUND);
    const type = await repo.findType(db, session.companyId, input.tipoId);
    if (!type) throw fieldError('tipoId', TYPE_NOT_FOUND);
    if (!type.activo) throw fieldError('tipoId', `El tipo de permiso «${type.nombre}» está inactivo.`);
    if (origin === 'solicitado' && !type.solicitable) {
      throw fieldError('tipoId', `«${type.nombre}» no se puede solicitar: lo registra tu jefatura o la administración.`);
    }
    const hours = input.horaInicio && input.horaFin ? { start: input.horaInicio, end: input.horaFin } : null;
    if (type.unidad === 'horas' && !hours) throw fieldError('horaInicio', `«${type.nombre}» es por horas: indica la hora de inicio y la de término.`);
    if (type.unidad !== 'horas' && hours) throw fieldError('horaInicio', `«${type.nombre}» se registra por días, sin horario.`);
    if (input.desde < worker.inicioContrato) {
      throw fieldError('desde', `El permiso no puede comenzar antes del inicio del contrato (${dashedDate(worker.inicioContrato)}).`);
    }
    const permission: Permission = { type: type.codigo, paid: type.conGoce, from: input.desde, to: input.hasta, hours, unit: type.unidad };
    const problems = validatePermission(permission);
    if (problems.length > 0) throw fieldError(hours ? 'horaInicio' : 'hasta', problems[0]!);
    if (dayNumber(input.hasta) - dayNumber(input.desde) + 1 > MAX_SPAN_DAYS) {
      throw fieldError('hasta', 'Un permiso dura como máximo un año; registra uno más largo en partes.');
    }
    // Business days skip the law's holidays and the company's own (a day it added counts at once).
    const calendar = await deps.holidays.calendarOf(session.companyId, { from: input.desde, to: input.hasta });
    const { amount } = permissionAmount(permission, { holidays: calendar.lookup(worker.region), zone: worker.timeZone ?? DEFAULT_TIME_ZONE });
    if (!(amount > 0)) {
      throw fieldError('hasta', type.unidad === 'dias_habiles' ? 'El permiso no incluye días hábiles: sábados, domingos y feriados no se cuentan.' : 'El permiso no tiene duración.');
    }
    // Permissions granted per event (death, birth, marriage) take at most the type's days at once,
    // whoever registers them; the law's article is quoted for the legal defaults.
    if (type.diasPorEvento !== null && amount > type.diasPorEvento + 1e-9) {
      const article = LEGAL_ARTICLE_BY_CODE[type.codigo];
      throw fieldError('hasta', `Como máximo ${formatAmount(type.diasPorEvento, type.unidad)} por evento${article ? ` (${article})` : ''}.`);
    }
    // The compensatory rest of art. 38 is owed to excepted workers only, one day per Sunday or holiday
    // worked: the engine counts them before the transaction (it may evaluate days first).
    const compensatoryRest = isCompensatoryRest(type);
    if (compensatoryRest && !owedCompensatoryRest(worker)) {
      throw fieldError('tipoId', `«${type.nombre}» es solo para quien está exceptuado del descanso dominical (art. 38): ${worker.nombre} ${worker.apellidos} no lo está.`);
    }
    const year = Number(input.desde.slice(0, 4));
    const owed = compensatoryRest ? (await owedFor(deps.owedCompensatoryRest, session.companyId, [worker], year, now)).get(worker.id) : undefined;
    // The vacation days that compensate overtime (art. 32 inc. 4): only under a «feriado» pact, asked by the
    // worker with 48 hours' notice, within the rest earned and usable on the first day (checked under the lock).
    const overtimeRest = isOvertimeRest(type);
    const restSource = overtimeRest ? (await deps.overtimeRestSource(session.companyId, [worker.id], now)).get(worker.id) : undefined;
    if (overtimeRest && !restSource) {
      throw fieldError('tipoId', `«${type.nombre}» es para quien tiene un pacto de horas extra compensadas con días de feriado (art. 32): ${worker.nombre} ${worker.apellidos} no lo tiene.`);
    }
    if (overtimeRest && origin === 'solicitado' && !noticeGiven(input.desde, worker.timeZone ?? DEFAULT_TIME_ZONE, now)) {
      throw fieldError('desde', `«${type.nombre}» se avisa con 48 horas de anticipación (art. 32): el primer día debe comenzar al menos 48 horas después de ahora.`);
    }
    const estado: EstadoPermiso = origin === 'asignado' || !type.requiereAprobacion ? 'aprobado' : 'pendiente';
    const id = await db.transaction(async (tx) => {
      // A permission changes the pay of the months it touches: refused when one is closed.
      await deps.payrollPeriods.assertMonthsOpen(tx, session.companyId, monthsOfRange(input.desde, input.hasta));
      await repo.lockWorker(tx, session.companyId, worker.id);
      const near = await repo.livePermissionsNear(tx, session.companyId, worker.id, input.desde, input.hasta);
      const clash = near.find(({ permission: other }) =>
        permissionsOverlap(permission, {
          type: other.typeId,
          paid: true,
          from: other.desde,
          to: other.hasta,
          hours: other.horaInicio && other.horaFin ? { start: other.horaInicio, end: other.horaFin } : null,
        }),
      );
      if (clash) {
        const other = clash.permission;
        const when = other.desde === other.hasta ? `el ${chileanDate(other.desde)}` : `del ${chileanDate(other.desde)} al ${chileanDate(other.hasta)}`;
        const hoursText = other.horaInicio && other.horaFin ? ` de ${other.horaInicio} a ${other.horaFin}` : '';
        const message = `Se superpone con ${clash.tipoNombre} ${when}${hoursText} (${ESTADO_LABEL[other.estado]}).`;
        throw new AppError('CONFLICT', message, { desde: message });
      }
      if (restSource) {
        const uses = (await usesOf(tx, session.companyId, type.id, new Map([[worker.id, restSource]]))).get(worker.id) ?? [];
        const before = ledgerOf(restSource, uses, now);
        const after = ledgerOf(restSource, [...uses, { date: input.desde, restSeconds: amount * restSource.businessDaySeconds }], now);
        if (after.uncoveredUseSeconds > before.uncoveredUseSeconds + 1e-6) {
          const usable = Math.max(0, amount - (after.uncoveredUseSeconds - before.uncoveredUseSeconds) / restSource.businessDaySeconds);
          throw fieldError(
            'hasta',
            `El permiso excede el saldo: pide ${formatAmount(amount, type.unidad)} y el ${chileanDate(input.desde)} ${usable === 1 ? 'queda' : 'quedan'} ${formatAmount(usable, type.unidad)} de descanso por horas extra (lo ganado en un mes se usa desde el mes siguiente y durante 6 meses).`,
          );
        }
      }
      if (type.diasAnuales !== null || compensatoryRest) {
        const [sums] = await repo.amountsByWorkerAndType(tx, session.companyId, [worker.id], [type.id], `${year}-01-01`, `${year}-12-31`);
        const allowance = compensatoryRest
          ? compensatoryAllowance(owed, year, (await grantedIn(tx, session.companyId, type.id, [worker.id], year - 1)).get(worker.id) ?? 0)
          : allowanceOf(type, worker, year);
        const available = allowance.base + allowance.progressive - (sums?.usados ?? 0) - (sums?.pendientes ?? 0);
        if (amount > available + 1e-9) {
          throw fieldError(
            'hasta',
            `El permiso excede el saldo: pide ${formatAmount(amount, type.unidad)} y ${Math.max(0, available) === 1 ? 'queda' : 'quedan'} ${formatAmount(Math.max(0, available), type.unidad)} de ${type.nombre} en ${year}.`,
          );
        }
      }
      return repo.insertPermission(tx, {
        companyId: session.companyId,
        userId: worker.id,
        typeId: type.id,
        desde: input.desde,
        hasta: input.hasta,
        horaInicio: hours?.start ?? null,
        horaFin: hours?.end ?? null,
        cantidad: amount,
        estado,
        origen: origin,
        comentario: input.comentario ?? null,
        createdBy: session.userId,
        createdAt: now,
        decidedBy: estado === 'aprobado' ? session.userId : null,
        decidedAt: estado === 'aprobado' ? now : null,
        decisionComment: null,
        updatedAt: now,
      });
    });
    return { id, estado, type, cantidad: amount };
  }

  return {
    /** An administrador or the worker's leader assigns a permission: approved at once, the worker is told. */
    async assign(session: RequestSession, input: Input<typeof asignarPermisoBodySchema>, now: Date): Promise<Permiso> {
      requirePerfil(session, ...ACCESS.permissions);
      if (!isUuid(input.usuarioId)) throw fieldError('usuarioId', WORKER_NOT_FOUND);
      const worker = await repo.findWorker(db, session.companyId, input.usuarioId);
      if (!worker) throw fieldError('usuarioId', WORKER_NOT_FOUND);
      const scope = await scopeOf(session);
      if (worker.id === session.userId && session.perfil !== 'administrador') {
        throw new AppError('FORBIDDEN', 'No puedes asignarte un permiso a ti mismo: solicítalo desde «Mis permisos».');
      }
      if (!decidesFor(scope, worker.groupId)) throw new AppError('FORBIDDEN', 'Solo puedes asignar permisos a los trabajadores de los grupos que lideras.');
      if (worker.perfil === 'fiscalizador') throw fieldError('usuarioId', 'Un fiscalizador no es trabajador de la empresa y no tiene permisos.');
      if (!worker.active) throw fieldError('usuarioId', `${worker.nombre} ${worker.apellidos} está desactivado.`);
      const created = await createPermission(session, worker, input, 'asignado', now);
      const { row } = await loadVisible(session, created.id);
      const actor = await sessionPerson(session);
      if (worker.id !== session.userId) {
        sendLater(
          [
            outcomeMail({
              to: worker.emailPersonal ?? worker.email,
              worker: worker.nombre,
              actor: `${actor.nombre} ${actor.apellidos}`,
              outcome: 'asignado',
              permission: summary(row.permission, row.type),
              comentario: row.permission.comentario,
              link: `${deps.publicUrl}/dashboard/permisos/mios`,
            }),
          ],
          'permiso asignado',
        );
      }
      return present(row, session, scope);
    },

    /** A worker requests a permission for themselves; their leader (or the administrators) are told. */
    async request(session: RequestSession, input: Input<typeof solicitarPermisoBodySchema>, now: Date): Promise<Permiso> {
      requirePerfil(session, ...ACCESS.myPermissions);
      const worker = await sessionPerson(session);
      const created = await createPermission(session, worker, input, 'solicitado', now);
      const { row, scope } = await loadVisible(session, created.id);
      if (created.estado === 'pendiente') {
        const approvers = await approversOf(session.companyId, worker);
        sendLater(
          approvers.map((leader) =>
            requestedMail({
              to: leader.email,
              leader: leader.nombre,
              worker: `${worker.nombre} ${worker.apellidos}`,
              permission: summary(row.permission, row.type),
              comentario: row.permission.comentario,
              link: `${deps.publicUrl}/dashboard/permisos?estado=pendiente`,
            }),
          ),
          'solicitud de permiso',
        );
      }
      return present(row, session, scope);
    },
  };
}
