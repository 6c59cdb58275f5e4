/** The shapes of the "permisos asignados" report's reads, shared by the permissions' repository and reads. */
import type { EstadoPermiso } from '@jornada/contracts';

/** Per-worker counts and amounts of the permissions touching a period, under the report's column keys. */
export const PERMISSION_REPORT_SUM_KEYS = ['permisos', 'aprobados', 'pendientes', 'rechazados', 'diasConGoce', 'diasSinGoce', 'horas'] as const;

export type PermissionReportSumKey = (typeof PERMISSION_REPORT_SUM_KEYS)[number];

export type PermissionReportSums = Record<PermissionReportSumKey, number>;

/** A permission as the report lists it. */
export interface PermissionReportRow {
  userId: string;
  tipo: string;
  codigo: string;
  conGoce: boolean;
  unidad: 'dias_habiles' | 'dias_corridos' | 'horas';
  desde: string;
  hasta: string;
  horaInicio: string | null;
  horaFin: string | null;
  cantidad: number;
  estado: EstadoPermiso;
  origen: 'asignado' | 'solicitado';
}
