import '@mantine/core/styles/Text.css';
import { Text } from '@mantine/core';
import { ESTADO_ASISTENCIA_LABELS, type DiaTendencia, type EstadoAsistencia } from '@jornada/contracts';
import type { CSSProperties } from 'react';
import { Link } from 'react-router';
import { ESTADO_COLOR } from '../../../components/attendance-status';
import { shortDate, weekdayShort } from '../../../components/planning-grid/calendar';
import classes from './home-page.module.css';

/** Statuses of a working day, stacked bottom to top (rest days and holidays are not drawn). */
const TREND_ESTADOS: readonly EstadoAsistencia[] = ['presente', 'atrasado', 'con_permiso', 'incompleto', 'sin_marcar', 'ausente'];

const dayPath = (fecha: string) => `/dashboard/assists?fecha=${fecha}`;

/**
 * The last days' attendance as stacked bars, one per day, each a link to that day's board. The bars
 * are decoration for sighted users; the same figures are a table for screen readers.
 */
export function WeekTrend({ dias, linkDays }: { dias: readonly DiaTendencia[]; linkDays: boolean }) {
  const totals = dias.map((d) => TREND_ESTADOS.reduce((sum, estado) => sum + (d.conteos[estado] ?? 0), 0));
  const max = Math.max(1, ...totals);
  if (totals.every((t) => t === 0)) {
    return (
      <Text size="sm" c="dimmed">
        No hubo jornadas planificadas en estos días.
      </Text>
    );
  }
  return (
    <figure className={classes.trend}>
      <div className={classes.trendBars} aria-hidden="true">
        {dias.map((d, index) => {
          const bar = (
            <>
              <span className={classes.trendTotal}>{totals[index]}</span>
              <span className={classes.trendStack} style={{ height: `${(totals[index]! / max) * 100}%` }}>
                {TREND_ESTADOS.map((estado) =>
                  (d.conteos[estado] ?? 0) > 0 ? (
                    <span
                      key={estado}
                      className={classes.trendSegment}
                      style={{ flexGrow: d.conteos[estado], '--segment': `var(--mantine-color-${ESTADO_COLOR[estado]}-5)` } as CSSProperties}
                    />
                  ) : null,
                )}
              </span>
              <span className={classes.trendLabel}>
                {weekdayShort(d.fecha)} {Number(d.fecha.slice(8, 10))}
              </span>
            </>
          );
          return linkDays ? (
            <Link key={d.fecha} to={dayPath(d.fecha)} className={classes.trendDay} tabIndex={-1} title={`Ver la asistencia del ${shortDate(d.fecha)}`}>
              {bar}
            </Link>
          ) : (
            <div key={d.fecha} className={classes.trendDay}>
              {bar}
            </div>
          );
        })}
      </div>
      <figcaption className={classes.legend}>
        {TREND_ESTADOS.map((estado) => (
          <span key={estado} className={classes.legendItem}>
            <span className={classes.legendSwatch} style={{ background: `var(--mantine-color-${ESTADO_COLOR[estado]}-5)` }} aria-hidden="true" />
            {ESTADO_ASISTENCIA_LABELS[estado]}
          </span>
        ))}
      </figcaption>
      {/* A table keeps its content's width whatever its own; the clipped box around it does not (no sideways scroll on a phone). */}
      <div className={classes.srOnly}>
        <table>
          <caption>Asistencia de los últimos días</caption>
          <thead>
            <tr>
              <th scope="col">Día</th>
              {TREND_ESTADOS.map((estado) => (
                <th key={estado} scope="col">
                  {ESTADO_ASISTENCIA_LABELS[estado]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {dias.map((d) => (
              <tr key={d.fecha}>
                <th scope="row">{linkDays ? <Link to={dayPath(d.fecha)}>{shortDate(d.fecha)}</Link> : shortDate(d.fecha)}</th>
                {TREND_ESTADOS.map((estado) => (
                  <td key={estado}>{d.conteos[estado] ?? 0}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
