import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import {
  CONSENTIMIENTO_HUELLA_TEXTO,
  CONSENTIMIENTO_HUELLA_VERSION,
  type Consentimiento,
  type Credencial,
  type CredencialesFiltro,
  type EstadoConsentimiento,
  type MetodoMarcaje,
  type OtorgarConsentimientoBody,
  type PendientesFiltro,
  type Posicion,
  type TipoMarca,
} from '@jornada/contracts';
import { formatRut } from '@jornada/domain';
import { and, asc, count, desc, eq, gt, ilike, isNull, isNotNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../../db/client';
import { biometricConsents, markingPins, sites, users, webauthnChallenges, webauthnCredentials } from '../../db/schema/index';
import { fieldError, notFound, requireId, requirePerfil } from '../../lib/access';
import { AppError } from '../../lib/errors';
import { verifyPassword } from '../../lib/passwords';
import type { RequestContext } from '../../lib/request-context';
import type { RequestSession } from '../../plugins/types';
import type { MarkingPort, MarkOutcome } from './marking-port';
import { runAsSystem } from '../../db/tenant-context';

export const CHALLENGE_TTL_MS = 5 * 60 * 1000;

export interface RelyingParty {
  rpID: string;
  origin: string;
  rpName: string;
}

export function relyingPartyFrom(publicUrl: string): RelyingParty {
  const url = new URL(publicUrl);
  return { rpID: url.hostname, origin: url.origin, rpName: 'Jornada' };
}

const MSG = {
  sinConsentimiento:
    'Antes de registrar una huella el trabajador debe dar su consentimiento expreso para usar datos biométricos. Acepta el texto de consentimiento primero.',
  versionAntigua: 'El texto de consentimiento cambió. Recarga la página y vuelve a leerlo.',
  yaConsintio: 'Este trabajador ya dio su consentimiento.',
  pinRequerido: 'El trabajador debe confirmar su consentimiento escribiendo su PIN de marcaje.',
  pinSinDefinir:
    'El trabajador todavía no tiene PIN de marcaje: debe definirlo en «Mi PIN de marcaje» o dar su consentimiento desde su propia cuenta.',
  pinIncorrecto: 'El PIN del trabajador no es correcto.',
  huellaNoPermitida: 'Este trabajador no tiene la huella entre sus métodos de marcaje. Agrégala en su ficha antes de registrarla.',
  desafioInvalido: 'La solicitud de huella venció o ya se usó. Inténtalo de nuevo.',
  registroNoVerificado: 'No pudimos verificar la huella con este dispositivo. Inténtalo de nuevo.',
  yaRegistrada: 'Esta credencial ya está registrada.',
  sinHuellas: 'No tienes huellas registradas. Registra tu huella en «Registrar huella» antes de marcar con ella.',
  huellaNoVerificada: 'No pudimos verificar tu huella. Inténtalo de nuevo o marca con otro método.',
  credencialDesconocida: 'No reconocemos esta huella. Pide a un administrador que la registre.',
  noEsTuya: 'Esta huella pertenece a otra persona.',
} as const;

type UserRow = typeof users.$inferSelect;

const fold = (value: SQL | AnyPgColumn) => sql`translate(lower(${value}), 'áéíóúüñ', 'aeiouun')`;
const foldText = (text: string) => text.toLocaleLowerCase('es-CL').normalize('NFD').replace(/\p{Diacritic}/gu, '');
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function fullName(user: { nombre: string; apellidos: string }): string {
  return `${user.nombre} ${user.apellidos}`;
}

export function createFingerprintService(deps: { db: Db; rp: RelyingParty; marking: () => MarkingPort }) {
  const { db, rp } = deps;

  /** The subject of a call: the caller, or (administrators only) the worker they chose. */
  async function subjectOf(session: RequestSession, usuarioId: string | undefined): Promise<UserRow> {
    const id = usuarioId ?? session.userId;
    if (id !== session.userId) requirePerfil(session, 'administrador');
    requireId(id);
    const [user] = await db.select().from(users).where(and(eq(users.companyId, session.companyId), eq(users.id, id)));
    if (!user) throw notFound('El trabajador no existe.');
    return user;
  }

  async function currentConsent(tx: DbOrTx, companyId: string, userId: string) {
    const [row] = await tx
      .select()
      .from(biometricConsents)
      .where(and(eq(biometricConsents.companyId, companyId), eq(biometricConsents.userId, userId), isNull(biometricConsents.revokedAt)));
    return row;
  }

  async function toConsentimiento(row: typeof biometricConsents.$inferSelect): Promise<Consentimiento> {
    const [by] = await db
      .select({ nombre: users.nombre, apellidos: users.apellidos })
      .from(users)
      .where(and(eq(users.companyId, row.companyId), eq(users.id, row.recordedBy)));
    return {
      id: row.id,
      usuarioId: row.userId,
      version: row.textVersion,
      texto: row.text,
      otorgadoEn: row.grantedAt.toISOString(),
      registradoPor: { id: row.recordedBy, nombre: by ? fullName(by) : '—' },
      confirmacion: row.confirmation,
      ip: row.ip,
      revocadoEn: row.revokedAt?.toISOString() ?? null,
    };
  }

  const allowsHuella = (user: UserRow) => (user.metodosMarcaje as MetodoMarcaje[]).includes('huella');

  async function consentState(session: RequestSession, usuarioId: string | undefined): Promise<EstadoConsentimiento> {
    requirePerfil(session, 'administrador', 'supervisor', 'trabajador');
    const user = await subjectOf(session, usuarioId);
    const row = await currentConsent(db, session.companyId, user.id);
    return {
      version: CONSENTIMIENTO_HUELLA_VERSION,
      texto: CONSENTIMIENTO_HUELLA_TEXTO,
      consentimiento: row ? await toConsentimiento(row) : null,
      huellaPermitida: allowsHuella(user),
    };
  }

  async function grantConsent(session: RequestSession, body: OtorgarConsentimientoBody, context: RequestContext): Promise<Consentimiento> {
    requirePerfil(session, 'administrador', 'supervisor', 'trabajador');
    const user = await subjectOf(session, body.usuarioId);
    if (body.version !== CONSENTIMIENTO_HUELLA_VERSION) throw fieldError('version', MSG.versionAntigua);
    const self = user.id === session.userId;
    if (!self) {
      // An administrator captures it on a shared device: the worker signs by typing their own PIN.
      if (!body.pinTrabajador) throw fieldError('pinTrabajador', MSG.pinRequerido);
      const [pin] = await db
        .select({ pinHash: markingPins.pinHash })
        .from(markingPins)
        .where(and(eq(markingPins.companyId, session.companyId), eq(markingPins.userId, user.id)));
      if (!pin) throw fieldError('pinTrabajador', MSG.pinSinDefinir);
      if (!(await verifyPassword(pin.pinHash, body.pinTrabajador))) throw fieldError('pinTrabajador', MSG.pinIncorrecto);
    }
    const row = await db.transaction(async (tx) => {
      if (await currentConsent(tx, session.companyId, user.id)) throw new AppError('CONFLICT', MSG.yaConsintio);
      const [inserted] = await tx
        .insert(biometricConsents)
        .values({
          companyId: session.companyId,
          userId: user.id,
          textVersion: CONSENTIMIENTO_HUELLA_VERSION,
          text: CONSENTIMIENTO_HUELLA_TEXTO,
          grantedAt: context.now,
          recordedBy: session.userId,
          confirmation: self ? 'sesion_trabajador' : 'pin_trabajador',
          ip: context.ip,
          userAgent: context.userAgent,
        })
        .returning();
      return inserted!;
    });
    return toConsentimiento(row);
  }

  /** Withdrawal: the consent ends and every credential of the worker stops working at once. */
  async function withdrawConsent(session: RequestSession, usuarioId: string | undefined, now: Date): Promise<{ ok: true }> {
    requirePerfil(session, 'administrador', 'supervisor', 'trabajador');
    const user = await subjectOf(session, usuarioId);
    await db.transaction(async (tx) => {
      const current = await currentConsent(tx, session.companyId, user.id);
      if (!current) throw notFound('El trabajador no tiene un consentimiento vigente.');
      await tx
        .update(biometricConsents)
        .set({ revokedAt: now, revokedBy: session.userId })
        .where(and(eq(biometricConsents.companyId, session.companyId), eq(biometricConsents.id, current.id)));
      await tx
        .update(webauthnCredentials)
        .set({ revokedAt: now, revokedBy: session.userId })
        .where(and(eq(webauthnCredentials.companyId, session.companyId), eq(webauthnCredentials.userId, user.id), isNull(webauthnCredentials.revokedAt)));
    });
    return { ok: true };
  }

  async function activeCredentials(companyId: string, userId: string) {
    return db
      .select()
      .from(webauthnCredentials)
      .where(and(eq(webauthnCredentials.companyId, companyId), eq(webauthnCredentials.userId, userId), isNull(webauthnCredentials.revokedAt)));
  }

  async function storeChallenge(values: typeof webauthnChallenges.$inferInsert): Promise<void> {
    // Expired challenges are cleaned as new ones are made; the table stays small.
    await db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, new Date(values.expiresAt.getTime() - 2 * CHALLENGE_TTL_MS)));
    await db.insert(webauthnChallenges).values(values);
  }

  /** Single use: the challenge is marked used in the same statement that finds it. */
  async function consumeChallenge(challenge: string, now: Date, where: SQL) {
    const [row] = await db
      .update(webauthnChallenges)
      .set({ usedAt: now })
      .where(and(eq(webauthnChallenges.challenge, challenge), isNull(webauthnChallenges.usedAt), gt(webauthnChallenges.expiresAt, now), where))
      .returning();
    return row;
  }

  function challengeOf(response: { response: Record<string, unknown> }): string | null {
    try {
      const clientData = JSON.parse(Buffer.from(String(response.response.clientDataJSON ?? ''), 'base64url').toString('utf8')) as { challenge?: unknown };
      return typeof clientData.challenge === 'string' ? clientData.challenge : null;
    } catch {
      return null;
    }
  }

  async function registrationOptions(session: RequestSession, usuarioId: string | undefined, now: Date) {
    requirePerfil(session, 'administrador', 'supervisor', 'trabajador');
    const user = await subjectOf(session, usuarioId);
    if (!allowsHuella(user)) throw new AppError('VALIDATION', MSG.huellaNoPermitida);
    if (!(await currentConsent(db, session.companyId, user.id))) throw new AppError('VALIDATION', MSG.sinConsentimiento);
    const existing = await activeCredentials(session.companyId, user.id);
    const options = await generateRegistrationOptions({
      rpName: rp.rpName,
      rpID: rp.rpID,
      userName: formatRut(user.rut) ?? user.rut,
      userDisplayName: fullName(user),
      userID: new TextEncoder().encode(user.id),
      attestationType: 'none',
      timeout: CHALLENGE_TTL_MS,
      excludeCredentials: existing.map((c) => ({ id: c.credentialId, transports: c.transports as AuthenticatorTransport[] })),
      authenticatorSelection: { authenticatorAttachment: 'platform', residentKey: 'required', userVerification: 'required' },
      supportedAlgorithmIDs: [-7, -257],
    });
    await storeChallenge({
      challenge: options.challenge,
      companyId: session.companyId,
      purpose: 'registro',
      userId: user.id,
      requestedBy: session.userId,
      expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS),
    });
    return options as unknown as Record<string, unknown>;
  }

  async function register(
    session: RequestSession,
    body: { usuarioId?: string | undefined; nombreDispositivo: string; respuesta: Record<string, unknown> },
    now: Date,
  ): Promise<Credencial> {
    requirePerfil(session, 'administrador', 'supervisor', 'trabajador');
    const user = await subjectOf(session, body.usuarioId);
    const consent = await currentConsent(db, session.companyId, user.id);
    if (!consent) throw new AppError('VALIDATION', MSG.sinConsentimiento);
    const response = body.respuesta as unknown as RegistrationResponseJSON;
    const challenge = challengeOf(body.respuesta as { response: Record<string, unknown> });
    const stored =
      challenge &&
      (await consumeChallenge(
        challenge,
        now,
        and(
          eq(webauthnChallenges.companyId, session.companyId),
          eq(webauthnChallenges.purpose, 'registro'),
          eq(webauthnChallenges.userId, user.id),
          eq(webauthnChallenges.requestedBy, session.userId),
        )!,
      ));
    if (!stored) throw new AppError('VALIDATION', MSG.desafioInvalido);
    let verification;
    try {
      verification = await verifyRegistrationResponse({
        response,
        expectedChallenge: stored.challenge,
        expectedOrigin: rp.origin,
        expectedRPID: rp.rpID,
        requireUserVerification: true,
      });
    } catch {
      throw new AppError('VALIDATION', MSG.registroNoVerificado);
    }
    if (!verification.verified) throw new AppError('VALIDATION', MSG.registroNoVerificado);
    const { credential } = verification.registrationInfo;
    // A credential id is unique in the whole database: this look-up crosses companies (db/tenant-context.ts).
    const [taken] = await runAsSystem(() =>
      db.select({ id: webauthnCredentials.id }).from(webauthnCredentials).where(eq(webauthnCredentials.credentialId, credential.id)),
    );
    if (taken) throw new AppError('CONFLICT', MSG.yaRegistrada);
    const [row] = await db
      .insert(webauthnCredentials)
      .values({
        companyId: session.companyId,
        userId: user.id,
        credentialId: credential.id,
        publicKey: Buffer.from(credential.publicKey).toString('base64url'),
        counter: credential.counter,
        transports: credential.transports ?? [],
        deviceName: body.nombreDispositivo,
        consentId: consent.id,
        createdAt: now,
        createdBy: session.userId,
      })
      .returning({ id: webauthnCredentials.id });
    const page = await listCredentials(session, { usuarioId: user.id, estado: 'todas', page: 1, pageSize: 100 }, true);
    return page.items.find((c) => c.id === row!.id)!;
  }

  const credentialColumns = {
    id: webauthnCredentials.id,
    userId: users.id,
    nombre: users.nombre,
    apellidos: users.apellidos,
    rut: users.rut,
    sede: sites.nombre,
    deviceName: webauthnCredentials.deviceName,
    createdAt: webauthnCredentials.createdAt,
    createdBy: webauthnCredentials.createdBy,
    lastUsedAt: webauthnCredentials.lastUsedAt,
    revokedAt: webauthnCredentials.revokedAt,
  };

  function searchCondition(q: string | undefined): SQL | undefined {
    const words = (q ?? '').split(/\s+/).filter(Boolean).slice(0, 6);
    if (words.length === 0) return undefined;
    return and(
      ...words.map((word) => {
        const pattern = `%${escapeLike(foldText(word))}%`;
        const alternatives: SQL[] = [sql`${fold(users.nombre)} like ${pattern}`, sql`${fold(users.apellidos)} like ${pattern}`];
        const rutDigits = word.replace(/[.\-\s]/g, '').toLowerCase();
        if (/^\d{3,}k?$/.test(rutDigits)) alternatives.push(ilike(sql`replace(${users.rut}, '-', '')`, `%${rutDigits}%`));
        return or(...alternatives)!;
      }),
    );
  }

  async function listCredentials(session: RequestSession, query: CredencialesFiltro, skipPerfil = false) {
    if (!skipPerfil) requirePerfil(session, 'administrador');
    const { page, pageSize } = query;
    const where = and(
      eq(webauthnCredentials.companyId, session.companyId),
      query.usuarioId ? eq(webauthnCredentials.userId, query.usuarioId) : undefined,
      query.sedeId ? eq(users.siteId, query.sedeId) : undefined,
      query.estado === 'revocadas' ? isNotNull(webauthnCredentials.revokedAt) : query.estado === 'todas' ? undefined : isNull(webauthnCredentials.revokedAt),
      searchCondition(query.q),
    );
    const base = db
      .select(credentialColumns)
      .from(webauthnCredentials)
      .innerJoin(users, and(eq(users.companyId, webauthnCredentials.companyId), eq(users.id, webauthnCredentials.userId)))
      .leftJoin(sites, and(eq(sites.companyId, users.companyId), eq(sites.id, users.siteId)));
    const rows = await base
      .where(where)
      .orderBy(desc(webauthnCredentials.createdAt), asc(webauthnCredentials.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize);
    const [total] = await db
      .select({ n: count() })
      .from(webauthnCredentials)
      .innerJoin(users, and(eq(users.companyId, webauthnCredentials.companyId), eq(users.id, webauthnCredentials.userId)))
      .where(where);
    const creators = await namesOf(session.companyId, [...new Set(rows.map((r) => r.createdBy))]);
    return {
      items: rows.map(
        (r): Credencial => ({
          id: r.id,
          usuario: { id: r.userId, nombre: fullName(r), rut: formatRut(r.rut) ?? r.rut, sede: r.sede },
          nombreDispositivo: r.deviceName,
          registradaEn: r.createdAt.toISOString(),
          registradaPor: creators.get(r.createdBy) ?? '—',
          ultimoUso: r.lastUsedAt?.toISOString() ?? null,
          revocadaEn: r.revokedAt?.toISOString() ?? null,
        }),
      ),
      total: total?.n ?? 0,
      page,
      pageSize,
    };
  }

  async function namesOf(companyId: string, ids: string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const rows = await db
      .select({ id: users.id, nombre: users.nombre, apellidos: users.apellidos })
      .from(users)
      .where(and(eq(users.companyId, companyId), sql`${users.id} = any(${sql.param(ids)}::uuid[])`));
    return new Map(rows.map((r) => [r.id, fullName(r)]));
  }

  async function myCredentials(session: RequestSession) {
    requirePerfil(session, 'administrador', 'supervisor', 'trabajador');
    const page = await listCredentials(session, { usuarioId: session.userId, estado: 'activas', page: 1, pageSize: 100 }, true);
    return { items: page.items };
  }

  /** Workers allowed the fingerprint who have no active credential. */
  async function pending(session: RequestSession, query: PendientesFiltro, today: string) {
    requirePerfil(session, 'administrador');
    const { page, pageSize } = query;
    const where = and(
      eq(users.companyId, session.companyId),
      eq(users.active, true),
      or(isNull(users.finContrato), sql`${users.finContrato} >= ${today}`),
      sql`'huella' = any(${users.metodosMarcaje})`,
      sql`not exists (select 1 from ${webauthnCredentials} c where c.company_id = ${users.companyId} and c.user_id = ${users.id} and c.revoked_at is null)`,
      query.sedeId ? eq(users.siteId, query.sedeId) : undefined,
      searchCondition(query.q),
    );
    const rows = await db
      .select({
        id: users.id,
        nombre: users.nombre,
        apellidos: users.apellidos,
        rut: users.rut,
        sede: sites.nombre,
        consentimiento: sql<boolean>`exists (select 1 from ${biometricConsents} b where b.company_id = ${users.companyId} and b.user_id = ${users.id} and b.revoked_at is null)`,
      })
      .from(users)
      .leftJoin(sites, and(eq(sites.companyId, users.companyId), eq(sites.id, users.siteId)))
      .where(where)
      .orderBy(asc(users.apellidos), asc(users.nombre), asc(users.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize);
    const [total] = await db.select({ n: count() }).from(users).where(where);
    return {
      items: rows.map((r) => ({ id: r.id, nombre: fullName(r), rut: formatRut(r.rut) ?? r.rut, sede: r.sede, consentimiento: Boolean(r.consentimiento) })),
      total: total?.n ?? 0,
      page,
      pageSize,
    };
  }

  /** An administrator revokes any credential of the company; a worker may revoke their own. */
  async function revoke(session: RequestSession, id: string, now: Date): Promise<{ ok: true }> {
    requirePerfil(session, 'administrador', 'supervisor', 'trabajador');
    requireId(id, 'La huella no existe.');
    const own = session.perfil === 'administrador' ? undefined : eq(webauthnCredentials.userId, session.userId);
    const [row] = await db
      .update(webauthnCredentials)
      .set({ revokedAt: now, revokedBy: session.userId })
      .where(and(eq(webauthnCredentials.companyId, session.companyId), eq(webauthnCredentials.id, id), isNull(webauthnCredentials.revokedAt), own))
      .returning({ id: webauthnCredentials.id });
    if (!row) throw notFound('La huella no existe o ya estaba revocada.');
    return { ok: true };
  }

  // ---- Marking -----------------------------------------------------------------------------------

  /** Web marking: only the signed-in worker's own credentials are offered. */
  async function markOptionsForSession(session: RequestSession, now: Date) {
    requirePerfil(session, 'administrador', 'supervisor', 'trabajador');
    const credentials = await activeCredentials(session.companyId, session.userId);
    if (credentials.length === 0) throw new AppError('VALIDATION', MSG.sinHuellas);
    const options = await generateAuthenticationOptions({
      rpID: rp.rpID,
      userVerification: 'required',
      timeout: CHALLENGE_TTL_MS,
      allowCredentials: credentials.map((c) => ({ id: c.credentialId, transports: c.transports as AuthenticatorTransport[] })),
    });
    await storeChallenge({
      challenge: options.challenge,
      companyId: session.companyId,
      purpose: 'marca',
      userId: session.userId,
      requestedBy: session.userId,
      expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS),
    });
    return options as unknown as Record<string, unknown>;
  }

  /** Kiosk: no allow-list, the discoverable credential names the worker. */
  async function markOptionsForKiosk(kiosk: { companyId: string; id: string }, now: Date) {
    const options = await generateAuthenticationOptions({ rpID: rp.rpID, userVerification: 'required', timeout: CHALLENGE_TTL_MS, allowCredentials: [] });
    await storeChallenge({
      challenge: options.challenge,
      companyId: kiosk.companyId,
      purpose: 'marca',
      kioskId: kiosk.id,
      expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS),
    });
    return options as unknown as Record<string, unknown>;
  }

  interface AssertionMark {
    companyId: string;
    /** Web marking: the signed-in worker; kiosk: null (the credential decides). */
    userId: string | null;
    kiosk: { id: string; siteId: string; nombre: string } | null;
    tipo: TipoMarca;
    respuesta: Record<string, unknown>;
    idCliente?: string | undefined;
    posicion?: Posicion | undefined;
    dispositivo?: string | undefined;
    now: Date;
  }

  async function markWithAssertion(input: AssertionMark): Promise<MarkOutcome & { trabajador: { id: string; nombre: string } | null }> {
    const marking = deps.marking();
    const dispositivo = input.kiosk ? `Quiosco ${input.kiosk.nombre}` : (input.dispositivo ?? 'Marcaje web con huella');
    const siteId = input.kiosk?.siteId ?? null;
    const fail = async (motivo: 'huella_no_verificada' | 'credencial_desconocida', userId: string | null, detalle: string, message: string) => {
      await marking.attempt({ companyId: input.companyId, userId, tipo: input.tipo, metodo: 'huella', motivo, detalle, dispositivo, siteId, deviceId: input.kiosk?.id, now: input.now });
      return new AppError(motivo === 'credencial_desconocida' ? 'NOT_FOUND' : 'VALIDATION', message);
    };
    const challenge = challengeOf(input.respuesta as { response: Record<string, unknown> });
    const stored =
      challenge &&
      (await consumeChallenge(
        challenge,
        input.now,
        and(
          eq(webauthnChallenges.companyId, input.companyId),
          eq(webauthnChallenges.purpose, 'marca'),
          input.kiosk ? eq(webauthnChallenges.kioskId, input.kiosk.id) : eq(webauthnChallenges.userId, input.userId!),
        )!,
      ));
    if (!stored) throw await fail('huella_no_verificada', input.userId, 'Desafío vencido, usado o ajeno', MSG.desafioInvalido);
    const credentialId = typeof input.respuesta.id === 'string' ? input.respuesta.id : '';
    const [credential] = await db
      .select()
      .from(webauthnCredentials)
      .where(and(eq(webauthnCredentials.credentialId, credentialId), eq(webauthnCredentials.companyId, input.companyId), isNull(webauthnCredentials.revokedAt)));
    if (!credential) throw await fail('credencial_desconocida', input.userId, 'Credencial no registrada, revocada o de otra empresa', MSG.credencialDesconocida);
    if (input.userId && credential.userId !== input.userId) {
      throw await fail('huella_no_verificada', input.userId, 'La credencial pertenece a otro trabajador', MSG.noEsTuya);
    }
    let verification;
    try {
      verification = await verifyAuthenticationResponse({
        response: input.respuesta as unknown as AuthenticationResponseJSON,
        expectedChallenge: stored.challenge,
        expectedOrigin: rp.origin,
        expectedRPID: rp.rpID,
        requireUserVerification: true,
        credential: {
          id: credential.credentialId,
          publicKey: new Uint8Array(Buffer.from(credential.publicKey, 'base64url')),
          counter: credential.counter,
          transports: credential.transports as AuthenticatorTransport[],
        },
      });
    } catch (error) {
      const detalle = error instanceof Error ? error.message.slice(0, 200) : 'Firma inválida';
      throw await fail('huella_no_verificada', credential.userId, detalle, MSG.huellaNoVerificada);
    }
    if (!verification.verified) throw await fail('huella_no_verificada', credential.userId, 'Firma inválida', MSG.huellaNoVerificada);
    await db
      .update(webauthnCredentials)
      .set({ counter: verification.authenticationInfo.newCounter, lastUsedAt: input.now })
      .where(and(eq(webauthnCredentials.companyId, input.companyId), eq(webauthnCredentials.id, credential.id)));
    const [worker] = await db
      .select({ id: users.id, nombre: users.nombre, apellidos: users.apellidos, siteId: users.siteId })
      .from(users)
      .where(and(eq(users.companyId, input.companyId), eq(users.id, credential.userId)));
    // A kiosk marks only for its own site's workers (and for workers without a site).
    if (input.kiosk && worker?.siteId && worker.siteId !== input.kiosk.siteId) {
      throw new AppError('FORBIDDEN', 'Este trabajador no pertenece a la sede de este quiosco.');
    }
    const outcome = await marking.record({
      companyId: input.companyId,
      userId: credential.userId,
      tipo: input.tipo,
      metodo: 'huella',
      idCliente: input.idCliente,
      posicion: input.posicion,
      dispositivo,
      siteId,
      deviceId: input.kiosk?.id,
      now: input.now,
    });
    return { ...outcome, trabajador: worker ? { id: worker.id, nombre: fullName(worker) } : null };
  }

  return {
    consentState,
    grantConsent,
    withdrawConsent,
    registrationOptions,
    register,
    listCredentials: (session: RequestSession, query: CredencialesFiltro) => listCredentials(session, query),
    myCredentials,
    pending,
    revoke,
    markOptionsForSession,
    markOptionsForKiosk,
    markWithAssertion,
  };
}

export type FingerprintService = ReturnType<typeof createFingerprintService>;
