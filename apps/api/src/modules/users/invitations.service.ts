import { ACCESS, INVITACIONES_POR_DIA, INVITATION_TTL_MS, type EnvioInvitaciones, type EstadoInvitaciones } from '@jornada/contracts';
import { formatRut } from '@jornada/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../db/client';
import { runAsCompany, runAsSystem } from '../../db/tenant-context';
import { requirePerfil } from '../../lib/access';
import type { BackgroundTasks } from '../../lib/background';
import { addMs, localDate } from '../../lib/clock';
import { AppError, MESSAGES } from '../../lib/errors';
import type { Mailer } from '../../lib/mailer';
import { hashToken, newToken } from '../../lib/tokens';
import type { RequestSession } from '../../plugins/types';
import type { CompaniesService } from '../companies/index';
import { invitationMail } from './invitation-mail';
import * as repo from './invitations.repository';
import { findUser, insertPasswordResets } from './users.repository';

/** How often each process looks for invitations it may send (a new Chilean day, a confirmation missed). */
export const INVITATIONS_RELEASE_EVERY_MS = 15 * 60_000;

/** The users just created, whose invitations were queued in the transaction that created them. */
export interface QueuedInvitations {
  companyId: string;
  userIds: string[];
}

/** An invitation allowed out: its reset link exists (committed); the e-mail goes after. */
interface Released {
  userId: string;
  token: string;
}

/** Why invitations wait: the day's maximum, or the company's e-mail not confirmed (or missing). */
type WaitReason = 'limite' | 'sin_confirmar' | 'sin_correo';

interface Release {
  released: Released[];
  reason: WaitReason | null;
  email: string | null;
  /** The company's invitations still waiting after this release. */
  waiting: number;
}

const count = (n: number) => n.toLocaleString('es-CL');

/** What the answer tells about the invitations of the users just created (`enviadas` + `pendientes` of them). */
function invitationsMessage(input: { enviadas: number; pendientes: number; reason: WaitReason | null; email: string | null; waiting: number }): string {
  const { enviadas, pendientes } = input;
  if (pendientes === 0) return enviadas === 1 ? 'Se envió la invitación para crear la contraseña.' : `Se enviaron las ${count(enviadas)} invitaciones para crear la contraseña.`;
  const they = pendientes === 1 ? 'La invitación se enviará' : `Las ${count(pendientes)} invitaciones se enviarán`;
  if (input.reason === 'sin_correo') return `${they} cuando agregues el correo de la empresa en Configuración y lo confirmes con el enlace que le enviaremos.`;
  if (input.reason === 'sin_confirmar') return `${they} cuando se confirme el correo de la empresa (${input.email}) con el enlace que le enviamos.`;
  // More waiting than one day's maximum: some of these go out after tomorrow.
  const when = input.waiting > INVITACIONES_POR_DIA ? `a partir de mañana, hasta ${count(INVITACIONES_POR_DIA)} por día` : 'mañana';
  const max = `el máximo es de ${count(INVITACIONES_POR_DIA)} invitaciones por día por empresa`;
  if (enviadas === 0) return `${they} ${when}: hoy ya se alcanzó el máximo de ${count(INVITACIONES_POR_DIA)} invitaciones por día por empresa.`;
  const sent = enviadas === 1 ? 'Se envió 1 invitación' : `Se enviaron ${count(enviadas)} invitaciones`;
  const rest = pendientes === 1 ? 'la otra se enviará' : `las otras ${count(pendientes)} se enviarán`;
  return `${sent}; ${rest} ${when}: ${max}.`;
}

interface InvitationsDeps {
  db: Db;
  companies: CompaniesService;
  mailer: Mailer;
  background: BackgroundTasks;
  publicUrl: string;
  log: FastifyBaseLogger;
}

/**
 * The invitation e-mails of users created without a password. They are a way to write to addresses a
 * company chose, so they go out only while (1) the company's e-mail is confirmed (modules/companies,
 * company-email.ts) and (2) the company has sent fewer than INVITACIONES_POR_DIA on the Chilean day;
 * the rest wait in `user_invitations`, oldest first. Each release locks the company row, so processes
 * and requests releasing at once never pass the maximum together.
 */
