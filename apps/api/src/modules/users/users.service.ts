import {
  ACCESS,
  type actualizarUsuarioBodySchema,
  type crearUsuarioBodySchema,
  type crearUsuarioV1BodySchema,
  type desactivarUsuarioBodySchema,
  type EnvioInvitaciones,
  EXCEPTION_DATES_ORDER_MESSAGE,
  exceptionDatesInOrder,
  type exportarUsuariosQuerySchema,
  nombreJornadaExcepcional,
  type Perfil,
  type reactivarUsuarioBodySchema,
  type transferirPrincipalBodySchema,
  type Usuario,
  type UsuarioCreado,
  type UsuariosPage,
  type usuariosQuerySchema,
} from '@jornada/contracts';
import type { LedGroupsPort } from '../groups/index';
import { formatRut } from '@jornada/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client';
import { fieldError, notFound, requireId, requirePerfil } from '../../lib/access';
import type { BackgroundTasks } from '../../lib/background';
import { localDate } from '../../lib/clock';
import { isUniqueViolation } from '../../lib/db-errors';
import { AppError, MESSAGES } from '../../lib/errors';
import type { Mailer } from '../../lib/mailer';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { runExport } from '../../lib/render/index';
import { DATE_FORMAT, excelDate, writeXlsx } from '../../lib/spreadsheet/index';
import type { RequestSession } from '../../plugins/types';
import type { UserSessionsPort } from '../auth/index';
import { sameRazonSocial, type CompaniesService } from '../companies/index';
import { identityChangeMail, type IdentityNotice } from './identity-change-mail';
import type { Invitations, QueuedInvitations } from './invitations.service';
import * as repo from './users.repository';
import { principalOwnChanges, PRINCIPAL_OWN_DATA, removesAccess, weeklyHoursProblem } from './users.rules';

type CrearUsuarioInput = z.output<typeof crearUsuarioBodySchema>;
type CrearUsuarioV1Input = z.output<typeof crearUsuarioV1BodySchema>;
type ActualizarUsuarioInput = z.output<typeof actualizarUsuarioBodySchema>;
type UsuariosQueryInput = z.output<typeof usuariosQuerySchema>;
type ExportarUsuariosInput = z.output<typeof exportarUsuariosQuerySchema>;
type TransferirPrincipalInput = z.output<typeof transferirPrincipalBodySchema>;

const RUT_TAKEN = 'La empresa ya tiene un usuario con ese RUT.';
const RAZON_SOCIAL_MISMATCH = 'La razón social no coincide con la de la empresa registrada.';
const PRINCIPAL_EXISTS = 'La empresa ya tiene su usuario administrador principal.';
const USER_NOT_FOUND = 'El usuario no existe.';
export const LEADER_PERFILES: readonly Perfil[] = ['supervisor', 'administrador'];

function rutTaken(): AppError {
  return new AppError('CONFLICT', RUT_TAKEN, { rut: RUT_TAKEN });
}

function userValues(input: CrearUsuarioInput, companyId: string, perfil: Perfil, passwordHash: string, now: Date): repo.NewUser {
  return {
    companyId,
    rut: input.rut,
    nombre: input.nombre,
    apellidos: input.apellidos,
    cargo: input.cargo ?? null,
    email: input.email,
    direccion: input.direccion ?? null,
    telefono: input.telefono ?? null,
    perfil,
    principal: false,
    inicioContrato: input.inicio_contrato,
    finContrato: input.fin_contrato ?? null,
    passwordHash,
    createdAt: now,
    updatedAt: now,
  };
}

