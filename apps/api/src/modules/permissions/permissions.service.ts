import {
  ACCESS,
  ADJUNTO_PERMISO_MAX_BYTES,
  CODIGO_FERIADO_LEGAL,
  type actualizarTipoPermisoBodySchema,
  type asignarPermisoBodySchema,
  type crearTipoPermisoBodySchema,
  type decidirPermisoBodySchema,
  type EstadoPermiso,
  type misPermisosQuerySchema,
  type MisSaldos,
  type Permiso,
  type PermisosPage,
  type permisosQuerySchema,
  type rechazarPermisoBodySchema,
  type SaldoPermiso,
  type SaldosPage,
  type saldosQuerySchema,
  type solicitarPermisoBodySchema,
  type TipoPermiso,
  type TiposPermiso,
  type UnidadPermiso,
} from '@jornada/contracts';
import {
  DEFAULT_TIME_ZONE,
  formatRut,
  holidayLookup,
  legalVacation,
  permissionAmount,
  permissionsOverlap,
  validatePermission,
  type HolidayLookup,
  type Permission,
  type RegionCode,
} from '@jornada/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client';
import { fieldError, notFound, requireId, requirePerfil } from '../../lib/access';
import type { BackgroundTasks } from '../../lib/background';
import { localDate } from '../../lib/clock';
import { ledGroupIds } from '../groups/index';
import { assertMonthsOpen, monthsOfRange } from '../payroll-periods/index';
import { isUniqueViolation } from '../../lib/db-errors';
import { AppError } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import type { Mailer, MailMessage } from '../../lib/mailer';
import type { RequestSession } from '../../plugins/types';
import { DEFAULT_PERMISSION_TYPES } from './permissions.defaults';
import { chileanDate, outcomeMail, requestedMail, type PermissionSummary } from './permissions.mail';
import * as repo from './permissions.repository';

/** `aaaa-mm-dd` → `dd-mm-aaaa`, as people write dates. */
const dashedDate = (iso: string) => `${iso.slice(8, 10)}-${iso.slice(5, 7)}-${iso.slice(0, 4)}`;

type Input<S extends z.ZodType> = z.output<S>;

const TYPE_NOT_FOUND = 'El tipo de permiso no existe.';
const PERMISSION_NOT_FOUND = 'El permiso no existe.';
const WORKER_NOT_FOUND = 'El trabajador no existe.';
const CODE_TAKEN = 'Ya existe un tipo de permiso con ese código.';
const NAME_TAKEN = 'Ya existe un tipo de permiso con ese nombre.';
/** A permission lasts at most a year (a longer absence is registered in parts). */
const MAX_SPAN_DAYS = 366;
const NOTHING = '00000000-0000-0000-0000-000000000000';

export interface PermissionsDeps {
  db: Db;
  mailer: Mailer;
  background: BackgroundTasks;
  publicUrl: string;
  log: FastifyBaseLogger;
}

interface UploadedAttachment {
  filename: string;
  buffer: Buffer;
}

/** The Spanish amount of a unit: «1 día hábil», «5 días corridos», «2,5 horas». */
function formatAmount(amount: number, unit: UnidadPermiso): string {
  const rounded = Math.round(amount * 100) / 100;
  const number = rounded.toLocaleString('es-CL', { maximumFractionDigits: 2 });
  if (unit === 'horas') return `${number} ${rounded === 1 ? 'hora' : 'horas'}`;
  if (unit === 'dias_habiles') return rounded === 1 ? '1 día hábil' : `${number} días hábiles`;
  return rounded === 1 ? '1 día corrido' : `${number} días corridos`;
}

const ESTADO_LABEL: Record<EstadoPermiso, string> = { pendiente: 'pendiente', aprobado: 'aprobado', rechazado: 'rechazado', anulado: 'anulado' };

// Holiday lookups by region, shared by every request (they memoise by year).
const holidayLookups = new Map<string, HolidayLookup>();
function holidaysFor(region: string | null): HolidayLookup {
  const key = region ?? '';
  let lookup = holidayLookups.get(key);
  if (!lookup) {
    lookup = key ? holidayLookup({ region: key as RegionCode }) : holidayLookup();
    holidayLookups.set(key, lookup);
  }
  return lookup;
}

