import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Tooltip.css';
import { Badge, Group, Tooltip } from '@mantine/core';
import { PACTO_POR_VENCER_DIAS, type AlertaHorasExtra, type EstadoHorasExtra, type EstadoPacto, type HoraExtra } from '@jornada/contracts';
import { formatDate } from '../../../lib/format';

export const ESTADO_LABELS: Record<EstadoHorasExtra, string> = { pendiente: 'Pendiente', aprobado: 'Aprobadas', rechazado: 'Rechazadas' };
const ESTADO_COLORS: Record<EstadoHorasExtra, string> = { pendiente: 'yellow', aprobado: 'teal', rechazado: 'red' };
export const PACTO_LABELS: Record<EstadoPacto, string> = { futuro: 'Por comenzar', vigente: 'Vigente', vencido: 'Vencido' };
const PACTO_COLORS: Record<EstadoPacto, string> = { futuro: 'blue', vigente: 'teal', vencido: 'gray' };

const ALERTAS: Record<AlertaHorasExtra, { label: string; help: string; color: string }> = {
  sin_pacto: { label: 'Sin pacto', help: 'No hay un pacto de horas extra vigente ese día: no se pueden aprobar.', color: 'red' },
  sobre_limite_legal: { label: 'Sobre 2 h', help: 'Supera el máximo legal de 2 horas extra por día; lo que exceda no se puede aprobar.', color: 'orange' },
  sobre_pacto: { label: 'Sobre el pacto', help: 'Supera el máximo diario del pacto; solo se aprueba hasta ese máximo.', color: 'orange' },
  cambio: { label: 'Cambió', help: 'La evaluación del día cambió después de la decisión; revísala.', color: 'violet' },
};

/** Exact seconds as hours, minutes and seconds: «1 h 10 min», «45 min 12 s», «0 min». */
export function formatSeconds(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const parts: string[] = [];
  if (h) parts.push(`${h} h`);
  if (m || (!h && !s)) parts.push(`${h ? String(m).padStart(2, '0') : m} min`);
  if (s) parts.push(`${s} s`);
  return parts.join(' ');
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

/** What was decided, in words: «1 h aprobada de 3 h», «Rechazadas: motivo». */
export function decisionText(item: HoraExtra): string {
  if (item.estado === 'pendiente') return item.aprobableSegundos > 0 ? `Aprobable: ${formatSeconds(item.aprobableSegundos)}` : 'No aprobable';
  if (item.estado === 'rechazado') return item.motivo ? `Motivo: ${item.motivo}` : 'Rechazadas';
  return `${formatSeconds(item.aprobadaSegundos ?? 0)} de ${formatSeconds(item.encontradaAlDecidirSegundos ?? item.encontradaSegundos)}`;
}

export function pactText(pacto: HoraExtra['pacto']): string {
  return pacto ? `${formatDate(pacto.desde)} al ${formatDate(pacto.hasta)} · máx. ${formatMinutes(pacto.maxMinutosDia)}/día` : 'Sin pacto vigente';
}
