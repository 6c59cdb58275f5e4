/**
 * What other modules take from the permissions module, given at assembly as `app.permissionReads`:
 * the engine's approved permissions, the month's pending requests, the types' names, a new company's
 * default types, a person's answered requests and the management report's reads. The methods that
 * take an executor run in it (the caller's transaction when it has one); none checks a session: the
 * caller has already scoped the company and the workers.
 */
import type { Db, DbOrTx } from '../../db/client';
import { createDefaultPermissionTypes, permissionTypeNames } from './permissions.catalog';
import { answeredRequests } from './permissions.inbox';
import { isOvertimeRest, usesOf, type OvertimeRestSourceInput } from './permissions.overtime-rest';
import { listTypes } from './permissions.repository';
import { createPermissionReports, type PermissionReports } from './permissions.reports';
import { approvedPermissions, pendingPermissionRequests, pendingPermissions } from './permissions.service';

export interface PermissionReads {
  /** The approved permissions of some workers that touch [from, to], in the engine's shape, by worker id. */
  approvedPermissions: typeof approvedPermissions;
  /** The permissions some workers asked for that wait for a decision and touch [from, to] (the roster's days asked off). */
  pendingPermissions: typeof pendingPermissions;
  /** Permissions waiting for a decision that touch [from, to] (payroll, before closing a month). */
  pendingPermissionRequests: typeof pendingPermissionRequests;
  /** The names of a company's permission types by code. */
  permissionTypeNames: typeof permissionTypeNames;
  /** Creates the default permission types of a company that lacks them (sign-up), in the caller's transaction. */
  createDefaultPermissionTypes: typeof createDefaultPermissionTypes;
  /** A person's requests answered since a date (the bell). */
  answeredRequests: typeof answeredRequests;
  /** The reads of the "permisos asignados" management report. */
  reports: PermissionReports;
  /** The whole-day permission (no hour range) approved for a worker on a date: what marking warns about. */
  wholeDayPermissionOn: typeof wholeDayPermissionOn;
  /** The F.H.E. permissions (approved or pending) of the workers with a «feriado» pact as uses of rest (payroll's 7th-month payout). */
  overtimeRestUses: typeof overtimeRestUses;
}

/** The uses of the overtime's vacation days (art. 32 inc. 4) of these workers, in seconds of rest of each one's business day. */
async function overtimeRestUses(db: DbOrTx, companyId: string, sources: ReadonlyMap<string, OvertimeRestSourceInput>): Promise<Map<string, { date: string; restSeconds: number }[]>> {
  const type = (await listTypes(db, companyId)).find(isOvertimeRest);
  return type ? usesOf(db, companyId, type.id, sources) : new Map();
}

/** An approved whole-day permission as marking shows it (`permiso` of GET /marcas/hoy and of the kiosk). */
export interface WholeDayPermission {
  codigo: string;
  nombre: string;
  conGoce: boolean;
  desde: string;
  hasta: string;
}

/** A permission with an hour range leaves the rest of the day to work; a whole-day one means «not working today». */
async function wholeDayPermissionOn(db: DbOrTx, companyId: string, userId: string, date: string): Promise<WholeDayPermission | null> {
  const approved = await approvedPermissions(db, companyId, [userId], date, date);
  const wholeDay = (approved.get(userId) ?? []).find((p) => p.hours === null || p.hours === undefined);
  if (!wholeDay) return null;
  const name = (await permissionTypeNames(db, companyId)).get(wholeDay.type);
  return { codigo: wholeDay.type, nombre: name ?? wholeDay.type, conGoce: wholeDay.paid, desde: wholeDay.from, hasta: wholeDay.to };
}

export function createPermissionReads(db: Db): PermissionReads {
  return {
    approvedPermissions,
    pendingPermissions,
    pendingPermissionRequests,
    permissionTypeNames,
    createDefaultPermissionTypes,
    answeredRequests,
    reports: createPermissionReports({ db }),
    wholeDayPermissionOn,
    overtimeRestUses,
  };
}
