/**
 * The bell: what is pending for the session's person, read from the other modules' doors.
 * A leader or administrator: the permission requests waiting for their decision. Everyone: their
 * own requests answered in the last days and the mark corrections they may still object to or
 * accept (48 hours). What happened after the person last opened the bell is new.
 */
import {
  ACCESS,
  correccionesQuerySchema,
  NOTIFICACION_RESPUESTA_DIAS,
  NOTIFICACIONES_MAX_ITEMS,
  permisosQuerySchema,
  type Notificacion,
  type Notificaciones,
  type NotificacionesVistas,
} from '@jornada/contracts';
import type { Db } from '../../db/client';
import { requirePerfil } from '../../lib/access';
import type { RequestSession } from '../../plugins/types';
import type { CorrectionsService } from '../corrections/index';
import type { PermissionReads, PermissionsService } from '../permissions/index';
import * as repo from './notifications.repository';

const DAY_MS = 24 * 60 * 60 * 1000;

interface NotificationsDeps {
  db: Db;
  permissions: PermissionsService;
  /** The person's answered requests (modules/permissions' `app.permissionReads`). */
  permissionReads: Pick<PermissionReads, 'answeredRequests'>;
  corrections: CorrectionsService;
}

/** `2025-12-02` → `02-12-2025`. */
const clDate = (iso: string) => iso.split('-').reverse().join('-');

/** "del 02-12-2025 al 05-12-2025", "el 02-12-2025", with the hours of an hour permission. */
function span(p: { desde: string; hasta: string; horaInicio: string | null; horaFin: string | null }): string {
  const days = p.desde === p.hasta ? `el ${clDate(p.desde)}` : `del ${clDate(p.desde)} al ${clDate(p.hasta)}`;
  return p.horaInicio && p.horaFin ? `${days}, de ${p.horaInicio} a ${p.horaFin}` : days;
}

export function createNotificationsService({ db, permissions, permissionReads, corrections }: NotificationsDeps) {
  return {
    async list(session: RequestSession, now: Date): Promise<Notificaciones> {
      requirePerfil(session, ...ACCESS.notifications);
      const seen = await repo.seenAt(db, session.companyId, session.userId);
      const leads = session.perfil === 'administrador' || session.perfil === 'supervisor';
      const [approvals, answered, proposals] = await Promise.all([
        leads ? permissions.list(session, permisosQuerySchema.parse({ estado: 'pendiente', pageSize: NOTIFICACIONES_MAX_ITEMS })) : null,
        permissionReads.answeredRequests(db, session.companyId, session.userId, new Date(now.getTime() - NOTIFICACION_RESPUESTA_DIAS * DAY_MS), NOTIFICACIONES_MAX_ITEMS),
        corrections.list(session, correccionesQuerySchema.parse({ estado: 'pendiente', usuarioId: session.userId, pageSize: NOTIFICACIONES_MAX_ITEMS }), now),
      ]);
      const items: Omit<Notificacion, 'nueva'>[] = [];
      for (const p of approvals?.items ?? []) {
        if (!p.puedeDecidir) continue;
        items.push({
          id: `permiso_por_aprobar:${p.id}`,
          tipo: 'permiso_por_aprobar',
          referenciaId: p.id,
          titulo: `${p.usuario.nombre} ${p.usuario.apellidos} solicita ${p.tipo.nombre.toLowerCase()}`,
          detalle: `${p.tipo.codigo} ${span(p)}`,
          instante: p.creadoEn,
          plazo: null,
        });
      }
      for (const p of answered.items) {
        items.push({
          id: `permiso_${p.estado}:${p.id}`,
          tipo: p.estado === 'aprobado' ? 'permiso_aprobado' : 'permiso_rechazado',
          referenciaId: p.id,
          titulo: `Tu solicitud de ${p.tipo.nombre.toLowerCase()} fue ${p.estado === 'aprobado' ? 'aprobada' : 'rechazada'}`,
          detalle: `${p.tipo.codigo} ${span(p)}${p.comentarioDecision ? `: «${p.comentarioDecision}»` : ''}`,
          instante: p.decididoEn.toISOString(),
          plazo: null,
        });
      }
      const open = proposals.items.filter((c) => c.puedeObjetar || c.puedeAceptar);
      for (const c of open) {
        items.push({
          id: `correccion_por_revisar:${c.id}`,
          tipo: 'correccion_por_revisar',
          referenciaId: c.id,
          titulo: 'Corrección de marca por revisar',
          detalle: `${c.tipoEtiqueta} el ${clDate(c.fecha)} a las ${c.hora.slice(0, 5)}, propuesta por ${c.solicitadoPor.nombre}`,
          instante: c.creadaEn,
          plazo: c.plazo,
        });
      }
      items.sort((a, b) => (a.instante < b.instante ? 1 : a.instante > b.instante ? -1 : a.id.localeCompare(b.id)));
      const shown = items.slice(0, NOTIFICACIONES_MAX_ITEMS).map((item) => ({ ...item, nueva: seen === null || new Date(item.instante) > seen }));
      // Approvals beyond the first page still wait: `pendientes` counts them all (the leader's own requests excluded).
      const approvalsTotal = approvals?.pendientes ?? 0;
      return {
        items: shown,
        noVistas: shown.filter((item) => item.nueva).length,
        total: approvalsTotal + answered.total + open.length,
        vistoEn: seen?.toISOString() ?? null,
      };
    },

    async markSeen(session: RequestSession, now: Date): Promise<NotificacionesVistas> {
      requirePerfil(session, ...ACCESS.notifications);
      return { vistoEn: (await repo.markSeen(db, session.companyId, session.userId, now)).toISOString() };
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
