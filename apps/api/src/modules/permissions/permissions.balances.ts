/**
 * Balances of the permission types with days per year, and of the compensatory rest of art. 38: what each
 * worker was allotted (the legal vacation with its progressive days) or is owed (one day per Sunday or
 * holiday worked, for the workers excepted from Sunday rest only), used, has pending and has left.
 */
import { ACCESS, type MisSaldos, type SaldoPermiso, type SaldosPage, type saldosQuerySchema } from '@jornada/contracts';
import { formatRut, type CompensatoryRestOwed } from '@jornada/domain';
import { requirePerfil } from '../../lib/access';
import { localDate } from '../../lib/clock';
import { isUuid } from '../../lib/ids';
import type { RequestSession } from '../../plugins/types';
import { balanceSource, compensatoryAllowance, grantedIn, isCompensatoryRest, owedCompensatoryRest, owedFor } from './permissions.compensatory-rest';
import type { PermissionsContext } from './permissions.context';
import { isOvertimeRest, ledgerOf, overtimeRestAllowance, usesOf, type OvertimeRestSourceInput } from './permissions.overtime-rest';
import * as repo from './permissions.repository';
import { allowanceOf, NOTHING, type Input } from './permissions.rules';

export function createPermissionBalanceUseCases({ db, deps, scopeOf, sessionPerson }: PermissionsContext) {
  async function balancesFor(companyId: string, people: repo.WorkerRow[], year: number, now: Date): Promise<SaldoPermiso[]> {
    // The types with days per year, and the compensatory rest of art. 38 (owed by the engine, not allotted).
    const types = (await repo.listTypes(db, companyId)).filter((type) => type.activo && (type.diasAnuales !== null || isCompensatoryRest(type) || isOvertimeRest(type)));
    const ids = people.map((person) => person.id);
    const typeIds = types.map((type) => type.id);
    const sums = await repo.amountsByWorkerAndType(db, companyId, ids, typeIds, `${year}-01-01`, `${year}-12-31`);
    const key = (userId: string, typeId: string) => `${userId}|${typeId}`;
    const sumMap = new Map(sums.map((row) => [key(row.userId, row.typeId), row]));
    // The compensatory rest: what the engine counts owed, and what the year before already granted.
    const compensatory = types.find(isCompensatoryRest);
    const owed = compensatory ? await owedFor(deps.owedCompensatoryRest, companyId, people, year, now) : new Map<string, CompensatoryRestOwed>();
    const grantedYearBefore = compensatory && owed.size > 0 ? await grantedIn(db, companyId, compensatory.id, [...owed.keys()], year - 1) : new Map<string, number>();
    // The overtime's vacation days (art. 32): the rest earned by overtime under a «feriado» pact, and its uses.
    const overtimeRestType = types.find(isOvertimeRest);
    const restSources = overtimeRestType ? await deps.overtimeRestSource(companyId, ids, now) : new Map<string, OvertimeRestSourceInput>();
    const restUses = overtimeRestType && restSources.size > 0 ? await usesOf(db, companyId, overtimeRestType.id, restSources) : new Map<string, { date: string; restSeconds: number }[]>();
    const items: SaldoPermiso[] = [];
    for (const person of people) {
      for (const type of types) {
        const compensatoryRest = isCompensatoryRest(type);
        if (compensatoryRest && !owedCompensatoryRest(person)) continue;
        const restSource = isOvertimeRest(type) ? restSources.get(person.id) : undefined;
        if (isOvertimeRest(type) && !restSource) continue;
        const sum = sumMap.get(key(person.id, type.id));
        const allowance = restSource
          ? overtimeRestAllowance(restSource, ledgerOf(restSource, restUses.get(person.id) ?? [], now), (sum?.usados ?? 0) + (sum?.pendientes ?? 0), now)
          : compensatoryRest
            ? compensatoryAllowance(owed.get(person.id), year, grantedYearBefore.get(person.id) ?? 0)
            : allowanceOf(type, person, year);
        const asignados = allowance.base + allowance.progressive;
        const usados = sum?.usados ?? 0;
        const pendientes = sum?.pendientes ?? 0;
        items.push({
          usuario: { id: person.id, rut: formatRut(person.rut) ?? person.rut, nombre: person.nombre, apellidos: person.apellidos },
          tipo: { id: type.id, nombre: type.nombre, codigo: type.codigo, unidad: type.unidad },
          anio: year,
          fuente: isOvertimeRest(type) ? 'horas_extra_compensadas' : balanceSource(type),
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
    /** Balances of the workers the session manages, for the types with a yearly allowance and the compensatory rest. */
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
      return { items: await balancesFor(session.companyId, rows, year, now), total, page: query.page, pageSize: query.pageSize };
    },

    async myBalances(session: RequestSession, query: Input<typeof saldosQuerySchema>, now: Date): Promise<MisSaldos> {
      requirePerfil(session, ...ACCESS.myPermissions);
      const me = await sessionPerson(session);
      const year = query.anio ?? Number(localDate(now).slice(0, 4));
      return { items: await balancesFor(session.companyId, [me], year, now) };
    },
  };
}
