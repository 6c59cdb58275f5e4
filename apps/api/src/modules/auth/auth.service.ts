import {
  PASSWORD_RESET_TTL_MS,
  SESSION_TTL_MS,
  type AuthBody,
  type AuthResponse,
  type ResetPasswordBody,
  type SessionUser,
} from '@jornada/contracts';
import { formatRut, normalizeRut } from '@jornada/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { AuthEvent } from '../../db/schema/index';
import type { BackgroundTasks } from '../../lib/background';
import { addMs, localDate } from '../../lib/clock';
import { AppError, MESSAGES } from '../../lib/errors';
import type { Mailer } from '../../lib/mailer';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import type { RequestContext } from '../../lib/request-context';
import { hashToken, newToken } from '../../lib/tokens';
import type { RequestSession } from '../../plugins/types';
import * as repo from './auth.repository';
import { passwordResetMail } from './password-reset-mail';

/**
 * Brute-force policy. Failures are counted per RUT (typed, even for accounts that do not exist, so
 * a lock says nothing about existence) and per client address. Past `slowAfter` failures in the
 * window every attempt waits a growing delay before the password is checked; at `lockAfter` the key
 * is refused with 429 for LOCK_MS. The address limits are higher because an office shares one address.
 */
export const THROTTLE = {
  windowMs: 15 * 60_000,
  lockMs: 15 * 60_000,
  stepMs: 1_000,
  maxDelayMs: 5_000,
  rut: { slowAfter: 5, lockAfter: 10 },
  ip: { slowAfter: 10, lockAfter: 30 },
} as const;

const INVALID_CREDENTIALS = 'RUT o contraseña incorrectos.';
const RESET_TOKEN_INVALID = 'El enlace para restablecer la contraseña no es válido, ya se usó o venció. Solicita uno nuevo.';

export interface AuthServiceDeps {
  db: Db;
  mailer: Mailer;
  background: BackgroundTasks;
  publicUrl: string;
  log: FastifyBaseLogger;
  sleep: (ms: number) => Promise<void>;
}

function toSessionUser(account: repo.Account): SessionUser {
  return {
    _id: account.userId,
    nombre: account.nombre,
    apellidos: account.apellidos,
    razon_social: { nombre: account.razonSocial, _id: account.companyId },
    perfil: account.perfil,
    rut: formatRut(account.rut) ?? account.rut,
    email: account.email,
    direccion: account.direccion ?? '',
  };
}

/** Inactive users and those whose contract ended (last day inclusive, Chilean date) cannot sign in. */
function canSignIn(account: repo.Account, now: Date): boolean {
  return account.active && (account.finContrato === null || account.finContrato >= localDate(now));
}

function delayFor(throttle: repo.Throttle | undefined, slowAfter: number, now: Date): number {
  if (!throttle || throttle.windowStartedAt.getTime() <= now.getTime() - THROTTLE.windowMs) return 0;
  if (throttle.failures < slowAfter) return 0;
  return Math.min((throttle.failures - slowAfter + 1) * THROTTLE.stepMs, THROTTLE.maxDelayMs);
}

function lockedError(until: Date, now: Date): AppError {
  const seconds = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
  const minutes = Math.ceil(seconds / 60);
  return new AppError(
    'RATE_LIMITED',
    `Demasiados intentos fallidos de inicio de sesión. Espera ${minutes === 1 ? '1 minuto' : `${minutes} minutos`} antes de volver a intentarlo o restablece tu contraseña.`,
    undefined,
    { 'retry-after': String(seconds) },
  );
}

