import { ACCESS, COMPANY_EMAIL_CONFIRMATION_TTL_MS } from '@jornada/contracts';
import { formatRut } from '@jornada/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../db/client';
import { runAsCompany } from '../../db/tenant-context';
import { requirePerfil } from '../../lib/access';
import type { BackgroundTasks } from '../../lib/background';
import { addMs } from '../../lib/clock';
import { AppError, MESSAGES } from '../../lib/errors';
import type { Mailer } from '../../lib/mailer';
import { hashToken, newToken } from '../../lib/tokens';
import type { RequestSession } from '../../plugins/types';
import * as repo from './companies.repository';
import { companyEmailMail } from './company-email-mail';

export const CONFIRMATION_TOKEN_INVALID =
  'El enlace para confirmar el correo de la empresa no es válido, ya se usó, venció o es de un correo que la empresa ya no tiene. Pide uno nuevo desde Jornada con «Reenviar correo de confirmación».';

/** How often an administrator may ask for the link again: one a minute, five a day. */
const CONFIRMATION_RESEND = { minGapMs: 60_000, perDay: 5 } as const;

/** Called once a company's e-mail is confirmed (the users module sends the invitations that waited for it). */
export type EmailConfirmedListener = (companyId: string, now: Date) => Promise<unknown>;

/** A link created inside a transaction, e-mailed once that transaction commits. */
export interface PendingConfirmation {
  companyId: string;
  to: string;
  razonSocial: string;
  rut: string;
  token: string;
}

interface CompanyEmailDeps {
  db: Db;
  mailer: Mailer;
  background: BackgroundTasks;
  publicUrl: string;
  log: FastifyBaseLogger;
}

/**
 * The confirmation of a company's e-mail address. A company registered through empresa/crear, or
 * whose address changed, is unconfirmed (`email_confirmed_at` null) until someone opens the link sent
 * to that address; until then its user invitations wait (modules/users). Links follow the password
 * reset's pattern: random, stored hashed, 72 hours, single use (a confirmation burns every pending one).
 */
export function createCompanyEmail(deps: CompanyEmailDeps) {
  const { db } = deps;
  const listeners: EmailConfirmedListener[] = [];

  /** Inside the caller's transaction: a new link for `company.email` (none without an address). */
  async function issue(tx: DbOrTx, company: Pick<repo.CompanyRow, 'id' | 'email' | 'razonSocial' | 'rut'>, now: Date): Promise<PendingConfirmation | null> {
    if (!company.email) return null;
    const token = newToken();
    await repo.insertEmailConfirmation(tx, {
      tokenHash: hashToken(token),
      companyId: company.id,
      email: company.email,
      createdAt: now,
      expiresAt: addMs(now, COMPANY_EMAIL_CONFIRMATION_TTL_MS),
    });
    return { companyId: company.id, to: company.email, razonSocial: company.razonSocial, rut: formatRut(company.rut) ?? company.rut, token };
  }

  /** E-mails a committed link in the background: the answer never waits for SMTP. */
  function send(pending: PendingConfirmation | null): void {
    if (!pending) return;
    const mail = companyEmailMail({
      to: pending.to,
      razonSocial: pending.razonSocial,
      rut: pending.rut,
      link: `${deps.publicUrl}/confirmar-correo/${pending.token}`,
    });
    deps.background.run(
      () => deps.mailer.send(mail),
      (error) => deps.log.error({ err: error, companyId: pending.companyId }, 'no se pudo enviar el correo para confirmar el correo de la empresa'),
    );
  }

  return {
    issue,
    send,

    /** Registers what runs after a confirmation (the users module, at assembly). */
    onConfirmed(listener: EmailConfirmedListener): void {
      listeners.push(listener);
    },

    /**
     * The public link: marks the company's current address confirmed and burns every pending link.
     * Unknown, used and expired links are refused alike, and so is a link sent to an address the
     * company no longer has. Then the listeners run (the waiting invitations go out); their failure
     * does not undo the confirmation (the periodic release retries).
     */
    async confirm(token: string, now: Date): Promise<{ email: string }> {
      const confirmed = await db.transaction(async (tx) => {
        const link = await repo.findEmailConfirmationForUpdate(tx, hashToken(token));
        if (!link || link.usedAt || link.expiresAt.getTime() <= now.getTime()) return null;
        const company = await repo.findCompanyForUpdate(tx, link.companyId);
        if (!company?.email || company.email.toLowerCase() !== link.email.toLowerCase()) return null;
        await repo.consumeEmailConfirmations(tx, company.id, now);
        if (!company.emailConfirmedAt) await repo.updateCompany(tx, company.id, { emailConfirmedAt: now });
        return { companyId: company.id, email: company.email };
      });
      if (!confirmed) throw new AppError('CONFIRMATION_TOKEN_INVALID', CONFIRMATION_TOKEN_INVALID, { token: CONFIRMATION_TOKEN_INVALID });
      for (const listener of listeners) {
        await runAsCompany(confirmed.companyId, () => listener(confirmed.companyId, now)).catch((error: unknown) =>
          deps.log.error({ err: error, companyId: confirmed.companyId }, 'no se pudieron enviar las invitaciones pendientes tras confirmar el correo'),
        );
      }
      return { email: confirmed.email };
    },

    /** An administrator asks for the link again, to the company's current address; at most one a minute and five a day. */
    async resend(session: RequestSession, now: Date): Promise<{ email: string }> {
      requirePerfil(session, ...ACCESS.companySettings);
      const pending = await db.transaction(async (tx) => {
        // Locked: two clicks at once cannot both pass the limits.
        const company = await repo.findCompanyForUpdate(tx, session.companyId);
        if (!company) throw new AppError('UNAUTHENTICATED', MESSAGES.unauthenticated);
        if (!company.email) throw new AppError('VALIDATION', 'La empresa no tiene correo. Agrégalo en Configuración, en los datos de la empresa.');
        if (company.emailConfirmedAt) throw new AppError('VALIDATION', `El correo de la empresa (${company.email}) ya está confirmado.`);
        const sent = await repo.emailConfirmationTimes(tx, company.id, addMs(now, -24 * 60 * 60_000));
        const last = sent[0];
        if (last && now.getTime() - last.getTime() < CONFIRMATION_RESEND.minGapMs) {
          const seconds = Math.max(1, Math.ceil((last.getTime() + CONFIRMATION_RESEND.minGapMs - now.getTime()) / 1000));
          throw new AppError(
            'RATE_LIMITED',
            `Ya enviamos el correo de confirmación a ${company.email} hace menos de un minuto. Revisa la bandeja de entrada y la carpeta de spam antes de pedir otro.`,
            undefined,
            { 'retry-after': String(seconds) },
          );
        }
        if (sent.length >= CONFIRMATION_RESEND.perDay) {
          const oldest = sent[CONFIRMATION_RESEND.perDay - 1]!;
          const seconds = Math.max(1, Math.ceil((oldest.getTime() + 24 * 60 * 60_000 - now.getTime()) / 1000));
          throw new AppError(
            'RATE_LIMITED',
            `Ya enviamos ${CONFIRMATION_RESEND.perDay} correos de confirmación a ${company.email} en las últimas 24 horas. Revisa la carpeta de spam, o corrige el correo de la empresa en Configuración si no es el correcto.`,
            undefined,
            { 'retry-after': String(seconds) },
          );
        }
        return issue(tx, company, now);
      });
      send(pending);
      return { email: pending!.to };
    },
  };
}

export type CompanyEmail = ReturnType<typeof createCompanyEmail>;
