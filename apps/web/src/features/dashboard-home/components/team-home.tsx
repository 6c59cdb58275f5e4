import '@mantine/core/styles/Text.css';
import { Text } from '@mantine/core';
import { ESTADO_ASISTENCIA_LABELS, type EstadoAsistencia, type InicioEquipo } from '@jornada/contracts';
import type { CSSProperties } from 'react';
import { Link } from 'react-router';
import { ESTADO_COLOR } from '../../../components/attendance-status';
import { SectionCard } from '../../../components/section-card';
import { formatInteger, plural } from '../../../lib/format';
import classes from './home-page.module.css';
import { WeekTrend } from './week-trend';

/** Today's statuses the home always shows; the others (incomplete, rest day, holiday) when someone is in them, so the cards add up to the active workers. */
const TODAY_ESTADOS: readonly EstadoAsistencia[] = ['presente', 'atrasado', 'ausente', 'con_permiso', 'sin_marcar'];
const TODAY_WHEN_ANY: readonly EstadoAsistencia[] = ['incompleto', 'descanso', 'feriado'];


/** The home of an administrador or supervisor: today in their scope, what waits for them, the last 7 days. */
export function TeamHome({ data, scopeLabel }: { data: InicioEquipo; scopeLabel: string }) {
  const { hoy, tendencia, pactosPorVencer } = data;
  return (
    <div className={classes.sections}>
      <section aria-labelledby="hoy-titulo">
        <div className={classes.sectionHead}>
          <h2 id="hoy-titulo" className={classes.sectionTitle}>
            Hoy {scopeLabel}
          </h2>
          <Text size="sm" c="dimmed">
            {plural(hoy.trabajadores, 'trabajador activo', 'trabajadores activos')} hoy
          </Text>
        </div>
        <div className={classes.counts}>
          {[...TODAY_ESTADOS, ...TODAY_WHEN_ANY.filter((estado) => (hoy.conteos[estado] ?? 0) > 0)].map((estado) => (
            <Link
              key={estado}
              to={`/dashboard/assists?estado=${estado}`}
              className={classes.count}
              style={{ '--accent': `var(--mantine-color-${ESTADO_COLOR[estado]}-6)` } as CSSProperties}
              data-testid={`hoy-${estado}`}
            >
              <span className={classes.countLabel}>{ESTADO_ASISTENCIA_LABELS[estado]}</span>
              <span className={classes.countValue}>{formatInteger(hoy.conteos[estado] ?? 0)}</span>
            </Link>
          ))}
        </div>
      </section>

      <div className={classes.pending}>
        <Link to="/dashboard/permisos?estado=pendiente" className={classes.pendingCard} data-testid="aprobaciones-pendientes">
          <span className={classes.pendingValue}>{formatInteger(data.aprobacionesPendientes)}</span>
          <span>
            <span className={classes.pendingTitle}>{data.aprobacionesPendientes === 1 ? 'Solicitud de permiso por aprobar' : 'Solicitudes de permiso por aprobar'}</span>
            <span className={classes.pendingHint}>{data.aprobacionesPendientes > 0 ? 'Revisar y decidir' : 'Nada espera tu decisión'}</span>
          </span>
        </Link>
        <Link to={inconsistenciesLink(tendencia.dias)} className={classes.pendingCard} data-testid="inconsistencias-abiertas">
          <span className={classes.pendingValue}>{formatInteger(tendencia.inconsistencias)}</span>
          <span>
            <span className={classes.pendingTitle}>{tendencia.inconsistencias === 1 ? 'Día con inconsistencias' : 'Días con inconsistencias'}</span>
            <span className={classes.pendingHint}>En los últimos 7 días (marcas que no cuadran)</span>
          </span>
        </Link>
        <Link to={`/dashboard/extra-time/pacts?venceEnDias=${pactosPorVencer.dias}`} className={classes.pendingCard} data-testid="pactos-por-vencer">
          <span className={classes.pendingValue}>{formatInteger(pactosPorVencer.total)}</span>
          <span>
            <span className={classes.pendingTitle}>{pactosPorVencer.total === 1 ? 'Pacto de horas extra por vencer' : 'Pactos de horas extra por vencer'}</span>
            <span className={classes.pendingHint}>{pactosPorVencer.total === 0
                ? `Ninguno vence en los próximos ${pactosPorVencer.dias} días`
                : pactosPorVencer.total === 1
                  ? `Vence en los próximos ${pactosPorVencer.dias} días: renuévalo a tiempo`
                  : `Vencen en los próximos ${pactosPorVencer.dias} días: renuévalos a tiempo`}</span>
          </span>
        </Link>
      </div>

      <SectionCard title="Últimos 7 días" description="Trabajadores con jornada cada día, por estado. Toca un día para ver su detalle.">
        <WeekTrend dias={tendencia.dias} linkDays />
      </SectionCard>
    </div>
  );
}

/** The inconsistencies page over the same days the card counts. */
function inconsistenciesLink(dias: readonly { fecha: string }[]): string {
  const params = new URLSearchParams({ estado: 'abierta' });
  if (dias.length > 0) {
    params.set('desde', dias[0]!.fecha);
    params.set('hasta', dias.at(-1)!.fecha);
  }
  return `/dashboard/inconsistencies?${params.toString()}`;
}
