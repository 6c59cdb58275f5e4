import '@mantine/core/styles/Text.css';
import { Text } from '@mantine/core';
import type { CSSProperties } from 'react';
import { plural } from '../../../lib/format';
import classes from './attendance.module.css';

interface ArrivalsChartProps {
  /** Every hour 0–23 with the first entries that fell in it (the API's `llegadasPorHora`). */
  data: readonly { hora: number; cantidad: number }[];
}

const hourLabel = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

/**
 * Arrivals by hour as bars, from 6:00 to 19:00 at least and widened to any hour with arrivals (a night
 * shift's). The bars are decoration for sighted users; the same figures are a table for screen readers.
 */
export function ArrivalsChart({ data }: ArrivalsChartProps) {
  const total = data.reduce((sum, item) => sum + item.cantidad, 0);
  if (total === 0) {
    return (
      <Text size="sm" c="dimmed">
        Aún no hay entradas registradas este día.
      </Text>
    );
  }
  const withArrivals = data.filter((item) => item.cantidad > 0).map((item) => item.hora);
  const from = Math.min(6, ...withArrivals);
  const to = Math.max(19, ...withArrivals);
  const hours = data.filter((item) => item.hora >= from && item.hora <= to).sort((a, b) => a.hora - b.hora);
  const max = Math.max(...hours.map((item) => item.cantidad));
  const peak = hours.find((item) => item.cantidad === max)!;

  return (
    <figure style={{ margin: 0 }}>
      <div aria-hidden="true" style={{ '--hours': hours.length } as CSSProperties}>
        <div className={classes.chart}>
          {hours.map((item) => (
            <div key={item.hora} className={classes.bar} title={`${hourLabel(item.hora)}: ${plural(item.cantidad, 'llegada')}`}>
              {item.cantidad > 0 && (
                <span className={classes.barCount} style={{ bottom: `${(item.cantidad / max) * 100}%` }}>
                  {item.cantidad}
                </span>
              )}
              <div className={classes.barFill} data-zero={item.cantidad === 0 || undefined} style={{ height: `${(item.cantidad / max) * 100}%` }} />
            </div>
          ))}
        </div>
        <div className={classes.axis}>
          {hours.map((item) => (
            <span key={item.hora} data-odd={item.hora % 2 === 1 || undefined}>
              {String(item.hora).padStart(2, '0')}
            </span>
          ))}
        </div>
      </div>
      <figcaption>
        <Text size="xs" c="dimmed" mt="xs">
          {plural(total, 'entrada registrada', 'entradas registradas')}; la mayor cantidad entre las {hourLabel(peak.hora)} y las {hourLabel((peak.hora + 1) % 24)} ({plural(peak.cantidad, 'persona')}). Hora local de la sede de
          cada trabajador.
        </Text>
      </figcaption>
      {/* A table keeps its content's width whatever its own; the clipped box around it does not (no sideways scroll on a phone). */}
      <div className={classes.srOnly}>
        <table>
          <caption>Llegadas por hora</caption>
          <thead>
            <tr>
              <th scope="col">Hora</th>
              <th scope="col">Llegadas</th>
            </tr>
          </thead>
          <tbody>
            {hours
              .filter((item) => item.cantidad > 0)
              .map((item) => (
                <tr key={item.hora}>
                  <th scope="row">
                    {hourLabel(item.hora)}–{hourLabel((item.hora + 1) % 24)}
                  </th>
                  <td>{item.cantidad}</td>
                </tr>
              ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
