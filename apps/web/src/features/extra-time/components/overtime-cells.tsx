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

/** The period's totals over every match of the filter: found (all paid), confirmed, disputed, to review, with a compliance problem. */
export function OvertimeSummary({ data }: { data: HorasExtraPage | undefined }) {
  if (!data) return null;
  const t = data.totales;
  const figures = [
    { label: 'Periodo', value: `${formatDate(data.desde)} al ${formatDate(data.hasta)}` },
    { label: 'Encontradas (se pagan)', value: formatSeconds(t.encontradaSegundos) },
    { label: 'Confirmadas', value: formatSeconds(t.aprobadaSegundos) },
    { label: 'En disputa', value: t.rechazadaSegundos ? `${formatSeconds(t.rechazadaSegundos)} · ${plural(t.rechazadas, 'día', 'días')}` : '0 min' },
    { label: 'Por revisar', value: `${formatSeconds(t.pendienteSegundos)} · ${plural(t.pendientes, 'día', 'días')}` },
    { label: 'Con incumplimiento', value: plural(t.conIncumplimiento, 'día', 'días') },
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
