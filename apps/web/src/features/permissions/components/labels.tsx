import '@mantine/core/styles/Badge.css';
import { Badge } from '@mantine/core';
import type { EstadoPermiso, Permiso, SaldoPermiso, UnidadPermiso } from '@jornada/contracts';
import { formatDate } from '../../../lib/format';
import classes from './permissions-page.module.css';

export const ESTADO_LABELS: Record<EstadoPermiso, string> = { pendiente: 'Pendiente', aprobado: 'Aprobado', rechazado: 'Rechazado', anulado: 'Anulado' };
const ESTADO_COLORS: Record<EstadoPermiso, string> = { pendiente: 'yellow', aprobado: 'teal', rechazado: 'red', anulado: 'gray' };
export const UNIDAD_LABELS: Record<UnidadPermiso, string> = { dias_habiles: 'Días hábiles', dias_corridos: 'Días corridos', horas: 'Horas' };

export function PermissionStatus({ estado }: { estado: EstadoPermiso }) {
  return (
    <Badge variant="light" color={ESTADO_COLORS[estado]} size="sm" className={classes.status}>
      {ESTADO_LABELS[estado]}
    </Badge>
  );
}

/** What the compensatory rest's balance is, said under its name wherever balances are shown. */
export const COMPENSATORY_REST_BASIS = '1 día por cada festivo trabajado, y por cada domingo trabajado en una semana sin descanso (art. 38)';

/** The balance is the compensatory rest owed (art. 38), not a yearly allowance. */
export const isOwedRest = (saldo: Pick<SaldoPermiso, 'fuente'>): boolean => saldo.fuente === 'domingos_festivos_trabajados';

/** The balance is the rest earned by overtime compensated with vacation days (art. 32), usable for 6 months. */
export const isEarnedRest = (saldo: Pick<SaldoPermiso, 'fuente'>): boolean => saldo.fuente === 'horas_extra_compensadas';

/** «5 días hábiles», «1 día corrido», «2,5 horas». */
export function formatAmount(amount: number, unit: UnidadPermiso): string {
  const rounded = Math.round(amount * 100) / 100;
  const number = rounded.toLocaleString('es-CL', { maximumFractionDigits: 2 });
  if (unit === 'horas') return `${number} ${rounded === 1 ? 'hora' : 'horas'}`;
  if (unit === 'dias_habiles') return rounded === 1 ? '1 día hábil' : `${number} días hábiles`;
  return rounded === 1 ? '1 día corrido' : `${number} días corridos`;
}

/** «14-09-2026 al 18-09-2026», «21-09-2026, 09:00 a 11:00». */
export function periodText(p: Pick<Permiso, 'desde' | 'hasta' | 'horaInicio' | 'horaFin'>): string {
  const days = p.desde === p.hasta ? formatDate(p.desde) : `${formatDate(p.desde)} al ${formatDate(p.hasta)}`;
  return p.horaInicio && p.horaFin ? `${days}, ${p.horaInicio} a ${p.horaFin}` : days;
}