export function createAuthService(deps: AuthServiceDeps) {
  const { db } = deps;

  function audit(event: AuthEvent, ctx: RequestContext, who: { companyId?: string | null; userId?: string | null; rut?: string | null }) {
    return repo.insertAudit(db, {
      event,
      companyId: who.companyId ?? null,
      userId: who.userId ?? null,
      rut: who.rut ?? null,
      ip: ctx.ip,
      userAgent: ctx.userAgent,
      at: ctx.now,
    });
  }

  async function recordFailure(rutKey: string, ipKey: string, rut: string, account: repo.Account | undefined, ctx: RequestContext) {
    const windowStart = addMs(ctx.now, -THROTTLE.windowMs);
    await audit('login_failed', ctx, { companyId: account?.companyId, userId: account?.userId, rut });
    for (const [key, lockAfter] of [
      [rutKey, THROTTLE.rut.lockAfter],
      [ipKey, THROTTLE.ip.lockAfter],
    ] as const) {
      const failures = await repo.countFailure(db, key, ctx.now, windowStart);
      if (failures >= lockAfter) {
        await repo.lockThrottle(db, key, ctx.now, addMs(ctx.now, THROTTLE.lockMs));
        await audit('login_locked', ctx, { companyId: account?.companyId, userId: account?.userId, rut });
      }
    }
  }

  return {
    async signIn(body: AuthBody, ctx: RequestContext): Promise<AuthResponse> {
      const normalized = normalizeRut(body.rut);
      const rut = normalized ?? body.rut.trim().toUpperCase();
      const rutKey = `rut:${rut}`;
      const ipKey = `ip:${ctx.ip}`;

      const throttles = await repo.findThrottles(db, [rutKey, ipKey]);
      const locked = throttles
        .filter((t) => t.lockedUntil && t.lockedUntil.getTime() > ctx.now.getTime())
        .sort((a, b) => b.lockedUntil!.getTime() - a.lockedUntil!.getTime())[0];
      if (locked) {
        await audit('login_locked', ctx, { rut });
        throw lockedError(locked.lockedUntil!, ctx.now);
      }
      const delay = Math.max(
        delayFor(
          throttles.find((t) => t.key === rutKey),
          THROTTLE.rut.slowAfter,
          ctx.now,
        ),
        delayFor(
          throttles.find((t) => t.key === ipKey),
          THROTTLE.ip.slowAfter,
          ctx.now,
        ),
      );
      if (delay > 0) await deps.sleep(delay);

      const [account] = normalized ? await repo.findAccountByRut(db, normalized) : [];
      // Unknown RUTs verify against a dummy hash: same work, same time, same answer as a wrong password.
      const passwordOk = await verifyPassword(account?.passwordHash ?? null, body.password);
      if (!account || !passwordOk || !canSignIn(account, ctx.now)) {
        await recordFailure(rutKey, ipKey, rut, account, ctx);
        throw new AppError('INVALID_CREDENTIALS', INVALID_CREDENTIALS);
      }

      await repo.clearThrottle(db, rutKey);
      const token = newToken();
      const expiresAt = addMs(ctx.now, SESSION_TTL_MS);
      await repo.insertSession(db, {
        tokenHash: hashToken(token),
        companyId: account.companyId,
        userId: account.userId,
        createdAt: ctx.now,
        expiresAt,
        ip: ctx.ip,
        userAgent: ctx.userAgent,
      });
      await audit('login_ok', ctx, { companyId: account.companyId, userId: account.userId, rut });
      return { ...toSessionUser(account), tokenSesion: token, expiraEn: expiresAt.toISOString() };
    },

    async resolveSession(token: string, now: Date): Promise<RequestSession | null> {
      const row = await repo.findLiveSession(db, hashToken(token), now);
      return row ?? null;
    },

    async profile(session: RequestSession): Promise<SessionUser> {
      const account = await repo.findAccount(db, session.companyId, session.userId);
      if (!account) throw new AppError('UNAUTHENTICATED', MESSAGES.unauthenticated);
      return toSessionUser(account);
    },

    async logout(session: RequestSession, ctx: RequestContext): Promise<void> {
      await repo.revokeSession(db, session.tokenHash, ctx.now);
      await audit('logout', ctx, { companyId: session.companyId, userId: session.userId });
    },

    /**
     * Always ends the same way for the caller. When accounts match, each gets a single-use link by
     * e-mail; the e-mail goes out in the background so neither its latency nor its failure shows.
     */
    async forgotPassword(rutOEmail: string, ctx: RequestContext): Promise<void> {
      const normalized = normalizeRut(rutOEmail);
      const accounts = normalized
        ? await repo.findAccountByRut(db, normalized)
        : rutOEmail.includes('@')
          ? await repo.findAccountsByEmail(db, rutOEmail.trim())
          : [];
      for (const account of accounts.filter((a) => canSignIn(a, ctx.now))) {
        const token = newToken();
        await repo.insertPasswordReset(db, {
          tokenHash: hashToken(token),
          companyId: account.companyId,
          userId: account.userId,
          createdAt: ctx.now,
          expiresAt: addMs(ctx.now, PASSWORD_RESET_TTL_MS),
        });
        await audit('password_reset_requested', ctx, { companyId: account.companyId, userId: account.userId, rut: account.rut });
        const mail = passwordResetMail({
          to: account.email,
          nombre: account.nombre,
          razonSocial: account.razonSocial,
          link: `${deps.publicUrl}/reset-password/${token}`,
        });
        deps.background.run(
          () => deps.mailer.send(mail),
          (error) => deps.log.error({ err: error, userId: account.userId }, 'no se pudo enviar el correo para restablecer la contraseña'),
        );
      }
    },

    /** Sets the new password, burns the link (and any other pending one) and ends every session of the user. */
    async resetPassword(body: ResetPasswordBody, ctx: RequestContext): Promise<void> {
      const passwordHash = await hashPassword(body.password);
      const account = await db.transaction(async (tx) => {
        const reset = await repo.findPasswordResetForUpdate(tx, hashToken(body.token));
        if (!reset || reset.usedAt || reset.expiresAt.getTime() <= ctx.now.getTime()) {
          throw new AppError('RESET_TOKEN_INVALID', RESET_TOKEN_INVALID, { token: RESET_TOKEN_INVALID });
        }
        await repo.updatePasswordHash(tx, reset.companyId, reset.userId, passwordHash, ctx.now);
        await repo.consumeUserPasswordResets(tx, reset.companyId, reset.userId, ctx.now);
        await repo.revokeUserSessions(tx, reset.companyId, reset.userId, ctx.now);
        return repo.findAccount(tx, reset.companyId, reset.userId);
      });
      if (!account) return;
      // Whoever controls the mailbox may sign in at once, even if an attacker had locked the RUT.
      await repo.clearThrottle(db, `rut:${account.rut}`);
      await audit('password_reset_done', ctx, { companyId: account.companyId, userId: account.userId, rut: account.rut });
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
