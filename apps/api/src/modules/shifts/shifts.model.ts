import type { Colacion, Turno, TurnoPlanificado } from '@jornada/contracts';
import { placeShift, type ShiftTemplate } from '@jornada/domain';
import type { shifts, shiftVersions } from '../../db/schema/index';

/** A shift template (turno) as stored, and its versions' timing. */
export type ShiftRow = typeof shifts.$inferSelect;
export type NewShift = typeof shifts.$inferInsert;
export type ShiftVersionRow = typeof shiftVersions.$inferSelect;

type Timing = Pick<ShiftRow, 'startTime' | 'endTime' | 'breakKind' | 'breakStart' | 'breakEnd' | 'breakMinutes' | 'lateToleranceMin' | 'earlyToleranceMin'>;

export function colacionOf(timing: Timing): Colacion {
  return timing.breakKind === 'fija'
    ? { tipo: 'fija', inicio: timing.breakStart ?? '00:00', fin: timing.breakEnd ?? '00:00' }
    : { tipo: 'minutos', minutos: timing.breakMinutes ?? 0 };
}

/** The timing columns of a colación. */
export function breakColumns(colacion: Colacion): Pick<ShiftRow, 'breakKind' | 'breakStart' | 'breakEnd' | 'breakMinutes'> {
  return colacion.tipo === 'fija'
    ? { breakKind: 'fija', breakStart: colacion.inicio, breakEnd: colacion.fin, breakMinutes: null }
    : { breakKind: 'minutos', breakStart: null, breakEnd: null, breakMinutes: colacion.minutos };
}

/** The domain template of a timing; build it once per shift version and reuse it (placeShift caches per object). */
export function templateOf(timing: Timing, id?: string): ShiftTemplate {
  const template: ShiftTemplate = {
    start: timing.startTime,
    end: timing.endTime,
    break:
      timing.breakKind === 'fija'
        ? { start: timing.breakStart!, end: timing.breakEnd! }
        : (timing.breakMinutes ?? 0) > 0
          ? { minutes: timing.breakMinutes! }
          : null,
    lateToleranceMinutes: timing.lateToleranceMin,
    earlyLeaveToleranceMinutes: timing.earlyToleranceMin,
  };
  if (id !== undefined) template.id = id;
  return template;
}

// A date without DST changes, in a zone without them: the nominal (wall-clock) figures of a shift.
const NOMINAL_DATE = '2026-01-05';

export function etiquetaOf(timing: Pick<Timing, 'startTime' | 'endTime'>): string {
  return `${timing.startTime}–${timing.endTime}`;
}

export function toTurno(row: ShiftRow): Turno {
  const instance = placeShift(templateOf(row), NOMINAL_DATE, 'UTC');
  const netMinutes = Math.round(instance.plannedSeconds / 60);
  return {
    id: row.id,
    codigo: row.codigo,
    nombre: row.nombre,
    color: row.color,
    inicio: row.startTime,
    fin: row.endTime,
    colacion: colacionOf(row),
    toleranciaAtrasoMin: row.lateToleranceMin,
    toleranciaSalidaMin: row.earlyToleranceMin,
    diasPorSemana: row.daysPerWeek,
    sedeIds: row.siteIds,
    cargos: row.cargos,
    activo: row.active,
    cruzaMedianoche: instance.overnight,
    duracionMin: Math.round(instance.durationSeconds / 60),
    colacionMin: Math.round(instance.breakSeconds / 60),
    duracionNetaMin: netMinutes,
    horasSemanalesReferencia: Math.round((netMinutes * row.daysPerWeek * 100) / 60) / 100,
    etiqueta: etiquetaOf(row),
    version: row.version,
    creadoEn: row.createdAt.toISOString(),
    actualizadoEn: row.updatedAt.toISOString(),
  };
}

/** A planned day's shift as shown: the current name, code and colour with the timing of the planned version. */
export function toTurnoPlanificado(shift: Pick<ShiftRow, 'id' | 'codigo' | 'nombre' | 'color'>, version: ShiftVersionRow): TurnoPlanificado {
  return {
    id: shift.id,
    codigo: shift.codigo,
    nombre: shift.nombre,
    color: shift.color,
    inicio: version.startTime,
    fin: version.endTime,
    etiqueta: etiquetaOf(version),
    version: version.version,
  };
}

/** True when two timings differ (a new version is due). */
export function timingDiffers(a: Timing, b: Timing): boolean {
  return (
    a.startTime !== b.startTime ||
    a.endTime !== b.endTime ||
    a.breakKind !== b.breakKind ||
    (a.breakStart ?? null) !== (b.breakStart ?? null) ||
    (a.breakEnd ?? null) !== (b.breakEnd ?? null) ||
    (a.breakMinutes ?? null) !== (b.breakMinutes ?? null) ||
    a.lateToleranceMin !== b.lateToleranceMin ||
    a.earlyToleranceMin !== b.earlyToleranceMin
  );
}
