import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Text.css';
import { Anchor, Text } from '@mantine/core';
import type { FilaPlan, SemanaPlan } from '@jornada/contracts';
import { addDays } from '@jornada/domain';
import { useId, useMemo } from 'react';
import { Link } from 'react-router';
import { MonthNav, fullRange, longDayLabel, monthKey, monthLabel, monthLayout, readableTextColor, weekdayShort } from '../../../components/planning-grid';
import { SectionCard } from '../../../components/section-card';
import { BlockSkeleton, EmptyState, ErrorState } from '../../../components/states';
import { formatDate, todayInChile } from '../../../lib/format';
import { usePlanning } from '../api/get-planning';
import { holidaysOf, weekOf } from '../hooks/to-grid';
import { useMonthParam } from '../../../components/use-month-param';
import classes from './worker-planning-panel.module.css';

type DiaFila = FilaPlan['dias'][number];

/** What a day says in words: «Turno Oficina (OF) 09:00–18:00», «Libre», «Sin planificación». */
function planWords(dia: DiaFila | undefined): string {
  if (dia?.tipo === 'turno' && dia.turno) return `Turno ${dia.turno.nombre} (${dia.turno.codigo}) ${fullRange(dia.turno.inicio, dia.turno.fin)}`;
  if (dia?.tipo === 'libre') return 'Libre';
  return 'Sin planificación';
}

function Day({ date, dia, holiday, today, outside }: { date: string; dia: DiaFila | undefined; holiday: string | undefined; today: boolean; outside: boolean }) {
  const shift = dia?.tipo === 'turno' ? dia.turno : null;
  return (
    <li className={classes.day} data-outside={outside || undefined} data-today={today || undefined}>
      <span className={classes.date}>
        <abbr title={longDayLabel(date)} className={classes.weekday}>
          {weekdayShort(date)}
        </abbr>{' '}
        {formatDate(date).slice(0, 5)}
        {today && <span className={classes.todayTag}>Hoy</span>}
      </span>
      <span className={classes.plan}>
        {shift ? (
          <span className={classes.shift} style={{ background: shift.color, color: readableTextColor(shift.color) }} title={planWords(dia)}>
            <strong>{shift.codigo}</strong> {fullRange(shift.inicio, shift.fin)}
          </span>
        ) : dia?.tipo === 'libre' ? (
          <span className={`${classes.shift} ${classes.rest}`}>Libre</span>
        ) : (
          <span className={classes.none}>Sin planificación</span>
        )}
        {dia?.permiso && (
          <span className={classes.permit}>
            Permiso {dia.permiso.codigo}
            {dia.permiso.porHoras ? ' (por horas)' : ''}
          </span>
        )}
        {holiday && <span className={classes.holiday}>Feriado: {holiday}</span>}
      </span>
    </li>
  );
}

function Week({ monday, semana, days, holidays, today, month }: { monday: string; semana: SemanaPlan | undefined; days: ReadonlyMap<string, DiaFila>; holidays: ReadonlyMap<string, string>; today: string; month: string }) {
  const id = useId();
  const sunday = addDays(monday, 6);
  // The server's alerts: a week with days not planned yet is «incompleta», never short of days.
  const flags = semana ? weekOf(semana).flags : [];
  return (
    <section className={classes.week} aria-labelledby={id} data-warn={flags.length > 0 || undefined}>
      <div className={classes.weekHead}>
        <h3 id={id} className={classes.weekTitle}>
          Semana del {formatDate(monday)} al {formatDate(sunday)}
        </h3>
        {semana && (
          <span className={classes.weekHours}>
            {semana.horasPlanificadas} h planificadas de {semana.limiteHorasSemanales.toLocaleString('es-CL')} h · {semana.diasTrabajo === 1 ? '1 día de trabajo' : `${semana.diasTrabajo} días de trabajo`}
            {semana.incompleta && ' · incompleta'}
          </span>
        )}
      </div>
      {flags.length > 0 && (
        <ul className={classes.flags} aria-label="Alertas legales de la semana">
          {flags.map((flag) => (
            <li key={`${flag.code}-${flag.message}`}>{flag.message}</li>
          ))}
        </ul>
      )}
      <ol className={classes.days}>
        {Array.from({ length: 7 }, (_, offset) => {
          const date = addDays(monday, offset);
          return <Day key={date} date={date} dia={days.get(date)} holiday={holidays.get(date)} today={date === today} outside={!date.startsWith(month)} />;
        })}
      </ol>
    </section>
  );
}

/**
 * The «Planificación» tab of a person's record: the Monday-to-Sunday weeks of a month (`?mes=`, as on the
 * planning page) with each day's shift, rest day, holiday and approved permission, and each week's planned
 * hours and legal alerts as the server computed them (the contract's agreed hours included).
 */
export function WorkerPlanningPanel({ workerId, own }: { workerId: string; own: boolean }) {
  const {
    shown: { year, month },
    setMonth,
    current,
  } = useMonthParam();
  const layout = useMemo(() => monthLayout(year, month), [year, month]);
  const planning = usePlanning({ desde: layout.loadFrom, hasta: layout.loadTo, usuarioIds: [workerId] });
  const data = planning.data;
  const fila = data?.filas[0];
  const key = monthKey(year, month);
  const holidays = useMemo(() => (data ? holidaysOf(data) : new Map<string, string>()), [data]);
  const days = useMemo(() => new Map((fila?.dias ?? []).map((dia) => [dia.fecha, dia])), [fila]);
  const weeks = useMemo(() => new Map((fila?.semanas ?? []).map((semana) => [semana.inicio, semana])), [fila]);
  const planned = (fila?.dias ?? []).some((dia) => dia.fecha.startsWith(key) && dia.tipo !== 'sin_planificar');
  const today = data?.hoy ?? todayInChile();

  return (
    <SectionCard
      title="Planificación"
      description="Turnos, días libres, feriados y permisos de cada semana de lunes a domingo, con las horas planificadas y las alertas legales."
      actions={
        <Anchor component={Link} to={`/dashboard/planning?mes=${key}`} size="sm">
          Abrir la planificación del mes
        </Anchor>
      }
    >
      <div className={classes.toolbar}>
        <MonthNav year={year} month={month} onChange={setMonth} current={current} />
      </div>
      {planning.isPending ? (
        <BlockSkeleton lines={6} label="Cargando la planificación" />
      ) : planning.error ? (
        <ErrorState error={planning.error} onRetry={() => void planning.refetch()} retrying={planning.isFetching} title="No pudimos cargar la planificación" />
      ) : !fila ? (
        <EmptyState title={`Sin planificación en ${monthLabel(year, month)}`} description={own ? 'Tu contrato no cubre este mes.' : 'Su contrato no cubre este mes.'} />
      ) : (
        <>
          {!planned && (
            <Text size="sm" c="dimmed" mb="sm" role="status">
              {own ? 'Aún no tienes turnos planificados' : 'Aún no tiene turnos planificados'} en {monthLabel(year, month)}.
            </Text>
          )}
          <div className={classes.weeks}>
            {layout.weeks.map((week) => (
              <Week key={week.monday} monday={week.monday} semana={weeks.get(week.monday)} days={days} holidays={holidays} today={today} month={key} />
            ))}
          </div>
        </>
      )}
    </SectionCard>
  );
}
