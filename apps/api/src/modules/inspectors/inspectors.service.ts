import {
  ACCESS,
  CLAVES_FISCALIZACION_POR_DIA,
  EMPLEADORES_MAX_RESULTADOS,
  SESSION_TTL_MS,
  type AccesosFiscalizadorPage,
  type AuthResponse,
  type EmpleadoresResponse,
  type Fiscalizador,
  type IngresoFiscalizacionResponse,
  type SesionFiscalizacion,
} from '@jornada/contracts';
import { addDays, formatRut, startOfLocalDay } from '@jornada/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { InspectorEvent } from '../../db/schema/index';
import { runAsSystem } from '../../db/tenant-context';
import { requireId, requirePerfil } from '../../lib/access';
import type { BackgroundTasks } from '../../lib/background';
import { addMs } from '../../lib/clock';
import { AppError, MESSAGES } from '../../lib/errors';
import { enqueueJob } from '../../lib/jobs';
import type { Mailer } from '../../lib/mailer';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import type { RequestContext } from '../../lib/request-context';
import { hashToken, newToken } from '../../lib/tokens';
import type { RequestSession } from '../../plugins/types';
import { lockedError, type SignInThrottle } from '../auth/index';
import { CHILE_ZONE, keyDeadlineText, keyMail } from './inspector-mail';
import { inspectorKeyExpiry, newInspectorKey, normalizeInspectorKey } from './inspector-key';
import * as repo from './inspectors.repository';

/** The durable job that tells one administrator that an inspector opened the company's records. */
export const ACCESS_NOTICE_JOB = 'aviso-acceso-fiscalizador';
export interface AccessNoticePayload {
  companyId: string;
  eventId: string;
  userId: string;
}

const INVALID_CREDENTIALS = 'Correo o clave incorrectos. Si pediste más de una clave, usa la del último correo.';
const SIGNED_OUT = 'Tu ingreso de fiscalización no es válido o terminó. Ingresa de nuevo con tu correo y tu clave.';
const KEY_REPLACED = 'Pediste una clave nueva: ingresa con la clave del último correo para elegir un empleador.';
const EMPLOYER_NOT_FOUND = 'El empleador no existe.';

export interface RequestMeta {
  method: string;
  route: string | null;
  path: string;
}

interface InspectorsServiceDeps {
  db: Db;
  mailer: Mailer;
  background: BackgroundTasks;
  throttle: SignInThrottle;
  publicUrl: string;
  log: FastifyBaseLogger;
  /** A notice job was queued (wakes this process's job loop). */
  onJobQueued?: () => void;
}

function fiscalizador(row: { nombre: string; apellidos: string; rut: string; email: string }): Fiscalizador {
  return { nombre: row.nombre, apellidos: row.apellidos, rut: formatRut(row.rut) ?? row.rut, email: row.email };
}

const earliest = (a: Date, b: Date) => (a.getTime() <= b.getTime() ? a : b);

/** Digits (and a final K) of a text that could be the start of a RUT, or null when it is a name. */
function rutPrefix(text: string): string | null {
  if (!/^[\d.\s-]+[kK]?$/.test(text.trim())) return null;
  const digits = text.replace(/[^0-9kK]/g, '').toUpperCase();
  return digits.length >= 3 ? digits : null;
}