function dayNumber(date: string): number {
  return Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / 86_400_000;
}

/** A worker's yearly allowance of a type with days per year: the base, the progressive days and why. */
interface Allowance {
  base: number;
  progressive: number;
  fundamento: string[];
}

/**
 * The allowance of a worker for a type with days per year in a calendar year. The legal vacation
 * (`CODIGO_FERIADO_LEGAL`) follows arts. 67 and 68: 20 days in the far south (by the worker's site) and
 * the progressive days computed on the year's last day; any other type is its days per year.
 */
function allowanceOf(type: Pick<repo.PermissionTypeRow, 'codigo' | 'diasAnuales'>, worker: repo.WorkerRow, year: number): Allowance {
  const general = type.diasAnuales ?? 0;
  if (type.codigo !== CODIGO_FERIADO_LEGAL || type.diasAnuales === null) return { base: general, progressive: 0, fundamento: [] };
  const vacation = legalVacation({
    place: { region: worker.region, commune: worker.comuna },
    previousYears: worker.aniosReconocidosAnteriores,
    contractStart: worker.inicioContrato,
    contractEnd: worker.finContrato,
    year,
    generalDays: general,
  });
  return { base: vacation.baseDays, progressive: vacation.progressive.days, fundamento: vacation.basis };
}

/** Attachment kinds by their first bytes, never by the name or the declared type. */
export function sniffAttachment(buffer: Buffer): 'application/pdf' | 'image/jpeg' | 'image/png' | null {
  if (buffer.length >= 5 && buffer.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  if (buffer.length >= 3 && buffer[0] === 0xff && buffer[1] === 0xd8 && buffer[2] === 0xff) return 'image/jpeg';
  if (buffer.length >= 8 && buffer.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  return null;
}

function typeView(row: repo.PermissionTypeRow): TipoPermiso {
  return {
    id: row.id,
    nombre: row.nombre,
    codigo: row.codigo,
    conGoce: row.conGoce,
    unidad: row.unidad,
    solicitable: row.solicitable,
    requiereAprobacion: row.requiereAprobacion,
    diasAnuales: row.diasAnuales,
    activo: row.activo,
  };
}

async function typeNamed<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (isUniqueViolation(error, 'permission_types_company_codigo_key')) throw new AppError('CONFLICT', CODE_TAKEN, { codigo: CODE_TAKEN });
    if (isUniqueViolation(error, 'permission_types_company_nombre_key')) throw new AppError('CONFLICT', NAME_TAKEN, { nombre: NAME_TAKEN });
    throw error;
  }
}

/** Creates the default permission types of a company that lacks them (sign-up, demo); codes it has are kept. */
export async function createDefaultPermissionTypes(db: DbOrTx, companyId: string, now: Date): Promise<void> {
  await repo.insertTypesIfMissing(
    db,
    DEFAULT_PERMISSION_TYPES.map((type) => ({ ...type, companyId, activo: true, createdAt: now, updatedAt: now })),
  );
}

/**
 * The approved permissions of some workers that touch [from, to], in the shape the attendance engine
 * reads (packages/domain `Permission`), by worker id. No session: the caller has already scoped the
 * company and the workers.
 */
