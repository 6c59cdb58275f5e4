import { ACCESS, nombreJornadaExcepcional } from '@jornada/contracts';
import type {
  actualizarGrupoBodySchema,
  actualizarLideresBodySchema,
  actualizarMiembrosBodySchema,
  asignacionMasivaBodySchema,
  AsignacionMasivaResultado,
  cambiarEstadoGrupoBodySchema,
  CambioLideres,
  crearGrupoBodySchema,
  Grupo,
  GruposPage,
  gruposQuerySchema,
  HistorialEstadosGrupo,
  UsuarioResumen,
} from '@jornada/contracts';
import { formatRut } from '@jornada/domain';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client';
import { fieldError, notFound, requireId, requirePerfil } from '../../lib/access';
import { localDate } from '../../lib/clock';
import { isUniqueViolation } from '../../lib/db-errors';
import { AppError } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { slicer } from '../../lib/slices';
import type { RequestSession } from '../../plugins/types';
import * as repo from './groups.repository';

const GROUP_NOT_FOUND = 'El grupo no existe.';
const NAME_TAKEN = 'Ya existe un grupo con ese nombre.';
const LEADER_PERFILES = new Set(['supervisor', 'administrador']);

type Input<S extends z.ZodType> = z.output<S>;

function resumen(person: repo.PersonRow, today: string): UsuarioResumen {
  return {
    id: person.id,
    rut: formatRut(person.rut) ?? person.rut,
    nombre: person.nombre,
    apellidos: person.apellidos,
    cargo: person.cargo,
    perfil: person.perfil,
    activo: person.active && (person.finContrato === null || person.finContrato >= today),
  };
}

const isActive = (person: repo.PersonRow, today: string) => person.active && (person.finContrato === null || person.finContrato >= today);
const fullName = (person: repo.PersonRow) => `${person.nombre} ${person.apellidos}`;

async function named<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (isUniqueViolation(error, 'groups_company_nombre_key')) throw new AppError('CONFLICT', NAME_TAKEN, { nombre: NAME_TAKEN });
    throw error;
  }
}

