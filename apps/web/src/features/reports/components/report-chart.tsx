import '@mantine/core/styles/Text.css';
import { Text } from '@mantine/core';
import { celdaTexto, type GraficoReporte } from '@jornada/contracts';
import type { CSSProperties } from 'react';
import classes from './management-report.module.css';

const COLORS = ['var(--mantine-color-jornada-6)', '#e8590c', '#7048e8'];

/**
 * A report's chart as grouped bars (one group per day, week, month or group; one bar per series),
 * scaled to the largest value. The bars are for sighted users; the same figures are a table for
 * screen readers.
 */
export function ReportChart({ chart }: { chart: GraficoReporte }) {
  const tipo = chart.unidad === 'duracion' ? 'duracion' : 'numero';
  const max = Math.max(0, ...chart.puntos.flatMap((p) => chart.series.map((s) => p.valores[s.clave] ?? 0)));
  if (chart.puntos.length === 0 || max === 0) {
    return (
      <Text size="sm" c="dimmed">
        Sin datos para graficar en este periodo.
      </Text>
    );
  }
  return (
    <figure className={classes.figure}>
      <div className={classes.legend} aria-hidden="true">
        {chart.series.map((s, i) => (
          <span key={s.clave}>
            <i style={{ background: COLORS[i % COLORS.length] }} />
            {s.etiqueta}
          </span>
        ))}
      </div>
      <div className={classes.chartScroll} aria-hidden="true">
        <div className={classes.chart} style={{ '--points': chart.puntos.length } as CSSProperties}>
          {chart.puntos.map((p) => (
            <div key={p.etiqueta} className={classes.group}>
              <div className={classes.bars}>
                {chart.series.map((s, i) => {
                  const value = p.valores[s.clave] ?? 0;
                  return (
                    <div
                      key={s.clave}
                      className={classes.bar}
                      title={`${p.etiqueta} · ${s.etiqueta}: ${celdaTexto(value, tipo)}`}
                      style={{ height: `${(value / max) * 100}%`, background: COLORS[i % COLORS.length] }}
                      data-zero={value === 0 || undefined}
                    />
                  );
                })}
              </div>
              <span className={classes.tick}>{p.etiqueta}</span>
            </div>
          ))}
        </div>
      </div>
      <figcaption>
        <Text size="xs" c="dimmed" mt="xs">
          Máximo: {celdaTexto(max, tipo)}
          {chart.unidad === 'duracion' ? ' (horas:minutos:segundos)' : ''}.
        </Text>
      </figcaption>
      {/* A table keeps its content's width whatever its own; the clipped box around it does not (no sideways scroll on a phone). */}
      <div className={classes.srOnly}>
        <table>
          <caption>{chart.titulo}</caption>
          <thead>
            <tr>
              <th scope="col">Periodo</th>
              {chart.series.map((s) => (
                <th key={s.clave} scope="col">
                  {s.etiqueta}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {chart.puntos.map((p) => (
              <tr key={p.etiqueta}>
                <th scope="row">{p.etiqueta}</th>
                {chart.series.map((s) => (
                  <td key={s.clave}>{celdaTexto(p.valores[s.clave] ?? 0, tipo)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
