import '@mantine/core/styles/Text.css';
import { Text } from '@mantine/core';
import type { AsistenciaTrabajadorResponse } from '@jornada/contracts';
import type { CSSProperties, ReactNode } from 'react';
import { formatDate, plural } from '../../../lib/format';
import { duration } from './status';
import classes from './attendance.module.css';

function Card({ label, value, hint, accent }: { label: string; value: ReactNode; hint?: ReactNode; accent: string }) {
  return (
    <div className={classes.card} style={{ '--card-accent': `var(--mantine-color-${accent}-6)` } as CSSProperties}>
      <span className={classes.cardLabel}>{label}</span>
      <span className={classes.cardValue}>{value}</span>
      {hint && <span className={classes.cardHint}>{hint}</span>}
    </div>
  );
}

/** The period's totals, as the engine settled them (weekly compensation on whole Monday–Sunday weeks). */
export function PeriodTotals({ data }: { data: AsistenciaTrabajadorResponse }) {
  const t = data.totales;
  const nothingClosed = data.hastaCerrado < data.desde;
  return (
    <div className={classes.stack}>
      <Text size="sm" c="dimmed">
        {nothingClosed
          ? 'Aún no hay días cerrados en este periodo: los totales se suman desde mañana.'
          : data.hastaCerrado < data.hasta
            ? `Totales del ${formatDate(data.desde)} al ${formatDate(data.hastaCerrado)}: el día en curso y los siguientes no se suman todavía.`
            : `Totales del ${formatDate(data.desde)} al ${formatDate(data.hasta)}.`}{' '}
        La compensación semanal se liquida en semanas completas de lunes a domingo (con jornada promedio, en ciclos completos), en el periodo que contiene su domingo.
      </Text>
      <div className={classes.cards} data-kind="totals" role="group" aria-label="Totales del periodo">
        <Card label="Trabajado" value={duration(t.trabajadoSegundos)} hint={`de ${duration(t.planificadoSegundos)} planificadas · ${plural(t.diasTrabajados, 'día')}`} accent="jornada" />
        <Card label="Atrasos" value={duration(t.atrasoSegundos)} hint={`${plural(t.diasConAtraso, 'día', 'días')} con atraso`} accent="orange" />
        <Card label="Ausencias" value={plural(t.ausencias, 'día', 'días')} hint={`${plural(t.diasJustificados, 'día justificado', 'días justificados')}`} accent="red" />
        <Card
          label="Horas extra"
          value={duration(t.extraNetaSegundos)}
          hint={
            t.extraNetaSobreLimiteSegundos > 0
              ? `${duration(t.extraNetaSobreLimiteSegundos)} sobre el límite de 2 h diarias`
              : `${duration(t.extraSegundos)} antes de compensar`
          }
          accent="blue"
        />
        <Card label="Compensación semanal" value={duration(t.compensadoSegundos)} hint={`descontable: ${duration(t.descontableSegundos)}`} accent="grape" />
        <Card
          label="Pendiente"
          value={duration(t.pendienteSegundos)}
          hint={`${plural(t.diasIncompletos, 'día incompleto', 'días incompletos')}, sin descontar hasta su corrección`}
          accent="yellow"
        />
      </div>
    </div>
  );
}

/** Each Monday–Sunday week touching the period (or cycle of an averaged distribution, art. 22 bis), after its compensation. */
export function WeeksTable({ data }: { data: AsistenciaTrabajadorResponse }) {
  return (
    <div className={classes.tableWrap} tabIndex={0} role="region" aria-label="Semanas del periodo">
      <table className={classes.smallTable}>
        <caption className={classes.srOnly}>Semanas del periodo</caption>
        <thead>
          <tr>
            <th scope="col">Semana</th>
            <th scope="col">Planificado</th>
            <th scope="col">Trabajado</th>
            <th scope="col">Atraso</th>
            <th scope="col">Faltante</th>
            <th scope="col">Compensado</th>
            <th scope="col">Descontable</th>
            <th scope="col">Extra neta</th>
            <th scope="col">En este periodo</th>
          </tr>
        </thead>
        <tbody>
          {data.semanas.map((week) => (
            <tr key={week.lunes}>
              <th scope="row" style={{ whiteSpace: 'nowrap' }}>
                {formatDate(week.lunes).slice(0, 5)} al {formatDate(week.domingo).slice(0, 5)}
                {week.semanasCiclo !== null && <div style={{ fontWeight: 'normal' }}>Ciclo de {week.semanasCiclo === 1 ? '1 semana' : `${week.semanasCiclo} semanas`}</div>}
              </th>
              <td data-num>{duration(week.planificadoSegundos)}</td>
              <td data-num>{duration(week.trabajadoSegundos)}</td>
              <td data-num>{duration(week.atrasoSegundos)}</td>
              <td data-num>{duration(week.faltanteSegundos)}</td>
              <td data-num>{duration(week.compensadoSegundos)}</td>
              <td data-num>{duration(week.descontableSegundos)}</td>
              <td data-num>{duration(week.extraNetaSegundos)}</td>
              <td>{week.liquidadaEnPeriodo ? 'Sí' : 'No, en el periodo de su domingo'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