export function createInvitations(deps: InvitationsDeps) {
  const { db } = deps;

  /** Inside the transaction that creates the users: their invitations, waiting. */
  async function queue(tx: DbOrTx, companyId: string, userIds: string[], now: Date): Promise<QueuedInvitations> {
    await repo.insertInvitations(
      tx,
      userIds.map((userId) => ({ companyId, userId, createdAt: now })),
    );
    return { companyId, userIds };
  }

  /** Sends what the day's quota allows, oldest first: a reset link (72 hours) for each, committed here. */
  function release(companyId: string, now: Date): Promise<Release> {
    return db.transaction(async (tx) => {
      const company = await deps.companies.findByIdForUpdate(tx, companyId);
      if (!company) return { released: [], reason: null, email: null, waiting: 0 };
      await repo.dropStaleInvitations(tx, companyId);
      if (!company.emailConfirmedAt) {
        return { released: [], reason: company.email ? 'sin_confirmar' : 'sin_correo', email: company.email, waiting: await repo.countPending(tx, companyId) };
      }
      const today = localDate(now);
      const quota = Math.max(0, INVITACIONES_POR_DIA - (await repo.countSentOn(tx, companyId, today)));
      const due = quota > 0 ? await repo.pendingInvitations(tx, companyId, quota) : [];
      const released = due.map((invitation) => ({ userId: invitation.userId, token: newToken() }));
      await insertPasswordResets(
        tx,
        released.map((invitation) => ({
          tokenHash: hashToken(invitation.token),
          companyId,
          userId: invitation.userId,
          createdAt: now,
          expiresAt: addMs(now, INVITATION_TTL_MS),
        })),
      );
      await repo.markSent(
        tx,
        companyId,
        due.map((invitation) => invitation.id),
        now,
        today,
      );
      const waiting = await repo.countPending(tx, companyId);
      return { released, reason: waiting > 0 ? 'limite' : null, email: company.email, waiting };
    });
  }

  /** E-mails released invitations one by one; a failed one is logged and the rest still go. */
  async function deliver(companyId: string, released: Released[]): Promise<void> {
    if (released.length === 0) return;
    const company = await deps.companies.findById(companyId);
    for (const invitation of released) {
      const row = await findUser(db, companyId, invitation.userId);
      if (!row) continue;
      await deps.mailer
        .send(
          invitationMail({
            to: row.user.email,
            nombre: `${row.user.nombre} ${row.user.apellidos}`,
            razonSocial: company?.razonSocial ?? '',
            rut: formatRut(row.user.rut) ?? row.user.rut,
            link: `${deps.publicUrl}/reset-password/${invitation.token}`,
          }),
        )
        .catch((error: unknown) => deps.log.error({ err: error, userId: invitation.userId }, 'no se pudo enviar la invitación'));
    }
  }

  /** Releases and e-mails in the background: the answer never waits for SMTP. */
  async function releaseInBackground(companyId: string, now: Date): Promise<Release> {
    const outcome = await release(companyId, now);
    deps.background.run(
      () => deliver(companyId, outcome.released),
      (error) => deps.log.error({ err: error }, 'no se pudieron enviar las invitaciones'),
    );
    return outcome;
  }

  return {
    queue,

    /**
     * After the users' transaction committed: sends what may go now (this company's older waiting
     * invitations first) and says what happened to these users' ones. Should the release fail, they
     * wait for the periodic one (`releaseDue`).
     */
    async dispatch(queued: QueuedInvitations, now: Date): Promise<EnvioInvitaciones> {
      if (queued.userIds.length === 0) return { enviadas: 0, pendientes: 0, mensaje: '' };
      let outcome: Release;
      try {
        outcome = await releaseInBackground(queued.companyId, now);
      } catch (error) {
        deps.log.error({ err: error, companyId: queued.companyId }, 'no se pudieron liberar las invitaciones; quedan pendientes');
        const pendientes = queued.userIds.length;
        const they = pendientes === 1 ? 'La invitación quedó pendiente y se enviará' : `Las ${count(pendientes)} invitaciones quedaron pendientes y se enviarán`;
        return { enviadas: 0, pendientes, mensaje: `${they} en los próximos minutos.` };
      }
      const mine = new Set(queued.userIds);
      const enviadas = outcome.released.filter((invitation) => mine.has(invitation.userId)).length;
      const pendientes = queued.userIds.length - enviadas;
      return { enviadas, pendientes, mensaje: invitationsMessage({ enviadas, pendientes, reason: outcome.reason, email: outcome.email, waiting: outcome.waiting }) };
    },

    /** The company's e-mail was just confirmed: its waiting invitations go, within the day's maximum. */
    async releaseCompany(companyId: string, now: Date): Promise<number> {
      return (await releaseInBackground(companyId, now)).released.length;
    },

    /**
     * The periodic job: every company that may send waiting invitations sends what today's maximum
     * allows (the next Chilean day sends the ones yesterday's maximum held back). Returns how many went.
     */
    async releaseDue(now: Date): Promise<number> {
      const companyIds = await runAsSystem(() => repo.companiesWithDueInvitations(db, localDate(now), INVITACIONES_POR_DIA));
      let sent = 0;
      for (const companyId of companyIds) {
        await runAsCompany(companyId, async () => {
          const { released } = await release(companyId, now);
          await deliver(companyId, released);
          sent += released.length;
        });
      }
      return sent;
    },

    /** What the users page and the home page show an administrator: waiting invitations and why. */
    async status(session: RequestSession, now: Date): Promise<EstadoInvitaciones> {
      requirePerfil(session, ...ACCESS.usersManage);
      const company = await deps.companies.findById(session.companyId);
      if (!company) throw new AppError('UNAUTHENTICATED', MESSAGES.unauthenticated);
      const [pendientes, enviadasHoy] = await Promise.all([repo.countPending(db, session.companyId), repo.countSentOn(db, session.companyId, localDate(now))]);
      return {
        pendientes,
        enviadasHoy,
        maximoDiario: INVITACIONES_POR_DIA,
        correoEmpresa: company.email,
        correoConfirmado: company.emailConfirmedAt !== null,
      };
    },
  };
}

export type Invitations = ReturnType<typeof createInvitations>;
