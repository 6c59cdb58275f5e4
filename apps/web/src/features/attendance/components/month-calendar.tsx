import { ESTADO_ASISTENCIA_LABELS, type DiaTrabajador } from '@jornada/contracts';
import { isoWeekday, type LocalDate } from '@jornada/domain';
import type { CSSProperties } from 'react';
import { longDayLabel, monthLayout, weekdayName } from '../../../components/planning-grid';
import { ESTADO_COLOR, ESTADOS_ORDEN, duration } from './status';
import classes from './attendance.module.css';

const WEEKDAYS = ['Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes', 'Sábado', 'Domingo'];

interface MonthCalendarProps {
  year: number;
  month: number;
  days: ReadonlyMap<string, DiaTrabajador>;
  selected: string;
  today: string;
  onSelect: (date: LocalDate) => void;
}

function planText(day: DiaTrabajador): string {
  if (day.feriado && day.plan !== 'turno') return day.feriado;
  if (day.turno) return `Turno ${day.turno.etiqueta}`;
  return day.plan === 'libre' ? 'Libre' : 'Sin planificación';
}

function timesText(day: DiaTrabajador): string | null {
  if (!day.horaEntrada && !day.horaSalida) return null;
  return `${day.horaEntrada ?? '—'} a ${day.horaSalida ?? '—'}`;
}

/** Accessible name of a day's button: the date, status, plan and times in one sentence. */
function dayLabel(date: LocalDate, day: DiaTrabajador | undefined, upcoming: boolean): string {
  if (!day) return `${longDayLabel(date)}: sin datos`;
  const parts = [`${longDayLabel(date)}: ${upcoming ? 'Próximo' : ESTADO_ASISTENCIA_LABELS[day.estado]}`, planText(day)];
  const times = timesText(day);
  if (times) parts.push(`marcas de ${times}`);
  if (day.segundos.atraso > 0) parts.push(`atraso de ${duration(day.segundos.atraso)}`);
  if (day.inconsistencias.length > 0) parts.push(day.inconsistencias.map((item) => item.etiqueta).join(', '));
  return parts.join('. ');
}

/**
 * A worker's month, Monday first: each day's status (colour and word), plan and first entry / last
 * exit. Each day is a button that shows its detail below. Under 48em the weeks become a list.
 */
export function MonthCalendar({ year, month, days, selected, today, onSelect }: MonthCalendarProps) {
  const layout = monthLayout(year, month);
  const leading = isoWeekday(layout.first) - 1;
  const cells: (LocalDate | null)[] = [...Array.from({ length: leading }, () => null), ...layout.days.map((d) => d.date)];
  while (cells.length % 7 !== 0) cells.push(null);

  return (
    <div>
      <div className={classes.calendar} role="group" aria-label="Días del mes">
        {WEEKDAYS.map((name) => (
          <div key={name} className={classes.weekday} aria-hidden="true">
            {name}
          </div>
        ))}
        {cells.map((date, index) => {
          if (!date) return <div key={`blank-${index}`} className={classes.blank} aria-hidden="true" />;
          const day = days.get(date);
          // A day still to come has no attendance yet, only its plan ("Sin marcar aún" would read as a fault).
          const upcoming = Boolean(day && date > today && day.estado === 'sin_marcar');
          const color = day && !upcoming ? ESTADO_COLOR[day.estado] : null;
          const style = color ? ({ '--day-accent': `var(--mantine-color-${color}-6)`, '--day-text': `var(--mantine-color-${color}-light-color)` } as CSSProperties) : undefined;
          const times = day ? timesText(day) : null;
          return (
            <button
              key={date}
              type="button"
              className={classes.day}
              style={style}
              aria-pressed={selected === date}
              aria-label={dayLabel(date, day, upcoming)}
              data-today={date === today || undefined}
              data-empty={!day || undefined}
              disabled={!day}
              onClick={() => onSelect(date)}
            >
              <span className={classes.dayHead}>
                <span className={classes.dayNumber}>{Number(date.slice(8, 10))}</span>
                <span className={classes.dayWeekday}>{weekdayName(date)}</span>
              </span>
              {day && (
                <>
                  <span className={classes.dayStatus}>{upcoming ? 'Próximo' : ESTADO_ASISTENCIA_LABELS[day.estado]}</span>
                  <span className={classes.dayPlan}>{planText(day)}</span>
                  {times && <span className={classes.dayTimes}>{times}</span>}
                  {day.segundos.atraso > 0 && <span className={classes.dayFlag}>Atraso {duration(day.segundos.atraso)}</span>}
                  {day.inconsistencias.length > 0 && (
                    <span className={classes.dayFlag}>{day.inconsistencias.length === 1 ? day.inconsistencias[0]!.etiqueta : `${day.inconsistencias.length} inconsistencias`}</span>
                  )}
                </>
              )}
            </button>
          );
        })}
      </div>
      <div className={classes.legend} aria-hidden="true">
        {ESTADOS_ORDEN.map((estado) => (
          <span key={estado} className={classes.legendItem} style={{ '--day-accent': `var(--mantine-color-${ESTADO_COLOR[estado]}-6)` } as CSSProperties}>
            <span className={classes.legendSwatch} />
            {ESTADO_ASISTENCIA_LABELS[estado]}
          </span>
        ))}
      </div>
    </div>
  );
}