/** A user row as the API shows it. */
function toUsuario(row: repo.UserWithRefs, led: { id: string; nombre: string }[], today: string): Usuario {
  const u = row.user;
  return {
    id: u.id,
    rut: formatRut(u.rut) ?? u.rut,
    nombre: u.nombre,
    apellidos: u.apellidos,
    cargo: u.cargo,
    perfil: u.perfil,
    principal: u.principal,
    email: u.email,
    emailPersonal: u.emailPersonal,
    direccion: u.direccion,
    telefono: u.telefono,
    sede: u.siteId && row.siteNombre !== null ? { id: u.siteId, nombre: row.siteNombre } : null,
    grupo: u.groupId && row.groupNombre !== null ? { id: u.groupId, nombre: row.groupNombre } : null,
    jornadaExcepcional: row.jornadaExcepcional
      ? { id: row.jornadaExcepcional.id, nombre: nombreJornadaExcepcional(row.jornadaExcepcional), origen: u.jornadaExcepcionalId ? 'trabajador' : 'grupo' }
      : null,
    gruposLiderados: led,
    horasSemanales: u.horasSemanales,
    sueldoBase: u.sueldoBase,
    numeroContrato: u.numeroContrato,
    aniosReconocidosAnteriores: u.aniosReconocidosAnteriores,
    exceptuadoDescansoDominical: u.exceptuadoDescansoDominical,
    exceptuadoDescansoDominicalDesde: u.exceptuadoDescansoDominicalDesde,
    exceptuadoDescansoDominicalHasta: u.exceptuadoDescansoDominicalHasta,
    excluidoLimiteJornada: u.excluidoLimiteJornada,
    bandaInicioFlexibleMinutos: u.bandaInicioFlexibleMinutos,
    jornadaPromedio:
      u.jornadaPromedioSemanas !== null && u.jornadaPromedioDesde !== null
        ? { semanasCiclo: u.jornadaPromedioSemanas, desde: u.jornadaPromedioDesde, hasta: u.jornadaPromedioHasta }
        : null,
    derechoAlimentacionHasta: u.derechoAlimentacionHasta,
    derechoAlimentacionModo: u.derechoAlimentacionModo,
    metodosMarcaje: u.metodosMarcaje,
    inicioContrato: u.inicioContrato,
    finContrato: u.finContrato,
    activo: u.active && (u.finContrato === null || u.finContrato >= today),
    desactivadoEn: u.deactivatedAt ? u.deactivatedAt.toISOString() : null,
    motivoDesactivacion: u.deactivationReason,
    claveDefinida: u.passwordHash !== null,
    creadoEn: u.createdAt.toISOString(),
    actualizadoEn: u.updatedAt.toISOString(),
  };
}

interface UsersServiceDeps {
  db: Db;
  companies: CompaniesService;
  /** Ends a user's sessions when a change removes their access (modules/auth, given at assembly). */
  sessions: UserSessionsPort;
  mailer: Mailer;
  background: BackgroundTasks;
  invitations: Invitations;
  log: FastifyBaseLogger;
  /** A supervisor's groups (modules/groups' `app.ledGroups`). */
  ledGroups: LedGroupsPort;
}

