import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Tooltip.css';
import { Badge, Group, Tooltip } from '@mantine/core';
import { PACTO_POR_VENCER_DIAS, type AlertaHorasExtra, type EstadoHorasExtra, type EstadoPacto, type HoraExtra } from '@jornada/contracts';
import { formatDate } from '../../../lib/format';

/** A review confirms or disputes the found overtime; every found second is paid either way (art. 32 inc. 3). */
export const ESTADO_LABELS: Record<EstadoHorasExtra, string> = { pendiente: 'Por revisar', aprobado: 'Confirmadas', rechazado: 'En disputa' };
const ESTADO_COLORS: Record<EstadoHorasExtra, string> = { pendiente: 'yellow', aprobado: 'teal', rechazado: 'orange' };
export const PACTO_LABELS: Record<EstadoPacto, string> = { futuro: 'Por comenzar', vigente: 'Vigente', vencido: 'Vencido' };
const PACTO_COLORS: Record<EstadoPacto, string> = { futuro: 'blue', vigente: 'teal', vencido: 'gray' };

const ALERTAS: Record<AlertaHorasExtra, { label: string; help: string; color: string }> = {
  trabajo_en_permiso: {
    label: 'Trabajo en permiso',
    help: 'Trabajadas en un día con un permiso con goce aprobado (vacaciones u otro): no se confirman como horas extra. Anula o acorta el permiso de ese día, o corrige las marcas.',
    color: 'grape',
  },
  sin_pacto: { label: 'Sin pacto', help: 'No hay un pacto de horas extra vigente ese día (art. 32): se pagan igual, y es un incumplimiento del empleador que se regulariza con un pacto.', color: 'red' },
  extension_diciembre: {
    label: 'Extensión de diciembre',
    help: 'Trabajadas más allá de la extensión de jornada de diciembre declarada ese día: mientras el empleador extiende la jornada no procede pactar horas extra (art. 24). Se pagan igual, y es un incumplimiento del empleador.',
    color: 'red',
  },
  sobre_limite_legal: { label: 'Sobre 2 h', help: 'Supera el máximo legal de 2 horas extra por día (art. 31): se pagan todas, y es un incumplimiento del empleador.', color: 'red' },
  sobre_pacto: { label: 'Sobre el pacto', help: 'Supera el máximo diario del pacto: se pagan todas; revisa el pacto o la jornada.', color: 'orange' },
  dia_descanso: { label: 'Día de descanso', help: 'Trabajadas en un día libre del plan o en un feriado: se pagan, y el descanso es un derecho que hay que respetar.', color: 'red' },
  sobre_umbral: { label: 'Sobre el umbral', help: 'Más horas extra que el umbral de revisión de la empresa. Es un umbral para revisar, no para pagar.', color: 'blue' },
  cambio: { label: 'Cambió', help: 'La evaluación del día cambió después de la revisión; revísala de nuevo.', color: 'violet' },
};

/**
 * Overtime in hours and minutes, as a reviewer reads it: «1 h 05 min», «45 min», «menos de 1 min».
 * The seconds stay exact in the API and the payroll; a review does not need them.
 */
export function formatSeconds(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  if (total > 0 && total < 60) return 'menos de 1 min';
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  if (!h) return `${m} min`;
  return m ? `${h} h ${String(m).padStart(2, '0')} min` : `${h} h`;
}

/** «90 min» as «1 h 30 min». */
export function formatMinutes(minutes: number): string {
  return formatSeconds(minutes * 60);
}

export function OvertimeStatus({ estado }: { estado: EstadoHorasExtra }) {
  return (
    <Badge variant="light" color={ESTADO_COLORS[estado]} size="sm">
      {ESTADO_LABELS[estado]}
    </Badge>
  );
}

export function PactStatus({ estado, diasRestantes }: { estado: EstadoPacto; diasRestantes: number | null }) {
  const soon = estado === 'vigente' && diasRestantes !== null && diasRestantes <= PACTO_POR_VENCER_DIAS;
  return (
    <Badge variant="light" color={soon ? 'orange' : PACTO_COLORS[estado]} size="sm">
      {soon ? (diasRestantes === 0 ? 'Vence hoy' : `Vence en ${diasRestantes} ${diasRestantes === 1 ? 'día' : 'días'}`) : PACTO_LABELS[estado]}
    </Badge>
  );
}

export function OvertimeAlerts({ alertas }: { alertas: readonly AlertaHorasExtra[] }) {
  if (alertas.length === 0) return null;
  return (
    <Group gap={4} wrap="wrap">
      {alertas.map((alerta) => (
        <Tooltip key={alerta} label={ALERTAS[alerta].help} multiline w={260} withArrow>
          <Badge variant="light" color={ALERTAS[alerta].color} size="sm" tabIndex={0} aria-label={`${ALERTAS[alerta].label}: ${ALERTAS[alerta].help}`}>
            {ALERTAS[alerta].label}
          </Badge>
        </Tooltip>
      ))}
    </Group>
  );
}

/** What the review said, in words: «1 h de 3 h», «Motivo: …». */
export function decisionText(item: HoraExtra): string {
  if (item.estado === 'pendiente') return 'Se pagan aunque no se revisen';
  if (item.estado === 'rechazado') return item.motivo ? `Motivo: ${item.motivo}` : 'En disputa';
  return `${formatSeconds(item.aprobadaSegundos ?? 0)} de ${formatSeconds(item.encontradaAlDecidirSegundos ?? item.encontradaSegundos)}`;
}

export function pactText(pacto: HoraExtra['pacto']): string {
  return pacto ? `${formatDate(pacto.desde)} al ${formatDate(pacto.hasta)} · máx. ${formatMinutes(pacto.maxMinutosDia)}/día` : 'Sin pacto vigente';
}
