/** The company's permission types: the defaults every company starts with, their list, creation and edition, and their names for reports. */
import {
  ACCESS,
  type actualizarTipoPermisoBodySchema,
  type crearTipoPermisoBodySchema,
  type TipoPermiso,
  type TiposPermiso,
} from '@jornada/contracts';
import type { Db, DbOrTx } from '../../db/client';
import { fieldError, notFound, requireId, requirePerfil } from '../../lib/access';
import { isUniqueViolation } from '../../lib/db-errors';
import { AppError } from '../../lib/errors';
import type { RequestSession } from '../../plugins/types';
import { compensatoryTypeProblem } from './permissions.compensatory-rest';
import { overtimeRestTypeProblem } from './permissions.overtime-rest';
import { DEFAULT_PERMISSION_TYPES } from './permissions.defaults';
import * as repo from './permissions.repository';
import { TYPE_NOT_FOUND, type Input } from './permissions.rules';

const CODE_TAKEN = 'Ya existe un tipo de permiso con ese código.';
const NAME_TAKEN = 'Ya existe un tipo de permiso con ese nombre.';

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
    diasPorEvento: row.diasPorEvento,
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

/** The names of a company's permission types by their code (the `tipo` the engine stores), for reports. */
export async function permissionTypeNames(db: DbOrTx, companyId: string): Promise<Map<string, string>> {
  return new Map((await repo.listTypes(db, companyId)).map((t) => [t.codigo, t.nombre]));
}

export function createPermissionTypesUseCases(db: Db) {
  return {
    async listTypes(session: RequestSession): Promise<TiposPermiso> {
      requirePerfil(session, ...ACCESS.permissionTypes);
      return { items: (await repo.listTypes(db, session.companyId)).map(typeView) };
    },

    async createType(session: RequestSession, input: Input<typeof crearTipoPermisoBodySchema>, now: Date): Promise<TipoPermiso> {
      requirePerfil(session, ...ACCESS.permissionTypesManage);
      const problem =
        compensatoryTypeProblem({ codigo: input.codigo, unidad: input.unidad, diasAnuales: input.diasAnuales }) ??
        overtimeRestTypeProblem({ codigo: input.codigo, unidad: input.unidad, diasAnuales: input.diasAnuales });
      if (problem) throw fieldError(problem.field, problem.message);
      const id = await typeNamed(() => repo.insertType(db, { ...input, diasPorEvento: input.diasPorEvento ?? null, companyId: session.companyId, activo: true, createdAt: now, updatedAt: now }));
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
          const diasPorEvento = input.diasPorEvento !== undefined ? input.diasPorEvento : current.diasPorEvento;
          if (unidad === 'horas' && diasPorEvento !== null) throw fieldError('diasPorEvento', 'Un permiso por horas no lleva días por evento.');
          const problem =
            compensatoryTypeProblem({ codigo: input.codigo ?? current.codigo, unidad, diasAnuales }) ?? overtimeRestTypeProblem({ codigo: input.codigo ?? current.codigo, unidad, diasAnuales });
          if (problem) throw fieldError(problem.field, problem.message);
          if (input.unidad !== undefined && input.unidad !== current.unidad && (await repo.typeInUse(tx, session.companyId, id))) {
            throw fieldError('unidad', 'No se puede cambiar la unidad de un tipo que ya tiene permisos registrados: crea un tipo nuevo.');
          }
          const values: Partial<repo.NewPermissionType> = { updatedAt: now, diasAnuales, diasPorEvento };
          for (const field of ['nombre', 'codigo', 'conGoce', 'unidad', 'solicitable', 'requiereAprobacion', 'activo'] as const) {
            if (input[field] !== undefined) (values as Record<string, unknown>)[field] = input[field];
          }
          await repo.updateType(tx, session.companyId, id, values);
        }),
      );
      return typeView((await repo.findType(db, session.companyId, id))!);
    },
  };
}
