/**
 * Spanish (Chile) clauses that say why a worker could not take a shift, in singular and plural, so an
 * explanation can group idle workers by reason: «3 ya tienen 3 domingos trabajados en el mes».
 */
import type { PlanAlertCode } from '@jornada/domain';

/** Why a worker could not take a covering shift: a static reason of the day, or one the rest of the plan sets. */
export type BlockReason =
  | 'no_disponible'
  | 'fuera_de_contrato'
  | 'turno_no_permitido'
  | 'dia_fijo'
  | 'descanso_previo'
  | PlanAlertCode
  | 'otro_turno'
  | 'descanso'
  | 'horas_semanales'
  | 'dias_semana'
  | 'domingos'
  | 'horas_ciclo'
  | 'sin_impedimento'
  | 'a_costa_de_otra_demanda';

const CLAUSES: Readonly<Record<BlockReason, readonly [string, string]>> = {
  no_disponible: ['tiene vacaciones, licencia o permiso aprobado', 'tienen vacaciones, licencia o permiso aprobado'],
  fuera_de_contrato: ['está fuera de la vigencia de su contrato', 'están fuera de la vigencia de su contrato'],
  turno_no_permitido: ['no tiene habilitado ese turno', 'no tienen habilitado ese turno'],
  dia_fijo: ['tiene ese día fijado', 'tienen ese día fijado'],
  descanso_previo: ['no alcanza el descanso mínimo desde su último turno', 'no alcanzan el descanso mínimo desde su último turno'],
  jornada_semanal_sobre_limite: ['superaría el máximo legal semanal', 'superarían el máximo legal semanal'],
  jornada_semanal_sobre_pactada: ['tiene una jornada pactada menor que el turno', 'tienen una jornada pactada menor que el turno'],
  jornada_pactada_sobre_limite_legal: ['tiene una jornada pactada sobre el máximo legal', 'tienen una jornada pactada sobre el máximo legal'],
  jornada_promedio_ciclo_sobre_limite: ['superaría el promedio semanal legal de su ciclo excepcional', 'superarían el promedio semanal legal de su ciclo excepcional'],
  jornada_promedio_pacto_sobre_limite: ['superaría el promedio semanal legal de su ciclo de jornada promedio', 'superarían el promedio semanal legal de su ciclo de jornada promedio'],
  jornada_semanal_sobre_tope_promedio: ['superaría el tope semanal de su jornada promedio', 'superarían el tope semanal de su jornada promedio'],
  jornada_diaria_sobre_limite: ['superaría su límite diario de horas', 'superarían su límite diario de horas'],
  dias_por_semana_fuera_de_rango: ['excedería los días por semana permitidos', 'excederían los días por semana permitidos'],
  colacion_bajo_minimo: ['no puede tomar un turno con colación bajo 30 minutos', 'no pueden tomar un turno con colación bajo 30 minutos'],
  colacion_sobre_maximo_jornada_parcial: ['es de jornada parcial y la colación del turno pasa de una hora', 'son de jornada parcial y la colación del turno pasa de una hora'],
  colacion_no_planificada: ['necesita colación y el turno no la tiene', 'necesitan colación y el turno no la tiene'],
  turno_en_feriado_irrenunciable: ['es del comercio y el día es feriado irrenunciable', 'son del comercio y el día es feriado irrenunciable'],
  domingos_de_descanso_insuficientes: ['quedaría con menos de dos domingos de descanso en el mes', 'quedarían con menos de dos domingos de descanso en el mes'],
  turno_despues_de_hora_diciembre: ['es del comercio y el turno pasa la hora de cierre de diciembre', 'son del comercio y el turno pasa la hora de cierre de diciembre'],
  otro_turno: ['ya tiene otro turno ese día', 'ya tienen otro turno ese día'],
  descanso: ['no tendría el descanso mínimo entre turnos', 'no tendrían el descanso mínimo entre turnos'],
  horas_semanales: ['ya completa sus horas semanales', 'ya completan sus horas semanales'],
  dias_semana: ['ya trabaja {n} días esa semana', 'ya trabajan {n} días esa semana'],
  domingos: ['ya tiene {n} domingos trabajados en el mes', 'ya tienen {n} domingos trabajados en el mes'],
  horas_ciclo: ['ya completa las horas de su jornada excepcional', 'ya completan las horas de su jornada excepcional'],
  a_costa_de_otra_demanda: ['solo podría cubrirlo a costa de otra demanda o de las reglas de equidad', 'solo podrían cubrirlo a costa de otra demanda o de las reglas de equidad'],
  sin_impedimento: ['podría cubrirlo, pero la búsqueda terminó antes de asignarlo', 'podrían cubrirlo, pero la búsqueda terminó antes de asignarlos'],
};

/** The clause of a reason for `count` workers, with `{n}` replaced by `param` («ya tienen 3 domingos…»). */
export function reasonClause(reason: BlockReason, count: number, param?: number): string {
  const text = CLAUSES[reason][count === 1 ? 0 : 1];
  return param === undefined ? text : text.replace('{n}', String(param));
}
