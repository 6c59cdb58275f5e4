import '@mantine/core/styles/Text.css';
import { Text } from '@mantine/core';
import type { HoraExtra, HorasExtraPage } from '@jornada/contracts';
import type { Column } from '../../../components/data-table';
import { formatDate, plural } from '../../../lib/format';
import classes from './extra-time.module.css';
import { decisionText, formatSeconds, OvertimeAlerts, OvertimeStatus, pactText } from './labels';

/** The columns both overtime lists share (the approval list adds the worker). */
export const OVERTIME_COLUMNS: Column<HoraExtra>[] = [
  { key: 'fecha', header: 'Fecha', nowrap: true, cell: (h) => formatDate(h.fecha) },
  {
    key: 'encontradas',
    header: 'Encontradas',
    nowrap: true,
    cell: (h) => (
      <div className={classes.cell}>
        <Text size="sm" fw={600}>
          {formatSeconds(h.encontradaSegundos)}
        </Text>
        {h.sobreLimiteSegundos > 0 && (
          <Text size="xs" c="red.9">
            {formatSeconds(h.sobreLimiteSegundos)} sobre 2 h
          </Text>
        )}
      </div>
    ),
  },
  {
    key: 'pacto',
    header: 'Pacto',
    hideOnMobile: true,
    cell: (h) => (
      <Text size="sm" c={h.pacto ? undefined : 'red.9'}>
        {pactText(h.pacto)}
      </Text>
    ),
  },
  {
    key: 'estado',
    header: 'Estado',
    cell: (h) => (
      <div className={classes.cell}>
        <OvertimeStatus estado={h.estado} />
        <Text size="xs" c="dimmed">
          {decisionText(h)}
        </Text>
        {h.decididoPor && (
          <Text size="xs" c="dimmed">
            {h.decididoPor.nombre} {h.decididoPor.apellidos}
          </Text>
        )}
      </div>
    ),
  },
  { key: 'alertas', header: 'Alertas', cell: (h) => <OvertimeAlerts alertas={h.alertas} /> },
];

/** The period's totals over every match of the filter. */
export function OvertimeSummary({ data }: { data: HorasExtraPage | undefined }) {
  if (!data) return null;
  const figures = [
    { label: 'Periodo', value: `${formatDate(data.desde)} al ${formatDate(data.hasta)}` },
    { label: 'Horas extra encontradas', value: formatSeconds(data.totales.encontradaSegundos) },
    { label: 'Aprobadas', value: formatSeconds(data.totales.aprobadaSegundos) },
    { label: 'Pendientes', value: plural(data.totales.pendientes, 'día', 'días') },
    { label: 'Con alertas', value: plural(data.totales.conAlertas, 'día', 'días') },
  ];
  return (
    <div className={classes.summary} aria-live="polite">
      {figures.map((f) => (
        <div key={f.label} className={classes.figure}>
          <Text size="xs" c="dimmed">
            {f.label}
          </Text>
          <Text size="sm" fw={700}>
            {f.value}
          </Text>
        </div>
      ))}
    </div>
  );
}