export async function approvedPermissions(db: DbOrTx, companyId: string, userIds: string[], from: string, to: string): Promise<Map<string, Permission[]>> {
  const result = new Map<string, Permission[]>();
  const rows = await repo.approvedInRange(db, companyId, userIds, from, to);
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

/** The names of a company's permission types by their code (the `tipo` the engine stores), for reports. */
export async function permissionTypeNames(db: DbOrTx, companyId: string): Promise<Map<string, string>> {
  return new Map((await repo.listTypes(db, companyId)).map((t) => [t.codigo, t.nombre]));
}

export function createPermissionsService(deps: PermissionsDeps) {
  const { db } = deps;

  /** What the session may manage: administrador everything, supervisor the members of the groups they lead. */
  async function scopeOf(session: RequestSession): Promise<repo.PermissionScope & { ledGroupIds: Set<string> }> {
    if (session.perfil === 'administrador') return { all: true, ledGroupIds: new Set() };
    if (session.perfil === 'supervisor') {
      const ids = await ledGroupIds(db, session.companyId, session.userId);
      return { groupIds: ids, ledGroupIds: new Set(ids) };
    }
    return { groupIds: [], ledGroupIds: new Set() };
  }

  function manages(session: RequestSession, scope: Awaited<ReturnType<typeof scopeOf>>, groupId: string | null): boolean {
    if (session.perfil === 'administrador') return true;
    return session.perfil === 'supervisor' && groupId !== null && scope.ledGroupIds.has(groupId);
  }

  function present(row: repo.PermissionDetailRow, session: RequestSession, scope: Awaited<ReturnType<typeof scopeOf>>): Permiso {
    const { permission: p } = row;
    const own = p.userId === session.userId;
    const manager = manages(session, scope, row.worker.groupId);
    return {
      id: p.id,
      usuario: {
        id: row.worker.id,
        rut: formatRut(row.worker.rut) ?? row.worker.rut,
        nombre: row.worker.nombre,
        apellidos: row.worker.apellidos,
        grupo: row.worker.groupId && row.groupNombre !== null ? { id: row.worker.groupId, nombre: row.groupNombre } : null,
      },
      tipo: row.type,
      desde: p.desde,
      hasta: p.hasta,
      horaInicio: p.horaInicio,
      horaFin: p.horaFin,
      cantidad: p.cantidad,
      estado: p.estado,
      origen: p.origen,
      comentario: p.comentario,
      creadoPor: row.creator?.id ? { id: row.creator.id, nombre: row.creator.nombre, apellidos: row.creator.apellidos } : null,
      creadoEn: p.createdAt.toISOString(),
      decididoPor: row.decider?.id ? { id: row.decider.id, nombre: row.decider.nombre, apellidos: row.decider.apellidos } : null,
      decididoEn: p.decidedAt?.toISOString() ?? null,
      comentarioDecision: p.decisionComment,
      adjunto: row.attachment?.nombre ? { nombre: row.attachment.nombre, tipo: row.attachment.tipo, tamano: row.attachment.tamano } : null,
      puedeDecidir: p.estado === 'pendiente' && !own && manager,
      puedeAnular: (own && p.estado === 'pendiente') || (!own && manager && (p.estado === 'pendiente' || p.estado === 'aprobado')),
    };
  }

  /** A permission the session may see (their own, or one of a worker they manage); anything else reads as missing. */
  async function loadVisible(session: RequestSession, id: string) {
    requireId(id, PERMISSION_NOT_FOUND);
    const row = await repo.findPermission(db, session.companyId, id);
    if (!row) throw notFound(PERMISSION_NOT_FOUND);
    const scope = await scopeOf(session);
    if (row.permission.userId !== session.userId && !manages(session, scope, row.worker.groupId)) throw notFound(PERMISSION_NOT_FOUND);
    return { row, scope };
  }

  function summary(row: { desde: string; hasta: string; horaInicio: string | null; horaFin: string | null; cantidad: number }, type: { nombre: string; codigo: string; unidad: UnidadPermiso }): PermissionSummary {
    return {
      tipo: type.nombre,
      codigo: type.codigo,
      desde: row.desde,
      hasta: row.hasta,
      horaInicio: row.horaInicio,
      horaFin: row.horaFin,
      cantidad: formatAmount(row.cantidad, type.unidad),
    };
  }

  function sendLater(messages: MailMessage[], what: string): void {
    for (const message of messages) {
      deps.background.run(
        () => deps.mailer.send(message),
        (error) => deps.log.error({ err: error }, `no se pudo enviar el aviso de ${what}`),
      );
    }
  }

  /** Who approves a worker's requests: their group's leaders, else the administrators; never the worker. */
  async function approversOf(companyId: string, worker: repo.WorkerRow): Promise<repo.Recipient[]> {
    const leaders = worker.groupId ? (await repo.leadersOfGroup(db, companyId, worker.groupId)).filter((person) => person.id !== worker.id) : [];
    const chosen = leaders.length > 0 ? leaders : await repo.activeAdministrators(db, companyId);
    return chosen.filter((person) => person.id !== worker.id);
  }

  /** Checks and stores a permission for a worker, one at a time per worker (overlaps and balance). */
  async function createPermission(
    session: RequestSession,
    worker: repo.WorkerRow,
    input: Input<typeof solicitarPermisoBodySchema>,
    origin: 'asignado' | 'solicitado',
    now: Date,
  ): Promise<{ id: string; estado: EstadoPermiso; type: repo.PermissionTypeRow; cantidad: number }> {
    if (!isUuid(input.tipoId)) throw fieldError('tipoId', TYPE_NOT_FOUND);
    const type = await repo.findType(db, session.companyId, input.tipoId);
    if (!type) throw fieldError('tipoId', TYPE_NOT_FOUND);
    if (!type.activo) throw fieldError('tipoId', `El tipo de permiso «${type.nombre}» está inactivo.`);
    if (origin === 'solicitado' && !type.solicitable) {
      throw fieldError('tipoId', `«${type.nombre}» no se puede solicitar: lo registra tu jefatura o la administración.`);
    }
    const hours = input.horaInicio && input.horaFin ? { start: input.horaInicio, end: input.horaFin } : null;
    if (type.unidad === 'horas' && !hours) throw fieldError('horaInicio', `«${type.nombre}» es por horas: indica la hora de inicio y la de término.`);
    if (type.unidad !== 'horas' && hours) throw fieldError('horaInicio', `«${type.nombre}» se registra por días, sin horario.`);
    if (input.desde < worker.inicioContrato) {
      throw fieldError('desde', `El permiso no puede comenzar antes del inicio del contrato (${dashedDate(worker.inicioContrato)}).`);
    }
    const permission: Permission = { type: type.codigo, paid: type.conGoce, from: input.desde, to: input.hasta, hours, unit: type.unidad };
    const problems = validatePermission(permission);
    if (problems.length > 0) throw fieldError(hours ? 'horaInicio' : 'hasta', problems[0]!);
    if (dayNumber(input.hasta) - dayNumber(input.desde) + 1 > MAX_SPAN_DAYS) {
      throw fieldError('hasta', 'Un permiso dura como máximo un año; registra uno más largo en partes.');
    }
    const { amount } = permissionAmount(permission, { holidays: holidaysFor(worker.region), zone: worker.timeZone ?? DEFAULT_TIME_ZONE });
    if (!(amount > 0)) {
      throw fieldError('hasta', type.unidad === 'dias_habiles' ? 'El permiso no incluye días hábiles: sábados, domingos y feriados no se cuentan.' : 'El permiso no tiene duración.');
    }
    const estado: EstadoPermiso = origin === 'asignado' || !type.requiereAprobacion ? 'aprobado' : 'pendiente';
    const id = await db.transaction(async (tx) => {
      // A permission changes the pay of the months it touches: refused when one is closed.
      await assertMonthsOpen(tx, session.companyId, monthsOfRange(input.desde, input.hasta));
      await repo.lockWorker(tx, session.companyId, worker.id);
      const near = await repo.livePermissionsNear(tx, session.companyId, worker.id, input.desde, input.hasta);
      const clash = near.find(({ permission: other }) =>
        permissionsOverlap(permission, {
          type: other.typeId,
          paid: true,
          from: other.desde,
          to: other.hasta,
          hours: other.horaInicio && other.horaFin ? { start: other.horaInicio, end: other.horaFin } : null,
        }),
      );
      if (clash) {
        const other = clash.permission;
        const when = other.desde === other.hasta ? `el ${chileanDate(other.desde)}` : `del ${chileanDate(other.desde)} al ${chileanDate(other.hasta)}`;
        const hoursText = other.horaInicio && other.horaFin ? ` de ${other.horaInicio} a ${other.horaFin}` : '';
        const message = `Se superpone con ${clash.tipoNombre} ${when}${hoursText} (${ESTADO_LABEL[other.estado]}).`;
        throw new AppError('CONFLICT', message, { desde: message });
      }
      if (type.diasAnuales !== null) {
        const year = input.desde.slice(0, 4);
        const [sums] = await repo.amountsByWorkerAndType(tx, session.companyId, [worker.id], [type.id], `${year}-01-01`, `${year}-12-31`);
        const allowance = allowanceOf(type, worker, Number(year));
        const available = allowance.base + allowance.progressive - (sums?.usados ?? 0) - (sums?.pendientes ?? 0);
        if (amount > available + 1e-9) {
          throw fieldError(
            'hasta',
            `El permiso excede el saldo: pide ${formatAmount(amount, type.unidad)} y quedan ${formatAmount(Math.max(0, available), type.unidad)} de ${type.nombre} en ${year}.`,
          );
        }
      }
      return repo.insertPermission(tx, {
        companyId: session.companyId,
        userId: worker.id,
        typeId: type.id,
        desde: input.desde,
        hasta: input.hasta,
        horaInicio: hours?.start ?? null,
        horaFin: hours?.end ?? null,
        cantidad: amount,
        estado,
        origen: origin,
        comentario: input.comentario ?? null,
        createdBy: session.userId,
        createdAt: now,
        decidedBy: estado === 'aprobado' ? session.userId : null,
        decidedAt: estado === 'aprobado' ? now : null,
        decisionComment: null,
        updatedAt: now,
      });
    });
    return { id, estado, type, cantidad: amount };
  }

  async function sessionPerson(session: RequestSession): Promise<repo.WorkerRow> {
    const me = await repo.findWorker(db, session.companyId, session.userId);
    if (!me) throw notFound(WORKER_NOT_FOUND);
    return me;
  }

  async function balancesFor(companyId: string, people: repo.WorkerRow[], year: number): Promise<SaldoPermiso[]> {
    const types = (await repo.listTypes(db, companyId)).filter((type) => type.activo && type.diasAnuales !== null);
    const ids = people.map((person) => person.id);
    const typeIds = types.map((type) => type.id);
    const sums = await repo.amountsByWorkerAndType(db, companyId, ids, typeIds, `${year}-01-01`, `${year}-12-31`);
    const key = (userId: string, typeId: string) => `${userId}|${typeId}`;
    const sumMap = new Map(sums.map((row) => [key(row.userId, row.typeId), row]));
    const items: SaldoPermiso[] = [];
    for (const person of people) {
      for (const type of types) {
        const sum = sumMap.get(key(person.id, type.id));
        const allowance = allowanceOf(type, person, year);
        const asignados = allowance.base + allowance.progressive;
        const usados = sum?.usados ?? 0;
        const pendientes = sum?.pendientes ?? 0;
        items.push({
          usuario: { id: person.id, rut: formatRut(person.rut) ?? person.rut, nombre: person.nombre, apellidos: person.apellidos },
          tipo: { id: type.id, nombre: type.nombre, codigo: type.codigo, unidad: type.unidad },
          anio: year,
          asignados,
          diasBase: allowance.base,
          diasProgresivos: allowance.progressive,
          fundamento: allowance.fundamento,
          usados,
          pendientes,
          disponibles: asignados - usados - pendientes,
        });
      }
    }
    return items;
  }

  return {
    /**
     * For other modules (the attendance evaluation): the approved permissions of some workers that
     * touch [from, to], in the engine's `Permission` shape, by worker id. No session: the caller has
     * already scoped the company and the workers.
     */
    approvedPermissions: (companyId: string, userIds: string[], from: string, to: string) => approvedPermissions(db, companyId, userIds, from, to),

    // ---- Types ---------------------------------------------------------------------------------

    async listTypes(session: RequestSession): Promise<TiposPermiso> {
      requirePerfil(session, ...ACCESS.permissionTypes);
      return { items: (await repo.listTypes(db, session.companyId)).map(typeView) };
    },

    async createType(session: RequestSession, input: Input<typeof crearTipoPermisoBodySchema>, now: Date): Promise<TipoPermiso> {
      requirePerfil(session, ...ACCESS.permissionTypesManage);
      const id = await typeNamed(() => repo.insertType(db, { ...input, companyId: session.companyId, activo: true, createdAt: now, updatedAt: now }));
      return typeView((await repo.findType(db, session.companyId, id))!);
    },

    async updateType(session: RequestSession, id: string, input: Input<typeof actualizarTipoPermisoBodySchema>, now: Date): Promise<TipoPermiso> {
      requirePerfil(session, ...ACCESS.permissionTypesManage);
      requireId(id, TYPE_NOT_FOUND);
      await typeNamed(() =>
        db.transaction(async (tx) => {
          const current = await repo.findType(tx, session.companyId, id);
          if (!current) throw notFound(TYPE_NOT_FOUND);
          const unidad = input.unidad ?? current.unidad;
          const diasAnuales = input.diasAnuales !== undefined ? input.diasAnuales : current.diasAnuales;
          if (unidad === 'horas' && diasAnuales !== null) throw fieldError('diasAnuales', 'Un permiso por horas no lleva días por año.');
          if (input.unidad !== undefined && input.unidad !== current.unidad && (await repo.typeInUse(tx, session.companyId, id))) {
            throw fieldError('unidad', 'No se puede cambiar la unidad de un tipo que ya tiene permisos registrados: crea un tipo nuevo.');
          }
          const values: Partial<repo.NewPermissionType> = { updatedAt: now, diasAnuales };
          for (const field of ['nombre', 'codigo', 'conGoce', 'unidad', 'solicitable', 'requiereAprobacion', 'activo'] as const) {
            if (input[field] !== undefined) (values as Record<string, unknown>)[field] = input[field];
          }
          await repo.updateType(tx, session.companyId, id, values);
        }),
      );
      return typeView((await repo.findType(db, session.companyId, id))!);
    },

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
        { userId: session.userId, estado: query.estado },
        { all: true },
        { limit: query.pageSize, offset: (query.page - 1) * query.pageSize },
      );
      return { items: rows.map((row) => present(row, session, scope)), total, page: query.page, pageSize: query.pageSize, pendientes: 0 };
    },

    async get(session: RequestSession, id: string): Promise<Permiso> {
      requirePerfil(session, ...ACCESS.permissionDetail);
      const { row, scope } = await loadVisible(session, id);
      return present(row, session, scope);
    },

    /** An administrador or the worker's leader assigns a permission: approved at once, the worker is told. */
    async assign(session: RequestSession, input: Input<typeof asignarPermisoBodySchema>, now: Date): Promise<Permiso> {
      requirePerfil(session, ...ACCESS.permissions);
      if (!isUuid(input.usuarioId)) throw fieldError('usuarioId', WORKER_NOT_FOUND);
      const worker = await repo.findWorker(db, session.companyId, input.usuarioId);
      if (!worker) throw fieldError('usuarioId', WORKER_NOT_FOUND);
      const scope = await scopeOf(session);
      if (worker.id === session.userId && session.perfil !== 'administrador') {
        throw new AppError('FORBIDDEN', 'No puedes asignarte un permiso a ti mismo: solicítalo desde «Mis permisos».');
      }
      if (!manages(session, scope, worker.groupId)) throw new AppError('FORBIDDEN', 'Solo puedes asignar permisos a los trabajadores de los grupos que lideras.');
      if (worker.perfil === 'fiscalizador') throw fieldError('usuarioId', 'Un fiscalizador no es trabajador de la empresa y no tiene permisos.');
      if (!worker.active) throw fieldError('usuarioId', `${worker.nombre} ${worker.apellidos} está desactivado.`);
      const created = await createPermission(session, worker, input, 'asignado', now);
      const { row } = await loadVisible(session, created.id);
      const actor = await sessionPerson(session);
      if (worker.id !== session.userId) {
        sendLater(
          [
            outcomeMail({
              to: worker.emailPersonal ?? worker.email,
              worker: worker.nombre,
              actor: `${actor.nombre} ${actor.apellidos}`,
              outcome: 'asignado',
              permission: summary(row.permission, row.type),
              comentario: row.permission.comentario,
              link: `${deps.publicUrl}/dashboard/permisos/mios`,
            }),
          ],
          'permiso asignado',
        );
      }
      return present(row, session, scope);
    },

    /** A worker requests a permission for themselves; their leader (or the administrators) are told. */
    async request(session: RequestSession, input: Input<typeof solicitarPermisoBodySchema>, now: Date): Promise<Permiso> {
      requirePerfil(session, ...ACCESS.myPermissions);
      const worker = await sessionPerson(session);
      const created = await createPermission(session, worker, input, 'solicitado', now);
      const { row, scope } = await loadVisible(session, created.id);
      if (created.estado === 'pendiente') {
        const approvers = await approversOf(session.companyId, worker);
        sendLater(
          approvers.map((leader) =>
            requestedMail({
              to: leader.email,
              leader: leader.nombre,
              worker: `${worker.nombre} ${worker.apellidos}`,
              permission: summary(row.permission, row.type),
              comentario: row.permission.comentario,
              link: `${deps.publicUrl}/dashboard/permisos?estado=pendiente`,
            }),
          ),
          'solicitud de permiso',
        );
      }
      return present(row, session, scope);
    },

    async approve(session: RequestSession, id: string, input: Input<typeof decidirPermisoBodySchema>, now: Date): Promise<Permiso> {
      return decide(session, id, 'aprobado', input.comentario ?? null, now);
    },

    async reject(session: RequestSession, id: string, input: Input<typeof rechazarPermisoBodySchema>, now: Date): Promise<Permiso> {
      return decide(session, id, 'rechazado', input.comentario, now);
    },

    /** The worker withdraws their pending request; an administrador or leader annuls a pending or approved permission. */
    async annul(session: RequestSession, id: string, input: Input<typeof decidirPermisoBodySchema>, now: Date): Promise<Permiso> {
      requirePerfil(session, ...ACCESS.permissionDetail);
      const { row, scope } = await loadVisible(session, id);
      const own = row.permission.userId === session.userId;
      const from: EstadoPermiso[] = own ? ['pendiente'] : ['pendiente', 'aprobado'];
      if (!from.includes(row.permission.estado)) {
        throw new AppError(
          'CONFLICT',
          own && row.permission.estado === 'aprobado'
            ? 'Tu permiso ya fue aprobado: pide a tu jefatura que lo anule.'
            : `El permiso está ${ESTADO_LABEL[row.permission.estado]} y no se puede anular.`,
        );
      }
      if (!own && !manages(session, scope, row.worker.groupId)) throw notFound(PERMISSION_NOT_FOUND);
      await db.transaction(async (tx) => {
        // Annulling an approved permission changes the pay of its months: refused when one is closed.
        if (row.permission.estado === 'aprobado') await assertMonthsOpen(tx, session.companyId, monthsOfRange(row.permission.desde, row.permission.hasta));
        if (!(await repo.decidePermission(tx, session.companyId, id, from, { estado: 'anulado', decidedBy: session.userId, decidedAt: now, decisionComment: input.comentario ?? null }))) {
          throw new AppError('CONFLICT', 'El permiso cambió mientras lo anulabas. Recarga e inténtalo de nuevo.');
        }
      });
      const { row: after } = await loadVisible(session, id);
      if (!own) await tellWorker(session, after, 'anulado');
      return present(after, session, scope);
    },

    /** Balances of the workers the session manages, for the types with a yearly allowance. */
    async balances(session: RequestSession, query: Input<typeof saldosQuerySchema>, now: Date): Promise<SaldosPage> {
      requirePerfil(session, ...ACCESS.permissions);
      const scope = await scopeOf(session);
      const year = query.anio ?? Number(localDate(now).slice(0, 4));
      const uuidOrNothing = (value: string | undefined) => (value === undefined ? undefined : isUuid(value) ? value : NOTHING);
      const { rows, total } = await repo.workersPage(
        db,
        session.companyId,
        scope,
        { userId: uuidOrNothing(query.usuarioId), groupId: uuidOrNothing(query.grupoId) },
        { limit: query.pageSize, offset: (query.page - 1) * query.pageSize },
      );
      return { items: await balancesFor(session.companyId, rows, year), total, page: query.page, pageSize: query.pageSize };
    },

    async myBalances(session: RequestSession, query: Input<typeof saldosQuerySchema>, now: Date): Promise<MisSaldos> {
      requirePerfil(session, ...ACCESS.myPermissions);
      const me = await sessionPerson(session);
      const year = query.anio ?? Number(localDate(now).slice(0, 4));
      return { items: await balancesFor(session.companyId, [me], year) };
    },

    // ---- Attachments ---------------------------------------------------------------------------------

    /** Attaches (or replaces) a permission's document: the worker on their own, or whoever manages them. */
    async putAttachment(session: RequestSession, id: string, file: UploadedAttachment, now: Date): Promise<Permiso> {
      requirePerfil(session, ...ACCESS.permissionDetail);
      const { row, scope } = await loadVisible(session, id);
      if (row.permission.estado === 'rechazado' || row.permission.estado === 'anulado') {
        throw new AppError('CONFLICT', `El permiso está ${ESTADO_LABEL[row.permission.estado]}: no admite adjuntos.`);
      }
      if (file.buffer.length === 0) throw fieldError('archivo', 'El archivo está vacío.');
      if (file.buffer.length > ADJUNTO_PERMISO_MAX_BYTES) throw fieldError('archivo', 'El archivo supera el tamaño máximo de 5 MB.');
      const tipo = sniffAttachment(file.buffer);
      if (!tipo) throw fieldError('archivo', 'El archivo debe ser un PDF, una imagen JPEG o una imagen PNG.');
      await repo.upsertAttachment(db, {
        companyId: session.companyId,
        permissionId: id,
        nombre: file.filename || (tipo === 'application/pdf' ? 'documento.pdf' : tipo === 'image/png' ? 'imagen.png' : 'imagen.jpg'),
        tipo,
        tamano: file.buffer.length,
        data: file.buffer,
        createdBy: session.userId,
        createdAt: now,
      });
      const { row: after } = await loadVisible(session, id);
      return present(after, session, scope);
    },

    async getAttachment(session: RequestSession, id: string): Promise<{ nombre: string; tipo: string; data: Buffer }> {
      requirePerfil(session, ...ACCESS.permissionDetail);
      await loadVisible(session, id);
      const attachment = await repo.findAttachment(db, session.companyId, id);
      if (!attachment) throw notFound('El permiso no tiene un documento adjunto.');
      return { nombre: attachment.nombre, tipo: attachment.tipo, data: attachment.data };
    },
  };

  async function tellWorker(session: RequestSession, row: repo.PermissionDetailRow, outcome: 'aprobado' | 'rechazado' | 'anulado'): Promise<void> {
    const worker = await repo.findWorker(db, session.companyId, row.permission.userId);
    const actor = await sessionPerson(session);
    if (!worker) return;
    sendLater(
      [
        outcomeMail({
          to: worker.emailPersonal ?? worker.email,
          worker: worker.nombre,
          actor: `${actor.nombre} ${actor.apellidos}`,
          outcome,
          permission: summary(row.permission, row.type),
          comentario: row.permission.decisionComment,
          link: `${deps.publicUrl}/dashboard/permisos/mios`,
        }),
      ],
      `permiso ${outcome}`,
    );
  }

  /** Approves or rejects a pending permission: the worker's leader or an administrador, never the worker. */
  async function decide(session: RequestSession, id: string, estado: 'aprobado' | 'rechazado', comentario: string | null, now: Date): Promise<Permiso> {
    requirePerfil(session, ...ACCESS.permissionDetail);
    const { row, scope } = await loadVisible(session, id);
    if (row.permission.userId === session.userId) {
      throw new AppError('FORBIDDEN', estado === 'aprobado' ? 'No puedes aprobar tu propio permiso.' : 'No puedes rechazar tu propio permiso.');
    }
    if (!manages(session, scope, row.worker.groupId)) throw notFound(PERMISSION_NOT_FOUND);
    if (row.permission.estado !== 'pendiente') {
      throw new AppError('CONFLICT', `El permiso ya está ${ESTADO_LABEL[row.permission.estado]}.`);
    }
    await db.transaction(async (tx) => {
      // Approving changes the pay of the permission's months: refused when one is closed.
      if (estado === 'aprobado') await assertMonthsOpen(tx, session.companyId, monthsOfRange(row.permission.desde, row.permission.hasta));
      if (!(await repo.decidePermission(tx, session.companyId, id, ['pendiente'], { estado, decidedBy: session.userId, decidedAt: now, decisionComment: comentario }))) {
        throw new AppError('CONFLICT', 'Otra persona decidió este permiso mientras tanto. Recarga la lista.');
      }
    });
    const { row: after } = await loadVisible(session, id);
    await tellWorker(session, after, estado);
    return present(after, session, scope);
  }
}

export type PermissionsService = ReturnType<typeof createPermissionsService>;
