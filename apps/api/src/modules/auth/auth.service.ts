import {
  passwordMessage,
  PASSWORD_RESET_TTL_MS,
  SESSION_TTL_MS,
  type AuthBody,
  type AuthResponse,
  type Empleador,
  type ResetPasswordBody,
  type SessionUser,
  type SignInResponse,
} from '@jornada/contracts';
import { formatRut, normalizeRut } from '@jornada/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../db/client';
import { runAsSystem } from '../../db/tenant-context';
import type { AuthEvent } from '../../db/schema/index';
import type { BackgroundTasks } from '../../lib/background';
import { createBatchLoader } from '../../lib/batch-loader';
import { addMs, localDate } from '../../lib/clock';
import { AppError, MESSAGES } from '../../lib/errors';
import type { Mailer } from '../../lib/mailer';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import type { RequestContext } from '../../lib/request-context';
import { hashToken, newToken } from '../../lib/tokens';
import type { InspectorIdentity, RequestSession } from '../../plugins/types';
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
  /** One identifier (a RUT, an inspector's e-mail) from one address: one attacker's guessing. */
  rut: { slowAfter: 5, lockAfter: 10 },
  /**
   * One identifier from every address together: a gentler step (more failures, a shorter lock), so
   * ten wrong passwords from an attacker do not lock its owner out, while guessing spread over many
   * addresses is still slowed and stopped.
   */
  subject: { slowAfter: 10, lockAfter: 50, lockMs: 5 * 60_000 },
  /** One address, whatever identifiers it tries. */
  ip: { slowAfter: 10, lockAfter: 30 },
  /**
   * An address the identifier signed in from successfully within this time is its owner's: the
   * counter over every address neither slows nor locks it (one wrong password from each of 50 other
   * addresses must not lock the owner out of their own office); the counters of that address still do.
   */
  knownAddressMs: 90 * 24 * 60 * 60_000,
} as const;

/**
 * The accounts of one RUT a sign-in verifies at most (a person with several employers has one account
 * in each). Each costs an argon2 verification, so this bounds the work one attempt can cause.
 */
const MAX_ACCOUNTS_PER_RUT = 10;

const INVALID_CREDENTIALS = 'RUT o contraseña incorrectos.';
const RESET_TOKEN_INVALID = 'El enlace para restablecer la contraseña no es válido, ya se usó o venció. Solicita uno nuevo.';

