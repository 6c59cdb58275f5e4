/**
 * The reads of the "permisos asignados" management report: the permissions (any state) of a set of
 * workers that touch a period, per worker with SQL pagination and sort, their sums, and counts per type.
 * The caller (the reports module) has already scoped the company and chosen the workers.
 */
import type { DbOrTx } from '../../db/client';
import * as repo from './permissions.repository';

export type { PermissionReportRow, PermissionReportSumKey, PermissionReportSums } from './permissions.report-types';

export function createPermissionReports({ db }: { db: DbOrTx }) {
  return {
    page: (companyId: string, userIds: readonly string[], from: string, to: string, sort: { key: 'trabajador' | repo.PermissionReportSumKey; direction: 'asc' | 'desc' }, paging: { limit: number; offset: number } | null) =>
      repo.permissionReportPage(db, companyId, userIds, from, to, sort, paging),
    rows: (companyId: string, userIds: readonly string[], from: string, to: string) => repo.permissionReportRows(db, companyId, userIds, from, to),
    byType: (companyId: string, userIds: readonly string[], from: string, to: string) => repo.permissionReportByType(db, companyId, userIds, from, to),
  };
}

export type PermissionReports = ReturnType<typeof createPermissionReports>;
