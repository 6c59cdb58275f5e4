import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import { Text, Title } from '@mantine/core';
import { TIPO_MARCA_LABELS, type DiaTrabajador, type PermisoDia } from '@jornada/contracts';
import { longDayLabel } from '../../../components/planning-grid';
import { SectionCard } from '../../../components/section-card';
import { formatDateTime } from '../../../lib/format';
import { StatusBadge, duration } from './status';
import classes from './attendance.module.css';

function permisoText(permiso: PermisoDia): string {
  const horas = permiso.horas ? ` de ${permiso.horas.inicio} a ${permiso.horas.fin}` : '';
  return `${permiso.tipo}${horas} (${permiso.pagado ? 'con goce de sueldo' : 'sin goce de sueldo'}; justifica ${duration(permiso.segundos)})`;
}

function planText(day: DiaTrabajador): string {
  if (day.turno) {
    const t = day.turno;
    const extras = [`colación ${duration(t.colacionSegundos)}`];
    if (t.toleranciaAtrasoSegundos > 0) extras.push(`tolerancia de atraso ${duration(t.toleranciaAtrasoSegundos)}`);
    if (t.toleranciaSalidaSegundos > 0) extras.push(`tolerancia de salida ${duration(t.toleranciaSalidaSegundos)}`);
    return `Turno ${t.etiqueta} (${extras.join(', ')})`;
  }
  return day.plan === 'libre' ? 'Día libre' : 'Sin planificación';
}

/** One day of the worker: plan, marks with the engine's attribution, the times, and the explanation of the result. */
export function DayDetail({ day, zone }: { day: DiaTrabajador; zone: string }) {
  const s = day.segundos;
  const times: [string, number][] = [
    ['Planificado', s.planificado],
    ['Trabajado', s.trabajado],
    ['Ordinario', s.ordinario],
    ['Atraso', s.atraso],
    ['Salida anticipada', s.salidaAnticipada],
    ['Justificado', s.justificado],
    ['Faltante', s.faltante],
    ['Colación', s.colacion],
    ['Horas extra', s.extra],
  ];
  if (s.extraSobreLimite > 0) times.push(['Extra sobre el límite de 2 h', s.extraSobreLimite]);
  if (s.domingo > 0) times.push(['En domingo', s.domingo]);
  if (s.feriado > 0) times.push(['En feriado', s.feriado]);
  const title = `${longDayLabel(day.fecha)} de ${day.fecha.slice(0, 4)}`;

  return (
    <SectionCard
      title={
        <span className={classes.detailHead}>
          {title} <StatusBadge estado={day.estado} />
        </span>
      }
      description={`Calculado el ${formatDateTime(day.calculadoEn, zone)}. Horas en la zona ${zone}.`}
    >
      <div className={classes.detailGrid}>
        <div>
          <Title order={3} className={classes.subTitle}>
            Plan
          </Title>
          <dl className={classes.facts}>
            <dt>Plan</dt>
            <dd>{planText(day)}</dd>
            {day.feriado && (
              <>
                <dt>Feriado</dt>
                <dd>{day.feriado}</dd>
              </>
            )}
            {day.permiso && (
              <>
                <dt>Permiso</dt>
                <dd>{permisoText(day.permiso)}</dd>
              </>
            )}
            {day.permisosPorHoras.map((permiso, index) => (
              <div key={index} style={{ display: 'contents' }}>
                <dt>Permiso por horas</dt>
                <dd>{permisoText(permiso)}</dd>
              </div>
            ))}
            <dt>Entrada</dt>
            <dd>{day.horaEntrada ?? '—'}</dd>
            <dt>Salida</dt>
            <dd>{day.horaSalida ?? '—'}</dd>
          </dl>
        </div>
        <div>
          <Title order={3} className={classes.subTitle}>
            Tiempos
          </Title>
          <dl className={classes.facts}>
            {times.map(([label, seconds]) => (
              <div key={label} style={{ display: 'contents' }}>
                <dt>{label}</dt>
                <dd title={`${seconds} segundos`}>{duration(seconds)}</dd>
              </div>
            ))}
          </dl>
        </div>
      </div>

      <Title order={3} className={classes.subTitle} mt="lg">
        Marcas
      </Title>
      {day.marcas.length === 0 ? (
        <Text size="sm" c="dimmed">
          Sin marcas este día.
        </Text>
      ) : (
        <div className={classes.tableWrap}>
          <table className={classes.smallTable}>
            <caption className={classes.srOnly}>Marcas del {title}</caption>
            <thead>
              <tr>
                <th scope="col">Hora</th>
                <th scope="col">Tipo</th>
                <th scope="col">Cómputo</th>
                <th scope="col">Motivo</th>
              </tr>
            </thead>
            <tbody>
              {day.marcas.map((marca) => (
                <tr key={marca.id} className={marca.estado === 'ignorada' ? classes.ignored : undefined}>
                  <td data-num>{marca.hora}</td>
                  <td>{TIPO_MARCA_LABELS[marca.tipo]}</td>
                  <td>{marca.estado === 'atribuida' ? 'Contada' : 'No contada'}</td>
                  <td>{marca.motivo}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      {day.inconsistencias.length > 0 && (
        <>
          <Title order={3} className={classes.subTitle} mt="lg">
            Inconsistencias
          </Title>
          <ul className={classes.explanation}>
            {day.inconsistencias.map((item) => (
              <li key={item.codigo} className={classes.warn}>
                {item.etiqueta}
              </li>
            ))}
          </ul>
        </>
      )}

      <Title order={3} className={classes.subTitle} mt="lg">
        Explicación del resultado
      </Title>
      {day.explicacion.length === 0 ? (
        <Text size="sm" c="dimmed">
          Sin explicación para este día.
        </Text>
      ) : (
        <ol className={classes.explanation}>
          {day.explicacion.map((sentence, index) => (
            <li key={index}>{sentence}</li>
          ))}
        </ol>
      )}
    </SectionCard>
  );
}