export function createInspectorsService(deps: InspectorsServiceDeps) {
  const { db } = deps;

  function event(kind: InspectorEvent, ctx: RequestContext, values: Partial<Parameters<typeof repo.insertEvent>[1]> & { email: string }) {
    return repo.insertEvent(db, { event: kind, at: ctx.now, ip: ctx.ip, userAgent: ctx.userAgent, ...values });
  }

  /** The live session behind an inspector token (sign-in or employer session), or 401. */
  async function requireInspector(token: string | null, now: Date): Promise<repo.LiveSession> {
    const row = token ? await repo.findLiveSession(db, hashToken(token), now) : undefined;
    if (!row) throw new AppError('UNAUTHENTICATED', SIGNED_OUT);
    return row;
  }

  return {
    /**
     * Step 1. Issues a new key (replacing the live one) and e-mails it. Always ends the same way for the
     * caller, so nobody learns whether an address had a key; past the daily limit nothing is sent.
     * The key exists in clear only in memory, on its way to the mailer.
     */
    requestKey(body: { email: string; nombre: string; apellidos: string; rut: string }, ctx: RequestContext): Promise<void> {
      return runAsSystem(async () => {
        const inspectorId = await repo.upsertInspector(db, body.email, ctx.now);
        const identity = { inspectorId, email: body.email, rut: body.rut, nombre: body.nombre, apellidos: body.apellidos };
        const key = newInspectorKey();
        const keyHash = await hashPassword(normalizeInspectorKey(key));
        const expiresAt = inspectorKeyExpiry(ctx.now);
        const issued = await db.transaction(async (tx) => {
          await repo.lockInspector(tx, inspectorId);
          if ((await repo.countKeysSince(tx, inspectorId, addMs(ctx.now, -24 * 3_600_000))) >= CLAVES_FISCALIZACION_POR_DIA) return false;
          await repo.replaceLiveKey(tx, inspectorId, ctx.now);
          await repo.insertKey(tx, { inspectorId, rut: body.rut, nombre: body.nombre, apellidos: body.apellidos, keyHash, issuedAt: ctx.now, expiresAt, ip: ctx.ip });
          return true;
        });
        await event(issued ? 'clave_solicitada' : 'clave_limitada', ctx, identity);
        if (!issued) return;
        const mail = keyMail({ to: body.email, nombre: body.nombre, apellidos: body.apellidos, rut: body.rut, key, expiresAt, link: `${deps.publicUrl}/fiscalizacion` });
        deps.background.run(
          () => deps.mailer.send(mail),
          (error) => deps.log.error({ err: error, inspectorId }, 'no se pudo enviar la clave temporal de fiscalización'),
        );
      });
    },

    /** Step 2. E-mail and key, under the same brute-force policy as the RUT sign-in. */
    signIn(body: { email: string; clave: string }, ctx: RequestContext): Promise<IngresoFiscalizacionResponse> {
      return runAsSystem(async () => {
        const subjectKey = `fisc:${body.email}`;
        const lockedUntil = await deps.throttle.gate(subjectKey, ctx.ip, ctx.now);
        if (lockedUntil) {
          await event('ingreso_bloqueado', ctx, { email: body.email });
          throw lockedError(lockedUntil, ctx.now, '');
        }
        const key = await repo.findLiveKeyByEmail(db, body.email);
        // Unknown addresses verify against a dummy hash: same work, same answer as a wrong key.
        const ok = await verifyPassword(key?.keyHash ?? null, normalizeInspectorKey(body.clave));
        if (!key || !ok) {
          await event('ingreso_fallido', ctx, { email: body.email, inspectorId: key?.inspectorId ?? null });
          await deps.throttle.fail(subjectKey, ctx.ip, ctx.now);
          throw new AppError('INVALID_CREDENTIALS', INVALID_CREDENTIALS);
        }
        const identity = { inspectorId: key.inspectorId, email: key.email, rut: key.rut, nombre: key.nombre, apellidos: key.apellidos };
        if (key.expiresAt.getTime() <= ctx.now.getTime()) {
          // Only the holder of the key learns that it expired; it is not a guess, so it is not counted as one.
          await event('ingreso_fallido', ctx, identity);
          throw new AppError('INVALID_CREDENTIALS', `Tu clave temporal venció ${keyDeadlineText(key.expiresAt)} (hora de Chile continental). Solicita una clave nueva.`);
        }
        await deps.throttle.succeed(subjectKey, ctx.ip);
        const token = newToken();
        const expiresAt = earliest(addMs(ctx.now, SESSION_TTL_MS), key.expiresAt);
        await repo.insertSession(db, { tokenHash: hashToken(token), keyId: key.keyId, createdAt: ctx.now, expiresAt, ip: ctx.ip, userAgent: ctx.userAgent });
        await event('ingreso', ctx, identity);
        return { tokenFiscalizacion: token, expiraEn: expiresAt.toISOString(), claveVenceEn: key.expiresAt.toISOString(), fiscalizador: fiscalizador(key) };
      });
    },

    /** Who the token belongs to and which employer it opens (for the web to resume at step 3). */
    session(token: string | null, now: Date): Promise<SesionFiscalizacion> {
      return runAsSystem(async () => {
        const row = await requireInspector(token, now);
        return {
          fiscalizador: fiscalizador(row),
          expiraEn: row.expiresAt.toISOString(),
          claveVenceEn: row.keyExpiresAt.toISOString(),
          empleadorActual:
            row.companyId && row.razonSocial && row.companyRut ? { id: row.companyId, razonSocial: row.razonSocial, rut: formatRut(row.companyRut) ?? row.companyRut } : null,
        };
      });
    },

    /** Step 3. Employers by razón social, trade name or RUT: only their name and RUT, at most 20. */
    searchEmployers(token: string | null, q: string, now: Date): Promise<EmpleadoresResponse> {
      return runAsSystem(async () => {
        await requireInspector(token, now);
        const rows = await repo.searchCompanies(db, q, rutPrefix(q), EMPLEADORES_MAX_RESULTADOS);
        return {
          items: rows.slice(0, EMPLEADORES_MAX_RESULTADOS).map((r) => ({ id: r.id, razonSocial: r.razonSocial, rut: formatRut(r.rut) ?? r.rut })),
          hayMas: rows.length > EMPLEADORES_MAX_RESULTADOS,
        };
      });
    },

    /**
     * Step 3, chosen. Opens an employer session (a normal `tokenSesion`, perfil fiscalizador, until
     * min(2 h, key expiry)), ends the previous employer's session, logs the access and queues one
     * notice per active administrator, all in one transaction. Works with the sign-in token or with an
     * employer session (switching employer without the key).
     */
    chooseEmployer(token: string | null, companyId: string, ctx: RequestContext, meta: RequestMeta): Promise<AuthResponse> {
      return runAsSystem(async () => {
        const current = await requireInspector(token, ctx.now);
        if (current.keyReplacedAt) throw new AppError('UNAUTHENTICATED', KEY_REPLACED);
        if (current.keyExpiresAt.getTime() <= ctx.now.getTime()) throw new AppError('UNAUTHENTICATED', SIGNED_OUT);
        const company = await repo.findCompany(db, requireId(companyId, EMPLOYER_NOT_FOUND));
        if (!company) throw new AppError('NOT_FOUND', EMPLOYER_NOT_FOUND);
        const signInHash = current.parentTokenHash ?? current.tokenHash;
        const sessionToken = newToken();
        const expiresAt = earliest(addMs(ctx.now, SESSION_TTL_MS), current.keyExpiresAt);
        const queued = await db.transaction(async (tx) => {
          await repo.revokeChildren(tx, signInHash, ctx.now);
          await repo.insertSession(tx, {
            tokenHash: hashToken(sessionToken),
            keyId: current.keyId,
            companyId: company.id,
            parentTokenHash: signInHash,
            createdAt: ctx.now,
            expiresAt,
            ip: ctx.ip,
            userAgent: ctx.userAgent,
          });
          const eventId = await repo.insertEvent(tx, {
            event: 'acceso_empleador',
            at: ctx.now,
            inspectorId: current.inspectorId,
            email: current.email,
            rut: current.rut,
            nombre: current.nombre,
            apellidos: current.apellidos,
            companyId: company.id,
            companyRut: company.rut,
            method: meta.method,
            route: meta.route,
            path: meta.path.slice(0, 1000),
            allowed: true,
            ip: ctx.ip,
            userAgent: ctx.userAgent,
          });
          const admins = await repo.activeAdministrators(tx, company.id);
          for (const admin of admins) {
            const payload: AccessNoticePayload = { companyId: company.id, eventId, userId: admin.id };
            await enqueueJob(tx, ACCESS_NOTICE_JOB, payload, ctx.now);
          }
          return admins.length;
        });
        if (queued > 0) deps.onJobQueued?.();
        return {
          tokenSesion: sessionToken,
          expiraEn: expiresAt.toISOString(),
          _id: current.inspectorId,
          nombre: current.nombre,
          apellidos: current.apellidos,
          razon_social: { nombre: company.razonSocial, _id: company.id },
          perfil: 'fiscalizador' as const,
          rut: formatRut(current.rut) ?? current.rut,
          email: current.email,
          direccion: '',
        };
      });
    },

    /** Ends the sign-in (and with it every employer session opened from it). */
    signOutToken(token: string | null, now: Date): Promise<void> {
      return runAsSystem(async () => {
        const row = await requireInspector(token, now);
        await repo.revokeSessions(db, [row.tokenHash, row.parentTokenHash ?? row.tokenHash], now);
      });
    },

    /** `usuarios/logout` with an employer session: the inspector's visit ends, sign-in included. */
    signOut(session: RequestSession, ctx: RequestContext): Promise<void> {
      return runAsSystem(async () => {
        await repo.revokeSessions(db, [session.tokenHash, session.inspector?.signInTokenHash ?? session.tokenHash], ctx.now);
      });
    },

    /** The auth plugin's resolver for tokens that are not in `sessions`: employer sessions only. */
    resolveSession(token: string, now: Date): Promise<RequestSession | null> {
      return runAsSystem(async () => {
        const row = await repo.findLiveSession(db, hashToken(token), now);
        if (!row?.companyId || !row.razonSocial || !row.companyRut) return null;
        return {
          tokenHash: row.tokenHash,
          userId: row.inspectorId,
          companyId: row.companyId,
          perfil: 'fiscalizador' as const,
          inspector: {
            inspectorId: row.inspectorId,
            email: row.email,
            rut: row.rut,
            nombre: row.nombre,
            apellidos: row.apellidos,
            razonSocial: row.razonSocial,
            companyRut: row.companyRut,
            signInTokenHash: row.parentTokenHash ?? row.tokenHash,
          },
        };
      });
    },

    /**
     * The access log: one row per request made with a fiscalizador session (a DT inspector, or a company
     * user with that perfil), written before the request is served.
     */
    async recordRequest(session: RequestSession, allowed: boolean, ctx: RequestContext, meta: RequestMeta): Promise<void> {
      const request = { method: meta.method, route: meta.route, path: meta.path.slice(0, 1000), allowed, companyId: session.companyId };
      if (session.inspector) {
        const i = session.inspector;
        await event('consulta', ctx, {
          ...request,
          inspectorId: i.inspectorId,
          email: i.email,
          rut: i.rut,
          nombre: i.nombre,
          apellidos: i.apellidos,
          companyRut: i.companyRut,
        });
        return;
      }
      const user = await repo.findUser(db, session.companyId, session.userId);
      if (!user) throw new AppError('UNAUTHENTICATED', MESSAGES.unauthenticated);
      await event('consulta', ctx, {
        ...request,
        userId: session.userId,
        email: user.email,
        rut: user.rut,
        nombre: user.nombre,
        apellidos: user.apellidos,
        companyRut: user.companyRut,
      });
    },

    /** `Accesos de fiscalizadores`: the company's log, newest first (administrador). */
    async listAccesses(
      session: RequestSession,
      query: { page: number; pageSize: number; desde?: string | undefined; hasta?: string | undefined; q?: string | undefined },
    ): Promise<AccesosFiscalizadorPage> {
      requirePerfil(session, ...ACCESS.inspectorLog);
      const { rows, total } = await repo.listAccesses(
        db,
        {
          companyId: session.companyId,
          ...(query.desde ? { from: new Date(startOfLocalDay(CHILE_ZONE, query.desde)) } : {}),
          ...(query.hasta ? { to: new Date(startOfLocalDay(CHILE_ZONE, addDays(query.hasta, 1))) } : {}),
          ...(query.q ? { text: query.q } : {}),
        },
        query.page,
        query.pageSize,
      );
      return {
        items: rows.map((row) => ({
          id: row.id,
          instante: row.at.toISOString(),
          evento: row.event === 'acceso_empleador' ? 'acceso_empleador' : 'consulta',
          fiscalizador: {
            nombre: row.nombre ?? '',
            apellidos: row.apellidos ?? '',
            rut: row.rut ? (formatRut(row.rut) ?? row.rut) : '',
            email: row.email,
          },
          conClaveTemporal: row.inspectorId !== null,
          empresaRut: row.companyRut ? (formatRut(row.companyRut) ?? row.companyRut) : '',
          metodo: row.method,
          ruta: row.route,
          recurso: row.path,
          permitido: row.allowed ?? true,
          ip: row.ip,
        })),
        total,
        page: query.page,
        pageSize: query.pageSize,
      };
    },
  };
}

export type InspectorsService = ReturnType<typeof createInspectorsService>;
