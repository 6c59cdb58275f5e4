import type { DiaPlan, FilaPlan, PlanificacionGrilla, SemanaPlan, Turno, TurnoPlanificado } from '@jornada/contracts';
import { PLAN_ALERT_LABELS } from '@jornada/domain';
import type { GridEntry, GridPermission, GridShift, GridWorker, WeekSummary, WeekFlag, WorkerPermissions, WorkerPlan } from '../../../components/planning-grid';

const shiftCache = new Map<string, GridShift>();

/** A planned shift (or a template) as the grid draws it; one object per shift version, so lengths are cached. */
export function gridShiftOf(turno: TurnoPlanificado | Turno): GridShift {
  const key = `${turno.id}@${turno.version}@${turno.color}@${turno.nombre}@${turno.codigo}`;
  let shift = shiftCache.get(key);
  if (!shift) {
    shift = { id: turno.id, code: turno.codigo, name: turno.nombre, color: turno.color, start: turno.inicio, end: turno.fin };
    shiftCache.set(key, shift);
  }
  return shift;
}

function entryOf(dia: Pick<DiaPlan, 'tipo' | 'turno' | 'segundosPlanificados'> & { modificado?: boolean }): GridEntry | undefined {
  if (dia.tipo === 'turno' && dia.turno) return { kind: 'turno', shift: gridShiftOf(dia.turno), seconds: dia.segundosPlanificados, modified: dia.modificado };
  if (dia.tipo === 'libre') return { kind: 'libre', modified: dia.modificado };
  return undefined;
}

const plans = new WeakMap<object, WorkerPlan>();

/** A row's days by date; cached by the row object, which TanStack Query keeps when the row does not change. */
export function planOf(fila: { dias: readonly (Pick<DiaPlan, 'fecha' | 'tipo' | 'turno' | 'segundosPlanificados'> & { modificado?: boolean })[] }): WorkerPlan {
  let plan = plans.get(fila);
  if (!plan) {
    const map = new Map<string, GridEntry>();
    for (const dia of fila.dias) {
      const entry = entryOf(dia);
      if (entry) map.set(dia.fecha, entry);
    }
    plan = map;
    plans.set(fila, plan);
  }
  return plan;
}

const rowPermissions = new WeakMap<object, WorkerPermissions>();

/** A row's approved permissions by date (the server's `permiso` of each day); cached by the row's days. */
export function permissionsOf(fila: Pick<FilaPlan, 'dias'>): WorkerPermissions {
  let map = rowPermissions.get(fila.dias);
  if (!map) {
    const out = new Map<string, GridPermission>();
    for (const dia of fila.dias) if (dia.permiso) out.set(dia.fecha, { code: dia.permiso.codigo, hours: dia.permiso.porHoras });
    map = out;
    rowPermissions.set(fila.dias, map);
  }
  return map;
}

export function workerOf(fila: Pick<FilaPlan, 'usuario'>): GridWorker {
  const { usuario } = fila;
  return { id: usuario.id, name: `${usuario.nombre} ${usuario.apellidos}`.trim(), detail: [usuario.rut, usuario.cargo].filter(Boolean).join(' · ') };
}

export function holidaysOf(grilla: Pick<PlanificacionGrilla, 'dias'>): Map<string, string> {
  const out = new Map<string, string>();
  for (const dia of grilla.dias) if (dia.feriado) out.set(dia.fecha, dia.feriado.irrenunciable ? `${dia.feriado.nombre} (irrenunciable)` : dia.feriado.nombre);
  return out;
}

/**
 * The server's week (the engine's plan alerts, the contract's agreed hours included) as the grid's
 * summary: each flag is the alert's Spanish label and its message.
 */
export function weekOf(semana: SemanaPlan): WeekSummary {
  return {
    monday: semana.inicio,
    plannedSeconds: semana.segundosPlanificados,
    workingDays: semana.diasTrabajo,
    limitHours: semana.limiteHorasSemanales,
    flags: semana.alertas.map((alerta): WeekFlag => ({ code: alerta.codigo, message: `${PLAN_ALERT_LABELS[alerta.codigo]}: ${alerta.mensaje}` })),
    longDays: semana.alertas.filter((alerta) => alerta.codigo === 'jornada_diaria_sobre_limite').map((alerta) => alerta.fecha),
    incomplete: semana.incompleta,
  };
}

const rowWeeks = new WeakMap<object, Map<string, WeekSummary>>();

/** A row's server weeks by Monday; cached by the row's `semanas` array, which stays the same object until the row changes. */
export function weeksOf(fila: Pick<FilaPlan, 'semanas'>): Map<string, WeekSummary> {
  let weeks = rowWeeks.get(fila.semanas);
  if (!weeks) {
    weeks = new Map(fila.semanas.map((semana) => [semana.inicio, weekOf(semana)]));
    rowWeeks.set(fila.semanas, weeks);
  }
  return weeks;
}

