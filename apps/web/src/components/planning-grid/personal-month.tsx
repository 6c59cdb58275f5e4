import { addDays, PLAN_ALERT_LABELS, type LocalDate } from '@jornada/domain';
import { useMemo } from 'react';
import { fullRange, hoursMinutes, longDayLabel, monthLayout } from './calendar';
import { readableTextColor } from './contrast';
import type { WorkerPermissions, WorkerPlan } from './types';
import { plannedWeek, type WeekSummary } from './week-summary';
import classes from './personal-month.module.css';

const HEADERS = [
  ['Lunes', 'lu'],
  ['Martes', 'ma'],
  ['Miércoles', 'mi'],
  ['Jueves', 'ju'],
  ['Viernes', 'vi'],
  ['Sábado', 'sá'],
  ['Domingo', 'do'],
] as const;

interface PersonalMonthProps {
  year: number;
  month: number;
  plan: WorkerPlan;
  holidays: ReadonlyMap<LocalDate, string>;
  today?: LocalDate;
  zone?: string;
  /** Approved permissions by date, shown with their code. */
  permissions?: WorkerPermissions;
  /** The server's weeks by Monday (the engine's plan alerts); a week missing here shows its hours only. */
  weeks?: ReadonlyMap<LocalDate, WeekSummary>;
}

/** One person's month as a calendar (weeks as rows, Monday first) with each week's planned hours. */
export function PersonalMonth({ year, month, plan, holidays, today, zone = 'America/Santiago', permissions, weeks: judged }: PersonalMonthProps) {
  const layout = useMemo(() => monthLayout(year, month), [year, month]);
  const weeks = useMemo(() => layout.weeks.map((week) => judged?.get(week.monday) ?? plannedWeek(week.monday, plan, zone)), [layout.weeks, judged, plan, zone]);
  const prefix = `${year}-${String(month).padStart(2, '0')}`;

  return (
    <div className={classes.wrap}>
      <table className={classes.table}>
        <caption className={classes.srOnly}>Mi planificación</caption>
        <thead>
          <tr>
            {HEADERS.map(([long, short]) => (
              <th key={long} scope="col">
                <abbr title={long} className={classes.abbr}>
                  <span className={classes.long}>{long}</span>
                  <span className={classes.short} aria-hidden="true">
                    {short}
                  </span>
                </abbr>
              </th>
            ))}
            <th scope="col">Horas</th>
          </tr>
        </thead>
        <tbody>
          {layout.weeks.map((week, index) => {
            const summary = weeks[index]!;
            return (
              <tr key={week.monday}>
                {Array.from({ length: 7 }, (_, offset) => {
                  const date = addDays(week.monday, offset);
                  const inMonth = date.startsWith(prefix);
                  const entry = plan.get(date);
                  const holiday = holidays.get(date);
                  const shift = entry?.kind === 'turno' ? entry.shift : null;
                  const permission = permissions?.get(date);
                  return (
                    <td key={date} className={classes.day} data-outside={!inMonth || undefined} data-today={date === today || undefined} data-holiday={holiday ? true : undefined}>
                      <span className={classes.number} aria-label={longDayLabel(date)}>
                        {Number(date.slice(8, 10))}
                      </span>
                      {shift ? (
                        <span className={classes.shift} style={{ background: shift.color, color: readableTextColor(shift.color) }}>
                          <strong>{shift.code}</strong>
                          <span>{fullRange(shift.start, shift.end)}</span>
                        </span>
                      ) : entry?.kind === 'libre' ? (
                        <span className={`${classes.shift} ${classes.rest}`}>Libre</span>
                      ) : inMonth ? (
                        <span className={classes.none}>Sin planificación</span>
                      ) : null}
                      {permission && (
                        <span className={classes.permit} title={permission.hours ? 'Permiso aprobado por horas' : 'Permiso aprobado'}>
                          Permiso {permission.code}
                          {permission.hours ? ' (horas)' : ''}
                        </span>
                      )}
                      {holiday && <span className={classes.holiday}>{holiday}</span>}
                    </td>
                  );
                })}
                <td className={classes.total} data-warn={summary.flags.length > 0 || undefined}>
                  <strong>{hoursMinutes(summary.plannedSeconds)}</strong>
                  {summary.flags.map((flag) => (
                    // The alert's short name in the narrow column; its whole message for a screen reader and on hover.
                    <span key={flag.code} className={classes.flag} title={flag.message}>
                      <span aria-hidden="true">{PLAN_ALERT_LABELS[flag.code]}</span>
                      <span className={classes.srOnly}>{flag.message}</span>
                    </span>
                  ))}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