export function createGroupsService(db: Db) {
  async function present(rows: repo.GroupWithSite[], companyId: string, now: Date, tx: DbOrTx = db): Promise<Grupo[]> {
    const ids = rows.map((row) => row.group.id);
    // One after another: `tx` may be a transaction, one connection that runs one statement at a time.
    const leaders = await repo.leadersOf(tx, companyId, ids);
    const members = await repo.membersOf(tx, companyId, ids);
    const today = localDate(now);
    return rows.map(({ group, siteNombre, jornadaExcepcional }) => {
      const miembros = (members.get(group.id) ?? []).map((p) => resumen(p, today));
      return {
        id: group.id,
        nombre: group.nombre,
        descripcion: group.descripcion,
        sede: group.siteId && siteNombre !== null ? { id: group.siteId, nombre: siteNombre } : null,
        jornadaExcepcional:
          group.jornadaExcepcionalId && jornadaExcepcional ? { id: group.jornadaExcepcionalId, nombre: nombreJornadaExcepcional(jornadaExcepcional) } : null,
        estado: group.estado,
        lideres: (leaders.get(group.id) ?? []).map((p) => resumen(p, today)),
        miembros,
        totalMiembros: miembros.length,
        creadoEn: group.createdAt.toISOString(),
        actualizadoEn: group.updatedAt.toISOString(),
      };
    });
  }

  async function load(companyId: string, id: string, now: Date): Promise<Grupo> {
    const row = await repo.findGroup(db, companyId, id);
    if (!row) throw notFound(GROUP_NOT_FOUND);
    return (await present([row], companyId, now))[0]!;
  }

  /** A supervisor reaches only the groups they lead; any other group reads as missing. */
  async function requireReadable(session: RequestSession, id: string): Promise<void> {
    requireId(id, GROUP_NOT_FOUND);
    if (session.perfil === 'supervisor' && !(await repo.ledGroupIds(db, session.companyId, session.userId)).includes(id)) {
      throw notFound(GROUP_NOT_FOUND);
    }
  }

  async function checkSite(tx: DbOrTx, companyId: string, sedeId: string | null | undefined): Promise<void> {
    if (sedeId && !(await repo.siteExists(tx, companyId, sedeId))) throw fieldError('sedeId', 'La sede no existe.');
  }

  /** Another company's schedule reads as missing, as for a worker's. */
  async function checkExceptionalSchedule(tx: DbOrTx, companyId: string, id: string | null | undefined): Promise<void> {
    if (id && !(await repo.exceptionalScheduleExists(tx, companyId, id))) throw fieldError('jornadaExcepcionalId', 'La jornada excepcional no existe.');
  }

  /** Leaders must be users of the company, active, with perfil supervisor or administrador. */
  async function checkLeaders(tx: DbOrTx, companyId: string, ids: string[], now: Date): Promise<repo.PersonRow[]> {
    const found = await repo.usersByIds(tx, companyId, ids);
    if (found.length !== ids.length) throw fieldError('liderIds', 'Uno de los líderes elegidos no existe.');
    const today = localDate(now);
    for (const person of found) {
      if (!LEADER_PERFILES.has(person.perfil)) {
        throw fieldError('liderIds', `${fullName(person)} no puede ser líder: solo usuarios con perfil supervisor o administrador.`);
      }
      if (!isActive(person, today)) throw fieldError('liderIds', `${fullName(person)} está desactivado y no puede ser líder.`);
    }
    return found;
  }

  /** Computes (and with `apply`, writes) a mass leader assignment. */
  async function massAssign(tx: DbOrTx, session: RequestSession, input: Input<typeof asignacionMasivaBodySchema>, now: Date, apply: boolean): Promise<AsignacionMasivaResultado> {
    const groups = await repo.findGroupsByIds(tx, session.companyId, input.grupoIds);
    if (groups.length !== input.grupoIds.length) throw fieldError('grupoIds', 'Uno de los grupos elegidos no existe.');
    if (input.modo !== 'quitar' && input.liderIds.length === 0) throw fieldError('liderIds', 'Elige al menos un líder.');
    const chosen = input.modo === 'quitar' ? await repo.usersByIds(tx, session.companyId, input.liderIds) : await checkLeaders(tx, session.companyId, input.liderIds, now);
    if (chosen.length !== input.liderIds.length) throw fieldError('liderIds', 'Uno de los líderes elegidos no existe.');
    const current = await repo.leadersOf(tx, session.companyId, input.grupoIds);
    const today = localDate(now);
    const chosenIds = new Set(input.liderIds);
    const cambios: CambioLideres[] = [];
    let agregadosTotal = 0;
    let quitadosTotal = 0;
    // In slices, a group at a time: 1,000 groups × their leaders take a while, and the event loop serves every company meanwhile.
    const pause = slicer();
    for (const group of groups) {
      await pause();
      const before = current.get(group.id) ?? [];
      const beforeIds = new Set(before.map((p) => p.id));
      let after: repo.PersonRow[];
      if (input.modo === 'agregar') after = [...before, ...chosen.filter((p) => !beforeIds.has(p.id))];
      else if (input.modo === 'reemplazar') after = chosen;
      else after = before.filter((p) => !chosenIds.has(p.id));
      const afterIds = new Set(after.map((p) => p.id));
      const agregados = after.filter((p) => !beforeIds.has(p.id));
      const quitados = before.filter((p) => !afterIds.has(p.id));
      agregadosTotal += agregados.length;
      quitadosTotal += quitados.length;
      const byName = (a: repo.PersonRow, b: repo.PersonRow) => a.apellidos.localeCompare(b.apellidos, 'es') || a.nombre.localeCompare(b.nombre, 'es');
      cambios.push({
        grupo: { id: group.id, nombre: group.nombre },
        lideresAntes: before.map((p) => resumen(p, today)),
        lideresDespues: [...after].sort(byName).map((p) => resumen(p, today)),
        agregados: agregados.map((p) => resumen(p, today)),
        quitados: quitados.map((p) => resumen(p, today)),
      });
      if (apply && (agregados.length > 0 || quitados.length > 0)) {
        await repo.addLeaders(tx, session.companyId, group.id, agregados.map((p) => p.id), now);
        await repo.removeLeaders(tx, session.companyId, group.id, quitados.map((p) => p.id));
        await repo.touchGroup(tx, session.companyId, group.id, now);
      }
    }
    return {
      aplicado: apply,
      cambios,
      resumen: {
        grupos: groups.length,
        gruposConCambios: cambios.filter((c) => c.agregados.length > 0 || c.quitados.length > 0).length,
        lideresAgregados: agregadosTotal,
        lideresQuitados: quitadosTotal,
      },
    };
  }

  return {
    async list(session: RequestSession, query: Input<typeof gruposQuerySchema>, now: Date): Promise<GruposPage> {
      requirePerfil(session, ...ACCESS.groups);
      const scope: repo.GroupScope =
        session.perfil === 'administrador' ? { all: true } : { groupIds: await repo.ledGroupIds(db, session.companyId, session.userId) };
      const nothing = '00000000-0000-0000-0000-000000000000';
      const { rows, total } = await repo.listGroups(
        db,
        session.companyId,
        {
          q: query.q || undefined,
          estado: query.estado,
          sedeId: query.sedeId === undefined ? undefined : isUuid(query.sedeId) ? query.sedeId : nothing,
          liderId: query.liderId === undefined ? undefined : isUuid(query.liderId) ? query.liderId : nothing,
        },
        scope,
        { limit: query.pageSize, offset: (query.page - 1) * query.pageSize },
      );
      return { items: await present(rows, session.companyId, now), total, page: query.page, pageSize: query.pageSize };
    },

    async get(session: RequestSession, id: string, now: Date): Promise<Grupo> {
      requirePerfil(session, ...ACCESS.groups);
      await requireReadable(session, id);
      return load(session.companyId, id, now);
    },

    async history(session: RequestSession, id: string): Promise<HistorialEstadosGrupo> {
      requirePerfil(session, ...ACCESS.groups);
      await requireReadable(session, id);
      if (!(await repo.findGroup(db, session.companyId, id))) throw notFound(GROUP_NOT_FOUND);
      const rows = await repo.stateHistory(db, session.companyId, id);
      return {
        items: rows.map(({ change, nombre, apellidos }) => ({
          id: change.id,
          estadoAnterior: change.fromEstado,
          estadoNuevo: change.toEstado,
          motivo: change.motivo,
          cambiadoPor: change.changedBy && nombre !== null && apellidos !== null ? { id: change.changedBy, nombre, apellidos } : null,
          cambiadoEn: change.changedAt.toISOString(),
        })),
      };
    },

    async create(session: RequestSession, input: Input<typeof crearGrupoBodySchema>, now: Date): Promise<Grupo> {
      requirePerfil(session, ...ACCESS.groupsManage);
      const id = await named(() =>
        db.transaction(async (tx) => {
          await checkSite(tx, session.companyId, input.sedeId);
          await checkExceptionalSchedule(tx, session.companyId, input.jornadaExcepcionalId);
          const groupId = await repo.insertGroup(tx, {
            companyId: session.companyId,
            nombre: input.nombre,
            descripcion: input.descripcion ?? null,
            siteId: input.sedeId ?? null,
            jornadaExcepcionalId: input.jornadaExcepcionalId ?? null,
            estado: 'activo',
            createdAt: now,
            updatedAt: now,
          });
          await repo.insertStateChange(tx, {
            companyId: session.companyId,
            groupId,
            fromEstado: null,
            toEstado: 'activo',
            motivo: 'Creación del grupo',
            changedBy: session.userId,
            changedAt: now,
          });
          return groupId;
        }),
      );
      return load(session.companyId, id, now);
    },

    async update(session: RequestSession, id: string, input: Input<typeof actualizarGrupoBodySchema>, now: Date): Promise<Grupo> {
      requirePerfil(session, ...ACCESS.groupsManage);
      requireId(id, GROUP_NOT_FOUND);
      await named(() =>
        db.transaction(async (tx) => {
          if (!(await repo.findGroupForUpdate(tx, session.companyId, id))) throw notFound(GROUP_NOT_FOUND);
          await checkSite(tx, session.companyId, input.sedeId);
          await checkExceptionalSchedule(tx, session.companyId, input.jornadaExcepcionalId);
          const values: Partial<repo.NewGroup> = { updatedAt: now };
          if (input.nombre !== undefined) values.nombre = input.nombre;
          if (input.descripcion !== undefined) values.descripcion = input.descripcion;
          if (input.sedeId !== undefined) values.siteId = input.sedeId;
          // Its members without a schedule of their own change with it: their stored days go stale (a trigger).
          if (input.jornadaExcepcionalId !== undefined) values.jornadaExcepcionalId = input.jornadaExcepcionalId;
          await repo.updateGroup(tx, session.companyId, id, values);
        }),
      );
      return load(session.companyId, id, now);
    },

    /** Activates or deactivates a group; every change is kept with who made it and why. */
    async changeState(session: RequestSession, id: string, input: Input<typeof cambiarEstadoGrupoBodySchema>, now: Date): Promise<Grupo> {
      requirePerfil(session, ...ACCESS.groupsManage);
      requireId(id, GROUP_NOT_FOUND);
      await db.transaction(async (tx) => {
        const group = await repo.findGroupForUpdate(tx, session.companyId, id);
        if (!group) throw notFound(GROUP_NOT_FOUND);
        if (group.estado === input.estado) throw fieldError('estado', `El grupo ya está ${input.estado}.`);
        await repo.updateGroup(tx, session.companyId, id, { estado: input.estado, updatedAt: now });
        await repo.insertStateChange(tx, {
          companyId: session.companyId,
          groupId: id,
          fromEstado: group.estado,
          toEstado: input.estado,
          motivo: input.motivo,
          changedBy: session.userId,
          changedAt: now,
        });
      });
      return load(session.companyId, id, now);
    },

    /**
     * Adds and removes members. A user belongs to one group at a time: adding a member of another
     * group moves them here. New members must be active and not fiscalizadores.
     */
    async updateMembers(session: RequestSession, id: string, input: Input<typeof actualizarMiembrosBodySchema>, now: Date): Promise<Grupo> {
      requirePerfil(session, ...ACCESS.groupsManage);
      requireId(id, GROUP_NOT_FOUND);
      const today = localDate(now);
      await db.transaction(async (tx) => {
        if (!(await repo.findGroupForUpdate(tx, session.companyId, id))) throw notFound(GROUP_NOT_FOUND);
        const adding = await repo.usersByIds(tx, session.companyId, [...new Set(input.agregar)]);
        if (adding.length !== new Set(input.agregar).size) throw fieldError('agregar', 'Uno de los usuarios elegidos no existe.');
        for (const person of adding) {
          if (person.perfil === 'fiscalizador') throw fieldError('agregar', `${fullName(person)} es fiscalizador y no puede pertenecer a un grupo.`);
          if (!isActive(person, today) && person.groupId !== id) throw fieldError('agregar', `${fullName(person)} está desactivado y no puede agregarse a un grupo.`);
        }
        const removing = await repo.usersByIds(tx, session.companyId, [...new Set(input.quitar)]);
        if (removing.length !== new Set(input.quitar).size) throw fieldError('quitar', 'Uno de los usuarios elegidos no existe.');
        const outsider = removing.find((person) => person.groupId !== id);
        if (outsider) throw fieldError('quitar', `${fullName(outsider)} no es miembro de este grupo.`);
        await repo.setUsersGroup(tx, session.companyId, adding.filter((p) => p.groupId !== id).map((p) => p.id), id, now);
        await repo.setUsersGroup(tx, session.companyId, removing.map((p) => p.id), null, now);
        await repo.touchGroup(tx, session.companyId, id, now);
      });
      return load(session.companyId, id, now);
    },

    /** Replaces the group's leaders with the given list. */
    async setLeaders(session: RequestSession, id: string, input: Input<typeof actualizarLideresBodySchema>, now: Date): Promise<Grupo> {
      requirePerfil(session, ...ACCESS.groupsManage);
      requireId(id, GROUP_NOT_FOUND);
      await db.transaction(async (tx) => {
        if (!(await repo.findGroupForUpdate(tx, session.companyId, id))) throw notFound(GROUP_NOT_FOUND);
        const current = (await repo.leadersOf(tx, session.companyId, [id])).get(id) ?? [];
        const currentIds = new Set(current.map((p) => p.id));
        const added = input.liderIds.filter((leaderId) => !currentIds.has(leaderId));
        await checkLeaders(tx, session.companyId, added, now);
        await repo.addLeaders(tx, session.companyId, id, added, now);
        await repo.removeLeaders(tx, session.companyId, id, current.filter((p) => !input.liderIds.includes(p.id)).map((p) => p.id));
        await repo.touchGroup(tx, session.companyId, id, now);
      });
      return load(session.companyId, id, now);
    },

    async previewMassAssignment(session: RequestSession, input: Input<typeof asignacionMasivaBodySchema>, now: Date): Promise<AsignacionMasivaResultado> {
      requirePerfil(session, ...ACCESS.groupsManage);
      return massAssign(db, session, input, now, false);
    },

    /** The same computation as the preview, written in one transaction. */
    async applyMassAssignment(session: RequestSession, input: Input<typeof asignacionMasivaBodySchema>, now: Date): Promise<AsignacionMasivaResultado> {
      requirePerfil(session, ...ACCESS.groupsManage);
      return db.transaction((tx) => massAssign(tx, session, input, now, true));
    },
  };
}

export type GroupsService = ReturnType<typeof createGroupsService>;