interface AuthServiceDeps {
  db: Db;
  mailer: Mailer;
  background: BackgroundTasks;
  publicUrl: string;
  log: FastifyBaseLogger;
  sleep: (ms: number) => Promise<void>;
  /** Ends inspector sessions on `usuarios/logout` (their tokens are not in `sessions`). */
  inspectors?: InspectorSignOut;
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

/** The spec's user shape for a DT inspector: their own name, RUT and e-mail, and the employer they chose. */
function inspectorSessionUser(session: RequestSession, inspector: InspectorIdentity): SessionUser {
  return {
    _id: inspector.inspectorId,
    nombre: inspector.nombre,
    apellidos: inspector.apellidos,
    razon_social: { nombre: inspector.razonSocial, _id: session.companyId },
    perfil: 'fiscalizador',
    rut: formatRut(inspector.rut) ?? inspector.rut,
    email: inspector.email,
    direccion: '',
  };
}

function toEmpleador(account: repo.Account): Empleador {
  return { id: account.companyId, razonSocial: account.razonSocial, rut: formatRut(account.companyRut) ?? account.companyRut };
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

/** The 429 of a locked key; `advice` ends the sentence (what else the person can do). */
export function lockedError(until: Date, now: Date, advice = ' o restablece tu contraseña'): AppError {
  const seconds = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
  const minutes = Math.ceil(seconds / 60);
  return new AppError(
    'RATE_LIMITED',
    `Demasiados intentos fallidos de inicio de sesión. Espera ${minutes === 1 ? '1 minuto' : `${minutes} minutos`} antes de volver a intentarlo${advice}.`,
    undefined,
    { 'retry-after': String(seconds) },
  );
}

/**
 * The brute-force policy of THROTTLE, for any secret typed with an identifier: the RUT and password
 * here, the inspector's e-mail and temporary key in modules/inspectors. `subjectKey` names the
 * identifier (`rut:<rut>`, `fisc:<email>`). Three counters: the identifier from this address (locks
 * first), the identifier from every address (gentler) and the address whatever it tries (shared by
 * both sign-ins, so one address cannot double its budget by alternating them).
 */
export function createSignInThrottle(deps: { db: DbOrTx; sleep: (ms: number) => Promise<void> }) {
  const { db } = deps;
  const keysOf = (subjectKey: string, ip: string) => {
    const ipKey = `ip:${ip}`;
    return [
      { key: `${subjectKey}@${ipKey}`, subject: subjectKey, ...THROTTLE.rut, lockMs: THROTTLE.lockMs },
      { key: subjectKey, subject: subjectKey, ...THROTTLE.subject },
      { key: ipKey, subject: null, ...THROTTLE.ip, lockMs: THROTTLE.lockMs },
    ];
  };
  return {
    /**
     * The end of a lock on any of the three counters, if one holds; otherwise waits the slow-down delay
     * and returns null. From a `knownAddress` (THROTTLE.knownAddressMs) the counter over every address
     * does not apply.
     */
    async gate(subjectKey: string, ip: string, now: Date, options: { knownAddress?: boolean } = {}): Promise<Date | null> {
      const counters = keysOf(subjectKey, ip).filter((c) => !(options.knownAddress && c.key === subjectKey));
      const throttles = await repo.findThrottles(
        db,
        counters.map((c) => c.key),
      );
      const locked = throttles
        .filter((t) => t.lockedUntil && t.lockedUntil.getTime() > now.getTime())
        .sort((a, b) => b.lockedUntil!.getTime() - a.lockedUntil!.getTime())[0];
      if (locked) return locked.lockedUntil!;
      const delay = Math.max(
        ...counters.map((c) =>
          delayFor(
            throttles.find((t) => t.key === c.key),
            c.slowAfter,
            now,
          ),
        ),
      );
      if (delay > 0) await deps.sleep(delay);
      return null;
    },
    /** Counts a failure on the three counters; returns how many of them became locked. */
    async fail(subjectKey: string, ip: string, now: Date): Promise<number> {
      const windowStart = addMs(now, -THROTTLE.windowMs);
      let locks = 0;
      for (const counter of keysOf(subjectKey, ip)) {
        const failures = await repo.countFailure(db, counter.key, counter.subject, now, windowStart);
        if (failures >= counter.lockAfter) {
          await repo.lockThrottle(db, counter.key, now, addMs(now, counter.lockMs));
          locks += 1;
        }
      }
      return locks;
    },
    /**
     * A success forgets the identifier's failures from this address and over every address (not the
     * address's own, nor other addresses' for this identifier: others may be guessing from them).
     */
    async succeed(subjectKey: string, ip: string): Promise<void> {
      const [pair, subject] = keysOf(subjectKey, ip);
      await repo.clearThrottle(db, pair!.key);
      await repo.clearThrottle(db, subject!.key);
    },
  };
}
export type SignInThrottle = ReturnType<typeof createSignInThrottle>;

/** How an inspector's employer session (modules/inspectors) is ended by the common sign-out call. */
interface InspectorSignOut {
  signOut(session: RequestSession, ctx: RequestContext): Promise<void>;
}

export function createAuthService(deps: AuthServiceDeps) {
  const { db } = deps;
  const throttle = createSignInThrottle(deps);
  // A session is found by its token, across companies: system scope (db/tenant-context.ts). A batch
  // checks expiry at the latest moment any of its requests asked about (never more lenient).
  const sessionLoader = createBatchLoader(
    (requests: { tokenHash: string; now: Date }[]) =>
      runAsSystem(async () => {
        const now = new Date(Math.max(...requests.map((request) => request.now.getTime())));
        const rows = await repo.findLiveSessions(db, [...new Set(requests.map((request) => request.tokenHash))], now);
        return new Map(rows.map((row) => [row.tokenHash, row]));
      }),
    (request) => request.tokenHash,
  );

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

  async function recordFailure(rutKey: string, rut: string, account: repo.Account | undefined, ctx: RequestContext) {
    await audit('login_failed', ctx, { companyId: account?.companyId, userId: account?.userId, rut });
    const locks = await throttle.fail(rutKey, ctx.ip, ctx.now);
    for (let i = 0; i < locks; i++) await audit('login_locked', ctx, { companyId: account?.companyId, userId: account?.userId, rut });
  }

  return {
    /**
     * The password is verified against every account of the RUT that may sign in (one per company).
     * One match opens its session; several answer the employers they belong to, without a session, and
     * the call repeated with `empresaId` opens that one. No match is the same 401 as an unknown RUT.
     */
    async signIn(body: AuthBody, ctx: RequestContext): Promise<SignInResponse> {
      const normalized = normalizeRut(body.rut);
      const rut = normalized ?? body.rut.trim().toUpperCase();
      const rutKey = `rut:${rut}`;

      const knownAddress = normalized ? await repo.signedInFrom(db, normalized, ctx.ip, addMs(ctx.now, -THROTTLE.knownAddressMs)) : false;
      const lockedUntil = await throttle.gate(rutKey, ctx.ip, ctx.now, { knownAddress });
      if (lockedUntil) {
        await audit('login_locked', ctx, { rut });
        throw lockedError(lockedUntil, ctx.now);
      }

      const found = normalized ? await repo.findAccountsByRut(db, normalized, localDate(ctx.now), MAX_ACCOUNTS_PER_RUT) : [];
      const accounts = body.empresaId === undefined ? found : found.filter((account) => account.companyId === body.empresaId);
      // Unknown RUTs verify against a dummy hash: same work, same time, same answer as a wrong password.
      // Several accounts are verified at once (argon2 runs off the event loop), so the time stays close to one.
      const verified = accounts.length > 0 ? await Promise.all(accounts.map((account) => verifyPassword(account.passwordHash, body.password))) : [await verifyPassword(null, body.password)];
      const matches = accounts.filter((_, i) => verified[i]);
      if (matches.length === 0) {
        await recordFailure(rutKey, rut, accounts.length === 1 ? accounts[0] : undefined, ctx);
        throw new AppError('INVALID_CREDENTIALS', INVALID_CREDENTIALS);
      }

      await throttle.succeed(rutKey, ctx.ip);
      // Only the employers this password opens: whoever lacks it learns nothing about the others.
      if (matches.length > 1) return { empleadores: matches.map(toEmpleador) };

      const account = matches[0]!;
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
      return { ...toSessionUser(account), tokenSesion: token, expiraEn: expiresAt.toISOString() } satisfies AuthResponse;
    },

    /** The session of a token, batched with the other requests of the moment (lib/batch-loader.ts). */
    async resolveSession(token: string, now: Date): Promise<RequestSession | null> {
      return (await sessionLoader.load({ tokenHash: hashToken(token), now })) ?? null;
    },

    async profile(session: RequestSession): Promise<SessionUser> {
      if (session.inspector) return inspectorSessionUser(session, session.inspector);
      const account = await repo.findAccount(db, session.companyId, session.userId);
      if (!account) throw new AppError('UNAUTHENTICATED', MESSAGES.unauthenticated);
      return toSessionUser(account);
    },

    async logout(session: RequestSession, ctx: RequestContext): Promise<void> {
      if (session.inspector) {
        if (!deps.inspectors) throw new AppError('UNAUTHENTICATED', MESSAGES.unauthenticated);
        return deps.inspectors.signOut(session, ctx);
      }
      await repo.revokeSession(db, session.tokenHash, ctx.now);
      await audit('logout', ctx, { companyId: session.companyId, userId: session.userId });
    },

    /**
     * Always ends the same way for the caller. When accounts match, each gets a single-use link by
     * e-mail (a RUT with accounts in several companies: one e-mail per company, naming it); the e-mail
     * goes out in the background so neither its latency nor its failure shows.
     */
    async forgotPassword(rutOEmail: string, ctx: RequestContext): Promise<void> {
      const normalized = normalizeRut(rutOEmail);
      const accounts = normalized
        ? await repo.findAccountsByRut(db, normalized, localDate(ctx.now), MAX_ACCOUNTS_PER_RUT)
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
        // The body's schema applied the policy; only here is it known whose RUT and e-mail to keep out.
        const owner = await repo.findAccount(tx, reset.companyId, reset.userId);
        const problem = passwordMessage(body.password, { rut: owner?.rut, email: owner?.email });
        if (problem) throw new AppError('VALIDATION', MESSAGES.validation, { password: problem });
        await repo.updatePasswordHash(tx, reset.companyId, reset.userId, passwordHash, ctx.now);
        await repo.consumeUserPasswordResets(tx, reset.companyId, reset.userId, ctx.now);
        await repo.revokeUserSessions(tx, reset.companyId, reset.userId, ctx.now);
        return repo.findAccount(tx, reset.companyId, reset.userId);
      });
      if (!account) return;
      // Whoever controls the mailbox may sign in at once, from any address, even if an attacker had locked the RUT.
      await repo.clearSubjectThrottles(db, `rut:${account.rut}`);
      await audit('password_reset_done', ctx, { companyId: account.companyId, userId: account.userId, rut: account.rut });
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
