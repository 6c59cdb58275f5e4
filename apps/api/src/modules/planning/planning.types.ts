import type { AuthorisedSchedule } from '@jornada/domain';

/** The planning's view of workers, shared by its repository, model and service and by the bulk upload. */

/** Which workers a caller may plan or read: every worker, the members of some groups, or one user. */
export type WorkerScope = { all: true } | { groupIds: string[] } | { userId: string };

/** A worker as planning needs them: the site gives the zone (days are the site's days) and the region (regional holidays). */
export interface Worker {
  id: string;
  rut: string;
  nombre: string;
  apellidos: string;
  cargo: string | null;
  groupId: string | null;
  groupNombre: string | null;
  siteId: string | null;
  zone: string;
  region: string | null;
  inicioContrato: string;
  finContrato: string | null;
  /** Agreed weekly hours of the contract (null: not recorded); the plan's alerts compare each week with them. */
  horasSemanales: number | null;
  /** Excluded from the hours limit (art. 22 inc. 2): the plan raises no hours or days-per-week alerts. */
  excluidoLimiteJornada: boolean;
  /** Excepted from Sunday rest (art. 38): the plan needs two Sundays of rest a month (art. 38 inc. 4). */
  exceptuadoDescansoDominical: boolean;
  /** The exception's first and last day (null: the contract's own): months outside it need no two Sundays. */
  exceptuadoDescansoDominicalDesde: string | null;
  exceptuadoDescansoDominicalHasta: string | null;
  /** The exceptional schedule (art. 38 inc. final) the worker is under: the plan's limits are the resolution's. */
  jornadaExcepcional: AuthorisedSchedule | null;
  /** Averaged distribution pact (art. 22 bis): weeks of its cycles (null: none), its first Monday and last Sunday. */
  jornadaPromedioSemanas: number | null;
  jornadaPromedioDesde: string | null;
  jornadaPromedioHasta: string | null;
}
