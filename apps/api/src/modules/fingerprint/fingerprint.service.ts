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
  ACCESS,
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
import type { Db } from '../../db/client';
import { fieldError, notFound, requireId, requirePerfil } from '../../lib/access';
import { AppError } from '../../lib/errors';
import { verifyPassword } from '../../lib/passwords';
import type { RequestContext } from '../../lib/request-context';
import type { RequestSession } from '../../plugins/types';
import * as repo from './fingerprint.repository';
import type { ConsentRow, UserRow } from './fingerprint.repository';
import type { MarkingPinReader, MarkingPort, MarkOutcome } from './marking-port';

const CHALLENGE_TTL_MS = 5 * 60 * 1000;

interface RelyingParty {
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

function fullName(user: { nombre: string; apellidos: string }): string {
  return `${user.nombre} ${user.apellidos}`;
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

export function createFingerprintService(deps: { db: Db; rp: RelyingParty; marking: () => MarkingPort; pins: () => MarkingPinReader }) {
  const { db, rp } = deps;

  /** The subject of a call: the caller, or (administrators only) the worker they chose. */
  async function subjectOf(session: RequestSession, usuarioId: string | undefined): Promise<UserRow> {
    const id = usuarioId ?? session.userId;
    if (id !== session.userId) requirePerfil(session, ...ACCESS.fingerprintEnrolOthers);
    requireId(id);
    const user = await repo.findUser(db, session.companyId, id);
    if (!user) throw notFound('El trabajador no existe.');
    return user;
  }

  async function toConsentimiento(row: ConsentRow): Promise<Consentimiento> {
    const by = await repo.userName(db, row.companyId, row.recordedBy);
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
    requirePerfil(session, ...ACCESS.fingerprintEnrol);
    const user = await subjectOf(session, usuarioId);
    const row = await repo.currentConsent(db, session.companyId, user.id);
    return {
      version: CONSENTIMIENTO_HUELLA_VERSION,
      texto: CONSENTIMIENTO_HUELLA_TEXTO,
      consentimiento: row ? await toConsentimiento(row) : null,
      huellaPermitida: allowsHuella(user),
    };
  }

  async function grantConsent(session: RequestSession, body: OtorgarConsentimientoBody, context: RequestContext): Promise<Consentimiento> {
    requirePerfil(session, ...ACCESS.fingerprintEnrol);
    const user = await subjectOf(session, body.usuarioId);
    if (body.version !== CONSENTIMIENTO_HUELLA_VERSION) throw fieldError('version', MSG.versionAntigua);
    const self = user.id === session.userId;
    if (!self) {
      // An administrator captures it on a shared device: the worker signs by typing their own PIN.
      if (!body.pinTrabajador) throw fieldError('pinTrabajador', MSG.pinRequerido);
      const pinHash = await deps.pins().pinHashOf(session.companyId, user.id);
      if (!pinHash) throw fieldError('pinTrabajador', MSG.pinSinDefinir);
      if (!(await verifyPassword(pinHash, body.pinTrabajador))) throw fieldError('pinTrabajador', MSG.pinIncorrecto);
    }
    const row = await db.transaction(async (tx) => {
      if (await repo.currentConsent(tx, session.companyId, user.id)) throw new AppError('CONFLICT', MSG.yaConsintio);
      return repo.insertConsent(tx, {
        companyId: session.companyId,
        userId: user.id,
        textVersion: CONSENTIMIENTO_HUELLA_VERSION,
        text: CONSENTIMIENTO_HUELLA_TEXTO,
        grantedAt: context.now,
        recordedBy: session.userId,
        confirmation: self ? 'sesion_trabajador' : 'pin_trabajador',
        ip: context.ip,
        userAgent: context.userAgent,
      });
    });
    return toConsentimiento(row);
  }

  /** Withdrawal: the consent ends and every credential of the worker stops working at once. */
  async function withdrawConsent(session: RequestSession, usuarioId: string | undefined, now: Date): Promise<{ ok: true }> {
    requirePerfil(session, ...ACCESS.fingerprintEnrol);
    const user = await subjectOf(session, usuarioId);
    await db.transaction(async (tx) => {
      const current = await repo.currentConsent(tx, session.companyId, user.id);
      if (!current) throw notFound('El trabajador no tiene un consentimiento vigente.');
      await repo.revokeConsentAndCredentials(tx, session.companyId, current.id, user.id, session.userId, now);
    });
    return { ok: true };
  }

  async function storeChallenge(values: repo.NewChallenge): Promise<void> {
    // Expired challenges are cleaned as new ones are made; the table stays small.
    await repo.storeChallenge(db, values, new Date(values.expiresAt.getTime() - 2 * CHALLENGE_TTL_MS));
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
    requirePerfil(session, ...ACCESS.fingerprintEnrol);
    const user = await subjectOf(session, usuarioId);
    if (!allowsHuella(user)) throw new AppError('VALIDATION', MSG.huellaNoPermitida);
    if (!(await repo.currentConsent(db, session.companyId, user.id))) throw new AppError('VALIDATION', MSG.sinConsentimiento);
    const existing = await repo.activeCredentials(db, session.companyId, user.id);
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
    requirePerfil(session, ...ACCESS.fingerprintEnrol);
    const user = await subjectOf(session, body.usuarioId);
    const consent = await repo.currentConsent(db, session.companyId, user.id);
    if (!consent) throw new AppError('VALIDATION', MSG.sinConsentimiento);
    const response = body.respuesta as unknown as RegistrationResponseJSON;
    const challenge = challengeOf(body.respuesta as { response: Record<string, unknown> });
    const stored =
      challenge &&
      (await repo.consumeChallenge(db, challenge, now, { companyId: session.companyId, purpose: 'registro', userId: user.id, requestedBy: session.userId }));
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
    if (await repo.credentialIdTaken(db, credential.id)) throw new AppError('CONFLICT', MSG.yaRegistrada);
    const row = await repo.insertCredential(db, {
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
    });
    const page = await listCredentials(session, { usuarioId: user.id, estado: 'todas', page: 1, pageSize: 100 }, true);
    return page.items.find((c) => c.id === row.id)!;
  }

  async function listCredentials(session: RequestSession, query: CredencialesFiltro, skipPerfil = false) {
    if (!skipPerfil) requirePerfil(session, ...ACCESS.fingerprintRegister);
    const { page, pageSize } = query;
    const { rows, total } = await repo.listCredentialRows(db, session.companyId, query, { limit: pageSize, offset: (page - 1) * pageSize });
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
      total,
      page,
      pageSize,
    };
  }

  async function namesOf(companyId: string, ids: string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const rows = await repo.userNames(db, companyId, ids);
    return new Map(rows.map((r) => [r.id, fullName(r)]));
  }

  async function myCredentials(session: RequestSession) {
    requirePerfil(session, ...ACCESS.fingerprintEnrol);
    const page = await listCredentials(session, { usuarioId: session.userId, estado: 'activas', page: 1, pageSize: 100 }, true);
    return { items: page.items };
  }

  /** Workers allowed the fingerprint who have no active credential. */
  async function pending(session: RequestSession, query: PendientesFiltro, today: string) {
    requirePerfil(session, ...ACCESS.fingerprintRegister);
    const { page, pageSize } = query;
    const { rows, total } = await repo.pendingWorkers(db, session.companyId, query, today, { limit: pageSize, offset: (page - 1) * pageSize });
    return {
      items: rows.map((r) => ({ id: r.id, nombre: fullName(r), rut: formatRut(r.rut) ?? r.rut, sede: r.sede, consentimiento: Boolean(r.consentimiento) })),
      total,
      page,
      pageSize,
    };
  }

  /** An administrator revokes any credential of the company; a worker may revoke their own. */
  async function revoke(session: RequestSession, id: string, now: Date): Promise<{ ok: true }> {
    requirePerfil(session, ...ACCESS.fingerprintEnrol);
    requireId(id, 'La huella no existe.');
    const ownerId = session.perfil === 'administrador' ? undefined : session.userId;
    if (!(await repo.revokeCredential(db, session.companyId, id, ownerId, session.userId, now))) throw notFound('La huella no existe o ya estaba revocada.');
    return { ok: true };
  }

  // ---- Marking -----------------------------------------------------------------------------------

  /** Web marking: only the signed-in worker's own credentials are offered. */
  async function markOptionsForSession(session: RequestSession, now: Date) {
    requirePerfil(session, ...ACCESS.webMarking);
    const credentials = await repo.activeCredentials(db, session.companyId, session.userId);
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
      (await repo.consumeChallenge(
        db,
        challenge,
        input.now,
        input.kiosk
          ? { companyId: input.companyId, purpose: 'marca', kioskId: input.kiosk.id }
          : { companyId: input.companyId, purpose: 'marca', userId: input.userId! },
      ));
    if (!stored) throw await fail('huella_no_verificada', input.userId, 'Desafío vencido, usado o ajeno', MSG.desafioInvalido);
    const credentialId = typeof input.respuesta.id === 'string' ? input.respuesta.id : '';
    const credential = await repo.activeCredentialById(db, input.companyId, credentialId);
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
    await repo.recordCredentialUse(db, input.companyId, credential.id, verification.authenticationInfo.newCounter, input.now);
    const worker = await repo.workerOf(db, input.companyId, credential.userId);
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
