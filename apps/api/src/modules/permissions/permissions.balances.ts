/** Balances of the permission types with days per year: what each worker was allotted (the legal vacation with its progressive days), used, has pending and has left. */
import { ACCESS, type MisSaldos, type SaldoPermiso, type SaldosPage, type saldosQuerySchema } from '@jornada/contracts';
import { formatRut } from '@jornada/domain';
import { requirePerfil } from '../../lib/access';
import { localDate } from '../../lib/clock';
import { isUuid } from '../../lib/ids';
import type { RequestSession } from '../../plugins/types';
import type { PermissionsContext } from './permissions.context';
import * as repo from './permissions.repository';
import { allowanceOf, NOTHING, type Input } from './permissions.rules';

export function createPermissionBalanceUseCases({ db, scopeOf, sessionPerson }: PermissionsContext) {
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
  };
}
