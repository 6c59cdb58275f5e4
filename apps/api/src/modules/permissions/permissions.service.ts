/**
 * The permissions service: the reads other modules take (approved permissions, pending requests), the
 * lists and detail of permissions and their attachments; types, new permissions, decisions and balances
 * are use-case families of their own files, put together here.
 */
import {
  ACCESS,
  ADJUNTO_PERMISO_MAX_BYTES,
  type misPermisosQuerySchema,
  type Permiso,
  type PermisosPage,
  type permisosQuerySchema,
} from '@jornada/contracts';
import type { Permission } from '@jornada/domain';
import type { DbOrTx } from '../../db/client';
import { notFound, requirePerfil } from '../../lib/access';
import { checkAttachment, type AttachmentFile } from '../../lib/attachments';
import { AppError } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import type { UploadedDocument } from '../../lib/uploaded-document';
import type { RequestSession } from '../../plugins/types';
import { createPermissionBalanceUseCases } from './permissions.balances';
import { createPermissionTypesUseCases } from './permissions.catalog';
import { createPermissionsContext, type PermissionsDeps } from './permissions.context';
import { createPermissionDecisionUseCases } from './permissions.decisions';
import * as repo from './permissions.repository';
import { createPermissionRequestUseCases } from './permissions.requests';
import { ESTADO_LABEL, NOTHING, type Input } from './permissions.rules';

/** The name a document sent without one is stored under, by its kind. */
const ATTACHMENT_NAMES = { 'application/pdf': 'documento.pdf', 'image/png': 'imagen.png', 'image/jpeg': 'imagen.jpg' } as const;

/**
 * The approved permissions of some workers that touch [from, to], in the shape the attendance engine
 * reads (packages/domain `Permission`), by worker id. No session: the caller has already scoped the
 * company and the workers.
 */
export async function approvedPermissions(db: DbOrTx, companyId: string, userIds: string[], from: string, to: string): Promise<Map<string, Permission[]>> {
  return permissionsByWorker(await repo.permissionsInRange(db, companyId, userIds, from, to));
}

/**
 * The permissions some workers asked for and that wait for a decision, touching [from, to], in the same shape:
 * the days off they asked for, which the automatic roster prefers to leave free.
 */
export async function pendingPermissions(db: DbOrTx, companyId: string, userIds: string[], from: string, to: string): Promise<Map<string, Permission[]>> {
  return permissionsByWorker(await repo.permissionsInRange(db, companyId, userIds, from, to, 'pendiente'));
}

function permissionsByWorker(rows: Awaited<ReturnType<typeof repo.permissionsInRange>>): Map<string, Permission[]> {
  const result = new Map<string, Permission[]>();
  for (const row of rows) {
    const permission: Permission = {
      id: row.id,
      type: row.codigo,
      paid: row.conGoce,
      from: row.desde,
      to: row.hasta,
      hours: row.horaInicio && row.horaFin ? { start: row.horaInicio, end: row.horaFin } : null,
      unit: row.unidad,
    };
    const list = result.get(row.userId);
    if (list) list.push(permission);
    else result.set(row.userId, [permission]);
  }
  return result;
}

/** Permissions waiting for a decision that touch [from, to], for payroll before closing a month. No session: the caller scoped the company. */
export function pendingPermissionRequests(db: DbOrTx, companyId: string, from: string, to: string): Promise<number> {
  return repo.countPendingTouching(db, companyId, from, to);
}

export function createPermissionsService(deps: PermissionsDeps) {
  const ctx = createPermissionsContext(deps);
  const { db, scopeOf, present, loadVisible } = ctx;

  return {
    /**
     * For other modules (the attendance evaluation): the approved permissions of some workers that
     * touch [from, to], in the engine's `Permission` shape, by worker id. No session: the caller has
     * already scoped the company and the workers.
     */
    approvedPermissions: (companyId: string, userIds: string[], from: string, to: string) => approvedPermissions(db, companyId, userIds, from, to),

    ...createPermissionTypesUseCases(db),

    // ---- Permissions -------------------------------------------------------------------------------

    /** The permissions of the workers the session manages, with the count of those waiting for them. */
    async list(session: RequestSession, query: Input<typeof permisosQuerySchema>): Promise<PermisosPage> {
      requirePerfil(session, ...ACCESS.permissions);
      const scope = await scopeOf(session);
      const uuidOrNothing = (value: string | undefined) => (value === undefined ? undefined : isUuid(value) ? value : NOTHING);
      const { rows, total } = await repo.listPermissions(
        db,
        session.companyId,
        {
          userId: uuidOrNothing(query.usuarioId),
          groupId: uuidOrNothing(query.grupoId),
          typeId: uuidOrNothing(query.tipoId),
          estado: query.estado,
          from: query.desde,
          to: query.hasta,
        },
        scope,
        { limit: query.pageSize, offset: (query.page - 1) * query.pageSize },
      );
      const pendientes = await repo.countPending(db, session.companyId, scope, session.userId);
      return { items: rows.map((row) => present(row, session, scope)), total, page: query.page, pageSize: query.pageSize, pendientes };
    },

    /** The session's own permissions. */
    async mine(session: RequestSession, query: Input<typeof misPermisosQuerySchema>): Promise<PermisosPage> {
      requirePerfil(session, ...ACCESS.myPermissions);
      const scope = await scopeOf(session);
      const { rows, total } = await repo.listPermissions(
        db,
        session.companyId,
        { userId: session.userId, estado: query.estado, from: query.desde, to: query.hasta },
        { all: true, groupIds: [] },
        { limit: query.pageSize, offset: (query.page - 1) * query.pageSize },
      );
      return { items: rows.map((row) => present(row, session, scope)), total, page: query.page, pageSize: query.pageSize, pendientes: 0 };
    },

    async get(session: RequestSession, id: string): Promise<Permiso> {
      requirePerfil(session, ...ACCESS.permissionDetail);
      const { row, scope } = await loadVisible(session, id);
      return present(row, session, scope);
    },

    ...createPermissionRequestUseCases(ctx),
    ...createPermissionDecisionUseCases(ctx),
    ...createPermissionBalanceUseCases(ctx),

    // ---- Attachments ---------------------------------------------------------------------------------

    /** Attaches (or replaces) a permission's document: the worker on their own, or whoever manages them. */
    async putAttachment(session: RequestSession, id: string, file: UploadedDocument, now: Date): Promise<Permiso> {
      requirePerfil(session, ...ACCESS.permissionDetail);
      const { row, scope } = await loadVisible(session, id);
      if (row.permission.estado === 'rechazado' || row.permission.estado === 'anulado') {
        throw new AppError('CONFLICT', `El permiso está ${ESTADO_LABEL[row.permission.estado]}: no admite adjuntos.`);
      }
      const attachment = checkAttachment(file, ADJUNTO_PERMISO_MAX_BYTES, ATTACHMENT_NAMES);
      await repo.upsertAttachment(db, { ...attachment, companyId: session.companyId, permissionId: id, createdBy: session.userId, createdAt: now });
      const { row: after } = await loadVisible(session, id);
      return present(after, session, scope);
    },

    async getAttachment(session: RequestSession, id: string): Promise<AttachmentFile> {
      requirePerfil(session, ...ACCESS.permissionDetail);
      await loadVisible(session, id);
      const attachment = await repo.findAttachment(db, session.companyId, id);
      if (!attachment) throw notFound('El permiso no tiene un documento adjunto.');
      return { nombre: attachment.nombre, tipo: attachment.tipo, data: attachment.data };
    },
  };
}

export type PermissionsService = ReturnType<typeof createPermissionsService>;
