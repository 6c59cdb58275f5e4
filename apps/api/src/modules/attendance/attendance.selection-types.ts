/** The shapes of attendance's reads (the workers a read covers, the report sums and rows), shared by its repository and its reads. */
import type { EstadoDia } from '@jornada/contracts';
import type { SummedTotalKey, SummedTotals } from '@jornada/domain';

/** Which workers a read covers: the caller's scope and the query's filters. */
export interface WorkerFilter {
  /** A supervisor's led groups; undefined for everyone. */
  scopeGroupIds?: readonly string[] | undefined;
  /** One worker (a trabajador's own id, or the worker read). */
  userId?: string | undefined;
  grupoId?: string | undefined;
  sedeId?: string | undefined;
  cargo?: string | undefined;
  q?: string | undefined;
  /** Workers whose contract touches this range (and active ones, or deactivated after its start). */
  activeFrom?: string | undefined;
  activeTo?: string | undefined;
}

/** The days a report reads: a local-date range and, optionally, only the days planned with one shift. */
export interface ReportDays {
  from: string;
  to: string;
  shiftId?: string | undefined;
}

/** Which stored days a report's detail lists (and which workers it keeps: those with such a day). */
export type ReportDayKind = 'todos' | 'atrasos' | 'ausencias' | 'extra';

/** A worker's identity on a report row. */
export interface ReportWorker {
  id: string;
  nombre: string;
  apellidos: string;
  rut: string;
  cargo: string | null;
  grupo: string | null;
  sede: string | null;
}

/** Sort of a worker page: by surname (`trabajador`), by a sum (descending puts the largest first), ties by surname. */
export interface ReportSort {
  key: 'trabajador' | 'grupo' | 'sede' | 'cargo' | SummedTotalKey;
  direction: 'asc' | 'desc';
}

/** A stored day as a report's detail shows it (columns and a few fields of the stored result). */
export interface ReportDay {
  userId: string;
  fecha: string;
  status: EstadoDia;
  /** turno, libre or sin_planificacion. */
  planKind: string;
  turno: string | null;
  entrada: string | null;
  salida: string | null;
  feriado: string | null;
  domingo: boolean;
  permisoTipo: string | null;
  permisoPagado: boolean | null;
  planificado: number;
  trabajado: number;
  faltante: number;
  atraso: number;
  salidaAnticipada: number;
  extra: number;
  extraDentroLimite: number;
  extraSobreLimite: number;
  /** Sunday rows: the settlement of the week that ends that day. */
  semana: { compensado: number; atrasoDescontable: number; salidaAnticipadaDescontable: number } | null;
}

/** How the chart of a period groups its days. */
export type ReportBucket = 'day' | 'week' | 'month';

/** A headcount row: the selection's workers of one group, site and cargo, and their stored days. */
export interface HeadcountRow {
  grupo: string | null;
  sede: string | null;
  cargo: string | null;
  dotacion: number;
  sums: SummedTotals;
}

export type HeadcountSortKey = 'grupo' | 'sede' | 'cargo' | 'dotacion' | SummedTotalKey;