export function createUsersService(deps: UsersServiceDeps) {
  const { db, companies, sessions, ledGroups } = deps;

  async function insert<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      // A RUT is unique within a company (the same person may work for another company too).
      if (isUniqueViolation(error, 'users_company_rut_key') || isUniqueViolation(error, 'logins_pkey')) throw rutTaken();
      if (isUniqueViolation(error, 'users_company_principal_key')) throw new AppError('CONFLICT', PRINCIPAL_EXISTS);
      throw error;
    }
  }

  /** The onboarding path's transaction: claims the one-time code and creates the principal administrator. */
  function createPrincipalWith(onboardingToken: string | null, input: CrearUsuarioInput, passwordHash: string, now: Date): Promise<string> {
    return insert(() =>
      db.transaction(async (tx) => {
        const company = await companies.claimOnboardingToken(tx, onboardingToken, now);
        if (!sameRazonSocial(company.razonSocial, input.razon_social)) {
          throw new AppError('VALIDATION', MESSAGES.validation, { razon_social: RAZON_SOCIAL_MISMATCH });
        }
        if (await repo.companyHasPrincipal(tx, company.id)) throw new AppError('CONFLICT', PRINCIPAL_EXISTS);
        return repo.insertUserWithLogin(tx, { ...userValues(input, company.id, 'administrador', passwordHash, now), principal: true });
      }),
    );
  }

  /** The users a caller may see: an administrator all; a supervisor the members of the groups they lead. */
  async function scopeOf(session: RequestSession): Promise<repo.UserScope> {
    if (session.perfil === 'administrador') return { all: true };
    return { groupIds: await ledGroups.ledGroupIds(session.companyId, session.userId) };
  }

  async function present(rows: repo.UserWithRefs[], companyId: string, now: Date): Promise<Usuario[]> {
    const led = await repo.ledGroupsByUser(
      db,
      companyId,
      rows.map((row) => row.user.id),
    );
    const today = localDate(now);
    return rows.map((row) => toUsuario(row, led.get(row.user.id) ?? [], today));
  }

  async function load(companyId: string, id: string, now: Date): Promise<Usuario> {
    const row = await repo.findUser(db, companyId, id);
    if (!row) throw notFound(USER_NOT_FOUND);
    return (await present([row], companyId, now))[0]!;
  }

  /** Sede and grupo must be of the caller's company; a foreign id reads as unknown. */
  async function checkRefs(
    tx: DbOrTx,
    companyId: string,
    input: { sedeId?: string | null | undefined; grupoId?: string | null | undefined; jornadaExcepcionalId?: string | null | undefined },
  ) {
    if (input.sedeId && !(await repo.siteExists(tx, companyId, input.sedeId))) throw fieldError('sedeId', 'La sede no existe.');
    if (input.grupoId && !(await repo.groupExists(tx, companyId, input.grupoId))) throw fieldError('grupoId', 'El grupo no existe.');
    if (input.jornadaExcepcionalId && !(await repo.exceptionalScheduleExists(tx, companyId, input.jornadaExcepcionalId))) {
      throw fieldError('jornadaExcepcionalId', 'La jornada excepcional no existe.');
    }
  }

  /** Queues the new users' invitations inside the caller's transaction; send them after commit (sendInvitations). */
  function createInvitations(tx: DbOrTx, companyId: string, userIds: string[], now: Date): Promise<QueuedInvitations> {
    return deps.invitations.queue(tx, companyId, userIds, now);
  }

  /**
   * After commit: sends the invitations the company may send now (its e-mail confirmed, the day's
   * maximum not reached) in the background, and says in Spanish what happened to these ones.
   */
  function sendInvitations(queued: QueuedInvitations, now: Date): Promise<EnvioInvitaciones> {
    return deps.invitations.dispatch(queued, now);
  }

  /**
   * An e-mail or RUT is how an account is recovered and signed into: an administrator's are changed
   * only by that administrator (never by another one, the principal's by nobody else), and whoever
   * changes an administrator's re-enters their own password. Other users' are corrected by any
   * administrator. Either way the old address is told afterwards (sendIdentityNotices).
   */
  async function guardIdentityChange(tx: DbOrTx, session: RequestSession, target: repo.UserRow, passwordActual: string | undefined): Promise<void> {
    if (target.perfil !== 'administrador') return;
    if (target.id !== session.userId) {
      throw new AppError('FORBIDDEN', 'Solo cada administrador puede cambiar su propio correo o su RUT.');
    }
    const message = 'Ingresa tu contraseña actual para cambiar tu correo o tu RUT.';
    if (!passwordActual) throw fieldError('passwordActual', message);
    if (!(await verifyPassword(target.passwordHash, passwordActual))) throw fieldError('passwordActual', 'La contraseña actual no es correcta.');
  }

  /** Tells the old address of each changed e-mail or RUT, in the background. */
  function sendIdentityNotices(companyId: string, notices: IdentityNotice[]): void {
    if (notices.length === 0) return;
    deps.background.run(
      async () => {
        const company = await companies.findById(companyId);
        for (const notice of notices) await deps.mailer.send(identityChangeMail({ ...notice, razonSocial: company?.razonSocial ?? '' }));
      },
      (error) => deps.log.error({ err: error }, 'no se pudo avisar el cambio de correo o RUT'),
    );
  }

  return {
    /**
     * The onboarding path: creates the company's principal administrator with the one-time token of
     * empresa/crear. The token is consumed in the same transaction, so it works once even under races.
     */
    async createPrincipal(onboardingToken: string | null, input: CrearUsuarioInput, now: Date): Promise<string> {
      const passwordHash = await hashPassword(input.password);
      return createPrincipalWith(onboardingToken, input, passwordHash, now);
    },

    /** The spec's call: an administrator adds a worker (with a password) to their own company. */
    async createByAdmin(session: RequestSession, input: CrearUsuarioInput, now: Date): Promise<string> {
      if (session.perfil !== 'administrador') throw new AppError('FORBIDDEN', 'Solo un administrador puede crear usuarios.');
      const company = await companies.findById(session.companyId);
      if (!company) throw new AppError('UNAUTHENTICATED', MESSAGES.unauthenticated);
      if (!sameRazonSocial(company.razonSocial, input.razon_social)) {
        throw new AppError('VALIDATION', MESSAGES.validation, { razon_social: RAZON_SOCIAL_MISMATCH });
      }
      const passwordHash = await hashPassword(input.password);
      return insert(() => db.transaction((tx) => repo.insertUserWithLogin(tx, userValues(input, company.id, 'trabajador', passwordHash, now))));
    },

    async list(session: RequestSession, query: UsuariosQueryInput, now: Date): Promise<UsuariosPage> {
      requirePerfil(session, ...ACCESS.users);
      const scope = await scopeOf(session);
      const { page, pageSize, ...filters } = query;
      const { rows, total } = await repo.listUsers(db, session.companyId, cleanFilters(filters), scope, localDate(now), {
        limit: pageSize,
        offset: (page - 1) * pageSize,
      });
      return { items: await present(rows, session.companyId, now), total, page, pageSize };
    },

    /** The filtered list as an xlsx workbook (every match, no paging), in the company's export turn (lib/render). */
    async exportXlsx(session: RequestSession, query: ExportarUsuariosInput, now: Date): Promise<Buffer> {
      requirePerfil(session, ...ACCESS.users);
      return runExport(session.companyId, async () => {
        const scope = await scopeOf(session);
        const { rows } = await repo.listUsers(db, session.companyId, cleanFilters(query), scope, localDate(now), null);
        const items = await present(rows, session.companyId, now);
        return writeXlsx({
          sheetName: 'Usuarios',
          rows: items,
          columns: [
            { header: 'RUT', width: 14, value: (u) => u.rut },
            { header: 'Nombre', width: 18, value: (u) => u.nombre },
            { header: 'Apellidos', width: 24, value: (u) => u.apellidos },
            { header: 'Cargo', width: 22, value: (u) => u.cargo },
            { header: 'Perfil', width: 14, value: (u) => u.perfil },
            { header: 'Correo', width: 28, value: (u) => u.email },
            { header: 'Correo personal', width: 28, value: (u) => u.emailPersonal },
            { header: 'Teléfono', width: 16, value: (u) => u.telefono },
            { header: 'Dirección', width: 30, value: (u) => u.direccion },
            { header: 'Sede', width: 22, value: (u) => u.sede?.nombre },
            { header: 'Grupo', width: 22, value: (u) => u.grupo?.nombre },
            { header: 'Horas semanales', width: 10, value: (u) => u.horasSemanales },
            { header: 'Sueldo base', width: 14, value: (u) => u.sueldoBase, numFmt: '#,##0' },
            { header: 'Métodos de marcaje', width: 22, value: (u) => u.metodosMarcaje.join(', ') },
            { header: 'Inicio contrato', width: 14, value: (u) => excelDate(u.inicioContrato), numFmt: DATE_FORMAT },
            { header: 'Fin contrato', width: 14, value: (u) => excelDate(u.finContrato), numFmt: DATE_FORMAT },
            { header: 'Años con empleadores anteriores', width: 12, value: (u) => u.aniosReconocidosAnteriores },
            { header: 'Activo', width: 8, value: (u) => (u.activo ? 'Sí' : 'No') },
          ],
        });
      });
    },

    async get(session: RequestSession, id: string, now: Date): Promise<Usuario> {
      requirePerfil(session, ...ACCESS.userDetail);
      requireId(id, USER_NOT_FOUND);
      if (session.perfil === 'trabajador' && id !== session.userId) throw notFound(USER_NOT_FOUND);
      const user = await load(session.companyId, id, now);
      if (session.perfil === 'supervisor' && id !== session.userId) {
        const led = await ledGroups.ledGroupIds(session.companyId, session.userId);
        if (!user.grupo || !led.includes(user.grupo.id)) throw notFound(USER_NOT_FOUND);
      }
      return user;
    },

    /** An administrator registers a user without a password; the user gets an e-mail to choose it (now, or once the company may send it). */
    async create(session: RequestSession, input: CrearUsuarioV1Input, now: Date): Promise<UsuarioCreado> {
      requirePerfil(session, ...ACCESS.usersManage);
      const problem = weeklyHoursProblem(input.horasSemanales, input.inicioContrato, input.finContrato ?? null, localDate(now));
      if (problem) throw fieldError('horasSemanales', problem);
      const { id, invitations } = await insert(() =>
        db.transaction(async (tx) => {
          await checkRefs(tx, session.companyId, input);
          const userId = await repo.insertUserWithLogin(tx, {
            companyId: session.companyId,
            rut: input.rut,
            nombre: input.nombre,
            apellidos: input.apellidos,
            cargo: input.cargo ?? null,
            email: input.email,
            emailPersonal: input.emailPersonal ?? null,
            direccion: input.direccion ?? null,
            telefono: input.telefono ?? null,
            perfil: input.perfil,
            siteId: input.sedeId ?? null,
            groupId: input.grupoId ?? null,
            jornadaExcepcionalId: input.jornadaExcepcionalId ?? null,
            horasSemanales: input.horasSemanales,
            sueldoBase: input.sueldoBase ?? null,
            numeroContrato: input.numeroContrato ?? null,
            aniosReconocidosAnteriores: input.aniosReconocidosAnteriores,
            exceptuadoDescansoDominical: input.exceptuadoDescansoDominical,
            exceptuadoDescansoDominicalDesde: input.exceptuadoDescansoDominicalDesde ?? null,
            exceptuadoDescansoDominicalHasta: input.exceptuadoDescansoDominicalHasta ?? null,
            excluidoLimiteJornada: input.excluidoLimiteJornada,
            bandaInicioFlexibleMinutos: input.bandaInicioFlexibleMinutos ?? null,
            ...averagedDistributionColumns(input.jornadaPromedio ?? null),
            derechoAlimentacionHasta: input.derechoAlimentacionHasta ?? null,
            derechoAlimentacionModo: input.derechoAlimentacionModo,
            metodosMarcaje: input.metodosMarcaje,
            inicioContrato: input.inicioContrato,
            finContrato: input.finContrato ?? null,
            passwordHash: null,
            createdAt: now,
            updatedAt: now,
          });
          return { id: userId, invitations: await createInvitations(tx, session.companyId, [userId], now) };
        }),
      );
      const invitaciones = await sendInvitations(invitations, now);
      return { ...(await load(session.companyId, id, now)), invitaciones };
    },

    async update(session: RequestSession, id: string, input: ActualizarUsuarioInput, now: Date): Promise<Usuario> {
      requirePerfil(session, ...ACCESS.usersManage);
      requireId(id, USER_NOT_FOUND);
      const notices: IdentityNotice[] = [];
      await insert(() =>
        db.transaction(async (tx) => {
          const current = await repo.findUserForUpdate(tx, session.companyId, id);
          if (!current) throw notFound(USER_NOT_FOUND);
          const values = changesOf(input);
          // Checked first, before anything is validated or written: the whole request is refused.
          if (current.principal && current.id !== session.userId && principalOwnChanges(current, values).length > 0) {
            throw new AppError('FORBIDDEN', PRINCIPAL_OWN_DATA);
          }
          await checkRefs(tx, session.companyId, input);
          if (input.perfil && input.perfil !== current.perfil) {
            if (current.principal) throw fieldError('perfil', 'El administrador principal no puede cambiar de perfil.');
            if (current.id === session.userId) throw fieldError('perfil', 'No puedes cambiar tu propio perfil.');
            if (!LEADER_PERFILES.includes(input.perfil)) {
              const led = await repo.ledGroupsByUser(tx, session.companyId, [id]);
              const names = (led.get(id) ?? []).map((g) => g.nombre);
              if (names.length > 0) {
                throw fieldError('perfil', `El usuario lidera ${names.length === 1 ? 'el grupo' : 'los grupos'} ${names.join(', ')}; quítalo como líder antes de cambiar su perfil.`);
              }
            }
          }
          const inicio = input.inicioContrato ?? current.inicioContrato;
          const fin = input.finContrato === undefined ? current.finContrato : input.finContrato;
          if (fin !== null && fin < inicio) throw fieldError('finContrato', 'El fin de contrato no puede ser anterior al inicio.');
          // The exception's dates as they will be stored: one sent alone is checked against the other kept.
          const exceptionFrom = input.exceptuadoDescansoDominicalDesde === undefined ? current.exceptuadoDescansoDominicalDesde : input.exceptuadoDescansoDominicalDesde;
          const exceptionTo = input.exceptuadoDescansoDominicalHasta === undefined ? current.exceptuadoDescansoDominicalHasta : input.exceptuadoDescansoDominicalHasta;
          if (!exceptionDatesInOrder(exceptionFrom, exceptionTo)) throw fieldError('exceptuadoDescansoDominicalHasta', EXCEPTION_DATES_ORDER_MESSAGE);
          const horas = input.horasSemanales ?? current.horasSemanales;
          if (horas !== null && (input.horasSemanales !== undefined || input.inicioContrato !== undefined || input.finContrato !== undefined)) {
            const problem = weeklyHoursProblem(horas, inicio, fin, localDate(now));
            if (problem) throw fieldError('horasSemanales', problem);
          }
          const emailChanged = input.email !== undefined && input.email !== current.email;
          const rutChanged = input.rut !== undefined && input.rut !== current.rut;
          if (emailChanged || rutChanged) await guardIdentityChange(tx, session, current, input.passwordActual);
          if (rutChanged) await repo.updateLoginRut(tx, session.companyId, id, input.rut!);
          if (emailChanged) await repo.auditIdentityChange(tx, { companyId: session.companyId, userId: id, rut: input.rut ?? current.rut, event: 'email_changed', at: now });
          if (rutChanged) await repo.auditIdentityChange(tx, { companyId: session.companyId, userId: id, rut: input.rut!, event: 'rut_changed', at: now });
          if (emailChanged || rutChanged) {
            notices.push({ to: current.email, email: emailChanged ? { from: current.email, to: input.email! } : null, rut: rutChanged ? { from: current.rut, to: input.rut! } : null });
          }
          await repo.updateUser(tx, session.companyId, id, { ...values, updatedAt: now });
          // A contract ended (today or before) or a new perfil: the open sessions end now, not when they expire.
          if (removesAccess(current, values, localDate(now))) await sessions.revokeAll(tx, session.companyId, id, now);
        }),
      );
      sendIdentityNotices(session.companyId, notices);
      return load(session.companyId, id, now);
    },

    /**
     * Finiquito: the contract ends on `finContrato` (today or earlier), the user can no longer sign in
     * nor mark, their sessions end now and they stop leading groups; every record stays.
     */
    async deactivate(session: RequestSession, id: string, input: z.output<typeof desactivarUsuarioBodySchema>, now: Date): Promise<Usuario> {
      requirePerfil(session, ...ACCESS.usersManage);
      requireId(id, USER_NOT_FOUND);
      const today = localDate(now);
      await db.transaction(async (tx) => {
        const current = await repo.findUserForUpdate(tx, session.companyId, id);
        if (!current) throw notFound(USER_NOT_FOUND);
        if (current.id === session.userId) throw new AppError('VALIDATION', 'No puedes desactivar tu propio usuario.');
        if (current.principal) throw new AppError('VALIDATION', 'El administrador principal de la empresa no se puede desactivar.');
        if (!current.active) throw new AppError('VALIDATION', 'El usuario ya está desactivado.');
        if (input.finContrato > today) {
          throw fieldError('finContrato', 'La fecha de término no puede ser posterior a hoy. Para un contrato que termina más adelante, edita su fin de contrato.');
        }
        if (input.finContrato < current.inicioContrato) {
          throw fieldError('finContrato', 'La fecha de término no puede ser anterior al inicio del contrato.');
        }
        await repo.updateUser(tx, session.companyId, id, {
          active: false,
          finContrato: input.finContrato,
          deactivatedAt: now,
          deactivationReason: input.motivo ?? null,
          updatedAt: now,
        });
        await sessions.revokeAll(tx, session.companyId, id, now);
        await repo.removeLeaderships(tx, session.companyId, id);
      });
      return load(session.companyId, id, now);
    },

    /** Undoes a finiquito (a rehire or a mistake): active again, with a new end date or none. */
    async reactivate(session: RequestSession, id: string, input: z.output<typeof reactivarUsuarioBodySchema>, now: Date): Promise<Usuario> {
      requirePerfil(session, ...ACCESS.usersManage);
      requireId(id, USER_NOT_FOUND);
      const today = localDate(now);
      await db.transaction(async (tx) => {
        const current = await repo.findUserForUpdate(tx, session.companyId, id);
        if (!current) throw notFound(USER_NOT_FOUND);
        if (current.active && (current.finContrato === null || current.finContrato >= today)) {
          throw new AppError('VALIDATION', 'El usuario ya está activo.');
        }
        const fin = input.finContrato ?? null;
        if (fin !== null && fin < today) throw fieldError('finContrato', 'El nuevo fin de contrato no puede ser anterior a hoy.');
        await repo.updateUser(tx, session.companyId, id, {
          active: true,
          finContrato: fin,
          deactivatedAt: null,
          deactivationReason: null,
          updatedAt: now,
        });
      });
      return load(session.companyId, id, now);
    },

    /**
     * The principal administrator hands the role to another active administrator of the company, with
     * their own password re-entered: the only way the role moves. Logged (who, to whom, when).
     */
    async transferPrincipal(session: RequestSession, id: string, input: TransferirPrincipalInput, now: Date): Promise<Usuario> {
      requirePerfil(session, ...ACCESS.usersManage);
      requireId(id, USER_NOT_FOUND);
      const today = localDate(now);
      await db.transaction(async (tx) => {
        const me = await repo.findUserForUpdate(tx, session.companyId, session.userId);
        if (!me?.principal) throw new AppError('FORBIDDEN', 'Solo el administrador principal puede transferir su rol.');
        const target = await repo.findUserForUpdate(tx, session.companyId, id);
        if (!target) throw notFound(USER_NOT_FOUND);
        if (target.id === me.id) throw new AppError('VALIDATION', 'Ya eres el administrador principal.');
        const targetActive = target.active && (target.finContrato === null || target.finContrato >= today);
        if (target.perfil !== 'administrador' || !targetActive) {
          throw new AppError('VALIDATION', 'El rol de administrador principal solo se puede transferir a otro administrador activo de la empresa.');
        }
        if (!input.passwordActual) throw fieldError('passwordActual', 'Ingresa tu contraseña actual para transferir el rol de administrador principal.');
        if (!(await verifyPassword(me.passwordHash, input.passwordActual))) throw fieldError('passwordActual', 'La contraseña actual no es correcta.');
        // One principal per company (users_company_principal_key): the old one steps down first.
        await repo.updateUser(tx, session.companyId, me.id, { principal: false, updatedAt: now });
        await repo.updateUser(tx, session.companyId, target.id, { principal: true, updatedAt: now });
      });
      deps.log.info({ event: 'principal_transferred', companyId: session.companyId, fromUserId: session.userId, toUserId: id, at: now.toISOString() }, 'rol de administrador principal transferido');
      return load(session.companyId, id, now);
    },

    // For the bulk upload, which shares the invitation machinery.
    createInvitations,
    sendInvitations,
    insert,
  };
}

