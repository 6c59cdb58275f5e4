import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Text.css';
import { Button, Text } from '@mantine/core';
import { TIPO_MARCA_LABELS, type InicioPersonal } from '@jornada/contracts';
import { Link } from 'react-router';
import { StatusBadge } from '../../../components/attendance-status';
import { fullRange, longDayLabel } from '../../../components/planning-grid/calendar';
import { SectionCard } from '../../../components/section-card';
import { formatDate, plural } from '../../../lib/format';
import { permissionNotice } from '../../../lib/permission-notice';
import classes from './home-page.module.css';

/** A trabajador's home: their day as the engine evaluated it, their next shift and their requests waiting for an answer. */
export function PersonalHome({ data }: { data: InicioPersonal }) {
  const { dia, proximoTurno, permiso, solicitudesPendientes } = data;
  const marks = dia?.marcas.filter((m) => m.estado === 'atribuida') ?? [];
  return (
    <div className={classes.personal}>
      <SectionCard
        title="Tu día"
        actions={
          <Button component={Link} to="/dashboard/web-marking" size="xs" variant="light">
            Marcar asistencia
          </Button>
        }
      >
        {dia ? (
          <div className={classes.dayBody} data-testid="mi-dia">
            <div className={classes.dayStatus}>
              <StatusBadge estado={dia.estado} />
              <Text size="sm">{dia.turno ? `Turno ${dia.turno.etiqueta}` : dia.plan === 'libre' ? 'Día libre' : 'Sin turno planificado'}</Text>
            </div>
            {dia.permiso && <Text size="sm">Con permiso: {dia.permiso.tipo}</Text>}
            {marks.length > 0 ? (
              <ul className={classes.marks} aria-label="Tus marcas de hoy">
                {marks.map((m) => (
                  <li key={m.id}>
                    <span className={classes.markKind}>{TIPO_MARCA_LABELS[m.tipo]}</span>
                    <span className={classes.markTime}>{m.hora.slice(0, 5)}</span>
                  </li>
                ))}
              </ul>
            ) : (
              <Text size="sm" c="dimmed">
                Aún no tienes marcas hoy.
              </Text>
            )}
            <Link to="/dashboard/settings/assists-user" className={classes.inlineLink}>
              Ver tu asistencia del mes
            </Link>
          </div>
        ) : (
          <Text size="sm" c="dimmed">
            Hoy no tienes una jornada registrada.
          </Text>
        )}
      </SectionCard>

      <SectionCard title="Tu próximo turno">
        {permiso && (
          <Text size="sm" fw={600} data-testid="permiso-en-curso">
            {permissionNotice(permiso, data.fecha)}
          </Text>
        )}
        {proximoTurno ? (
          <div className={classes.nextShift} data-testid="proximo-turno">
            <Text fw={600}>{longDayLabel(proximoTurno.fecha)}</Text>
            <Text className={classes.nextShiftHours}>{fullRange(proximoTurno.turno.inicio, proximoTurno.turno.fin)}</Text>
            <Text size="sm" c="dimmed">
              {proximoTurno.turno.nombre}
            </Text>
            <Link to="/dashboard/planning" className={classes.inlineLink}>
              Ver tu planificación
            </Link>
          </div>
        ) : (
          <Text size="sm" c="dimmed">
            {permiso ? 'No tienes turnos planificados en los 14 días siguientes.' : 'No tienes turnos planificados en los próximos 14 días.'}
          </Text>
        )}
      </SectionCard>

      <SectionCard
        title="Tus solicitudes pendientes"
        description={solicitudesPendientes.total > 0 ? `${plural(solicitudesPendientes.total, 'solicitud esperando', 'solicitudes esperando')} respuesta` : undefined}
      >
        {solicitudesPendientes.items.length > 0 ? (
          <ul className={classes.requests} data-testid="solicitudes-pendientes">
            {solicitudesPendientes.items.map((p) => (
              <li key={p.id}>
                <span className={classes.requestCode}>{p.tipo.codigo}</span>
                <span>
                  <span className={classes.requestName}>{p.tipo.nombre}</span>
                  <span className={classes.requestDates}>{p.desde === p.hasta ? formatDate(p.desde) : `${formatDate(p.desde)} al ${formatDate(p.hasta)}`}</span>
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <Text size="sm" c="dimmed">
            No tienes solicitudes esperando respuesta.
          </Text>
        )}
        <Link to="/dashboard/permisos/mios" className={classes.inlineLink}>
          {solicitudesPendientes.total > 0 ? 'Ver mis permisos' : 'Solicitar un permiso'}
        </Link>
      </SectionCard>
    </div>
  );
}
