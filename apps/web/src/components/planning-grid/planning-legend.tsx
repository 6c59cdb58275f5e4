import { compactRange, fullRange } from './calendar';
import { readableTextColor } from './contrast';
import type { GridShift } from './types';
import classes from './planning-legend.module.css';

interface PlanningLegendProps {
  shifts: readonly GridShift[];
  /** Adds the wizard's conflict and change marks. */
  showHighlights?: boolean;
}

/** What the grid's colours and letters mean: every shift shown, rest, holiday, empty and the legal alerts. */
export function PlanningLegend({ shifts, showHighlights }: PlanningLegendProps) {
  return (
    <section className={classes.legend} aria-label="Leyenda de la planificación">
      <ul className={classes.list}>
        {shifts.map((shift) => (
          <li key={shift.id} className={classes.item}>
            <span className={classes.swatch} style={{ background: shift.color, color: readableTextColor(shift.color) }} aria-hidden="true">
              {compactRange(shift.start, shift.end)}
            </span>
            <span>
              <strong>{shift.code}</strong> {shift.name} <span className={classes.dim}>{fullRange(shift.start, shift.end)}</span>
            </span>
          </li>
        ))}
        <li className={classes.item}>
          <span className={`${classes.swatch} ${classes.rest}`} aria-hidden="true">
            L
          </span>
          <span>Libre (descanso)</span>
        </li>
        <li className={classes.item}>
          <span className={`${classes.swatch} ${classes.holiday}`} aria-hidden="true">
            F
          </span>
          <span>Feriado</span>
        </li>
        <li className={classes.item}>
          <span className={`${classes.swatch} ${classes.empty}`} aria-hidden="true" />
          <span>Sin planificación</span>
        </li>
        <li className={classes.item}>
          <span className={classes.badge} aria-hidden="true">
            !
          </span>
          <span>Alerta legal: semana sobre el máximo, día de más de 10 h o menos de 5 / más de 6 días</span>
        </li>
        {showHighlights && (
          <>
            <li className={classes.item}>
              <span className={`${classes.swatch} ${classes.conflict}`} aria-hidden="true" />
              <span>Conflicto con la planificación existente</span>
            </li>
            <li className={classes.item}>
              <span className={`${classes.swatch} ${classes.change}`} aria-hidden="true" />
              <span>Reemplaza lo planificado</span>
            </li>
          </>
        )}
      </ul>
    </section>
  );
}