/** The columns of an averaged-distribution pact (art. 22 bis); null clears the three together. */
function averagedDistributionColumns(
  pact: { semanasCiclo: number; desde: string; hasta?: string | null | undefined } | null,
): Pick<repo.NewUser, 'jornadaPromedioSemanas' | 'jornadaPromedioDesde' | 'jornadaPromedioHasta'> {
  return { jornadaPromedioSemanas: pact?.semanasCiclo ?? null, jornadaPromedioDesde: pact?.desde ?? null, jornadaPromedioHasta: pact?.hasta ?? null };
}

/** The columns a PATCH body sets (only the fields sent; null clears). */
function changesOf(input: ActualizarUsuarioInput): Partial<repo.NewUser> {
  const values: Partial<repo.NewUser> = {};
  if (input.nombre !== undefined) values.nombre = input.nombre;
  if (input.apellidos !== undefined) values.apellidos = input.apellidos;
  if (input.cargo !== undefined) values.cargo = input.cargo;
  if (input.rut !== undefined) values.rut = input.rut;
  if (input.email !== undefined) values.email = input.email;
  if (input.emailPersonal !== undefined) values.emailPersonal = input.emailPersonal;
  if (input.direccion !== undefined) values.direccion = input.direccion;
  if (input.telefono !== undefined) values.telefono = input.telefono;
  if (input.perfil !== undefined) values.perfil = input.perfil;
  if (input.sedeId !== undefined) values.siteId = input.sedeId;
  if (input.grupoId !== undefined) values.groupId = input.grupoId;
  if (input.jornadaExcepcionalId !== undefined) values.jornadaExcepcionalId = input.jornadaExcepcionalId;
  if (input.horasSemanales !== undefined) values.horasSemanales = input.horasSemanales;
  if (input.sueldoBase !== undefined) values.sueldoBase = input.sueldoBase;
  if (input.numeroContrato !== undefined) values.numeroContrato = input.numeroContrato;
  if (input.aniosReconocidosAnteriores !== undefined) values.aniosReconocidosAnteriores = input.aniosReconocidosAnteriores;
  if (input.exceptuadoDescansoDominical !== undefined) values.exceptuadoDescansoDominical = input.exceptuadoDescansoDominical;
  if (input.exceptuadoDescansoDominicalDesde !== undefined) values.exceptuadoDescansoDominicalDesde = input.exceptuadoDescansoDominicalDesde;
  if (input.exceptuadoDescansoDominicalHasta !== undefined) values.exceptuadoDescansoDominicalHasta = input.exceptuadoDescansoDominicalHasta;
  if (input.excluidoLimiteJornada !== undefined) values.excluidoLimiteJornada = input.excluidoLimiteJornada;
  if (input.bandaInicioFlexibleMinutos !== undefined) values.bandaInicioFlexibleMinutos = input.bandaInicioFlexibleMinutos;
  if (input.jornadaPromedio !== undefined) Object.assign(values, averagedDistributionColumns(input.jornadaPromedio));
  if (input.derechoAlimentacionHasta !== undefined) values.derechoAlimentacionHasta = input.derechoAlimentacionHasta;
  if (input.derechoAlimentacionModo !== undefined) values.derechoAlimentacionModo = input.derechoAlimentacionModo;
  if (input.metodosMarcaje !== undefined) values.metodosMarcaje = input.metodosMarcaje;
  if (input.inicioContrato !== undefined) values.inicioContrato = input.inicioContrato;
  if (input.finContrato !== undefined) values.finContrato = input.finContrato;
  return values;
}

function cleanFilters(filters: Omit<UsuariosQueryInput, 'page' | 'pageSize'>): repo.UserFilters {
  // A filter id that is not a uuid matches nothing rather than failing the query.
  const id = (value: string | undefined) => (value === undefined ? undefined : /^[0-9a-f-]{36}$/i.test(value) ? value : '00000000-0000-0000-0000-000000000000');
  return { ...filters, grupoId: id(filters.grupoId), sedeId: id(filters.sedeId) };
}

export type UsersService = ReturnType<typeof createUsersService>;
