import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Drawer.css';
import '@mantine/core/styles/Text.css';
import { Button, Drawer, Select, Text, Textarea } from '@mantine/core';
import {
  crearCorreccionBodySchema,
  descartarInconsistenciaBodySchema,
  TIPO_MARCA_LABELS,
  TIPOS_MARCA,
  type CodigoInconsistencia,
  type DiaInconsistenciaResponse,
  type MarcaAtribuida,
  type TipoMarca,
} from '@jornada/contracts';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DateField } from '../../../components/date-field';
import { BlockSkeleton, ErrorState } from '../../../components/states';
import { TimeField } from '../../../components/time-field';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { formatDate, formatDateTime } from '../../../lib/format';
import { notify } from '../../../lib/toasts';
import { useDismiss, useInconsistencyDay, useProposeCorrection, useReopen } from '../api/inconsistencies';
import { InconsistencyStateBadge } from './inconsistencies-page';
import classes from './inconsistencies.module.css';

interface Target {
  usuarioId: string;
  fecha: string;
  nombre: string;
}

type Correcting = { mode: 'agregar' } | { mode: 'cambiar'; marca: MarcaAtribuida };
type Field = 'tipo' | 'fecha' | 'hora' | 'motivo';

const TIPO_OPTIONS = TIPOS_MARCA.map((tipo) => ({ value: tipo, label: TIPO_MARCA_LABELS[tipo] }));

/** `aaaa-mm-dd` → `dd-mm-aaaa`. */
const clDate = (iso: string) => iso.split('-').reverse().join('-');

/**
 * A correction proposed from an inconsistency, through the corrections flow: a missing mark, or a new
 * time for a recorded mark (which the consolidated correction supersedes, never deletes). The worker
 * is e-mailed and has 48 hours to object.
 */
function CorrectionDialog({ day, correcting, onClose }: { day: DiaInconsistenciaResponse; correcting: Correcting | null; onClose: () => void }) {
  const propose = useProposeCorrection();
  const [values, setValues] = useState({ tipo: '', fecha: '', hora: '', motivo: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  useEffect(() => {
    if (!correcting) return;
    setErrors({});
    if (correcting.mode === 'cambiar') setValues({ tipo: correcting.marca.tipo, fecha: day.dia.fecha, hora: correcting.marca.hora.slice(0, 5), motivo: '' });
    else setValues({ tipo: day.inconsistencias.some((i) => i.codigo === 'entrada_sin_salida') ? 'salida' : '', fecha: day.dia.fecha, hora: '', motivo: '' });
  }, [correcting, day]);
  const set = (field: Field) => (value: string | null) => {
    setValues((current) => ({ ...current, [field]: value ?? '' }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = async () => {
    if (!correcting) return;
    const raw =
      correcting.mode === 'cambiar'
        ? { marcaId: correcting.marca.id, fecha: values.fecha, hora: values.hora, motivo: values.motivo }
        : { usuarioId: day.trabajador.id, tipo: values.tipo || undefined, fecha: values.fecha, hora: values.hora, motivo: values.motivo };
    const parsed = crearCorreccionBodySchema.safeParse(raw);
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as Field] ??= issue.message;
      return setErrors(found);
    }
    try {
      await propose.mutateAsync(parsed.data);
      notify.success('Corrección propuesta. El trabajador recibió un correo y tiene 48 horas para objetarla.');
      onClose();
    } catch (failure) {
      const fields = failure instanceof ApiError ? (failure.fields ?? {}) : {};
      const mine = Object.fromEntries(Object.entries(fields).filter(([key]) => ['tipo', 'fecha', 'hora', 'motivo'].includes(key)));
      if (Object.keys(mine).length > 0) setErrors(mine);
      else notify.error(errorMessage(failure));
    }
  };

  const changing = correcting?.mode === 'cambiar' ? correcting.marca : null;
  return (
    <ConfirmDialog
      opened={correcting !== null}
      onClose={onClose}
      title={changing ? 'Cambiar la hora de una marca' : 'Agregar marca faltante'}
      message={
        changing
          ? `${TIPO_MARCA_LABELS[changing.tipo]} del ${clDate(day.dia.fecha)} a las ${changing.hora}. La marca original no se borra: la corrección la reemplaza si el trabajador no la objeta.`
          : `Registra una marca que ${day.trabajador.nombre} no hizo el ${clDate(day.dia.fecha)}. Nada se completa solo: indica la hora real.`
      }
      confirmLabel="Proponer corrección"
      loading={propose.isPending}
      onConfirm={submit}
    >
      <div className={classes.fields}>
        {!changing && (
          <Select
            label="Tipo de marca"
            name="tipo"
            data={TIPO_OPTIONS}
            value={values.tipo || null}
            onChange={(v) => set('tipo')(v as TipoMarca | null)}
            error={errors.tipo}
            withAsterisk
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
        )}
        <div className={classes.row}>
          <DateField label="Fecha" name="fecha" value={values.fecha || null} onChange={set('fecha')} error={errors.fecha} withAsterisk clearable={false} />
          <TimeField label={changing ? 'Nueva hora' : 'Hora'} name="hora" value={values.hora} onChange={set('hora')} error={errors.hora} withAsterisk />
        </div>
        <Text size="xs" c="dimmed">
          Hora de la sede del trabajador ({day.trabajador.zonaHoraria}).{' '}
          {changing ? 'Una corrección no puede perjudicar al trabajador: la entrada solo se adelanta y la salida solo se atrasa.' : ''}
        </Text>
        <Textarea
          label="Motivo"
          name="motivo"
          description="El trabajador lo verá en el correo, junto con el valor original y el nuevo."
          autosize
          minRows={2}
          withAsterisk
          value={values.motivo}
          onChange={(e) => set('motivo')(e.currentTarget.value)}
          error={errors.motivo}
        />
      </div>
    </ConfirmDialog>
  );
}

function DismissDialog({ day, codigo, onClose }: { day: DiaInconsistenciaResponse; codigo: CodigoInconsistencia | null; onClose: () => void }) {
  const dismiss = useDismiss();
  const [motivo, setMotivo] = useState('');
  const [error, setError] = useState<string | undefined>();
  useEffect(() => {
    if (codigo) {
      setMotivo('');
      setError(undefined);
    }
  }, [codigo]);
  const label = day.inconsistencias.find((i) => i.codigo === codigo)?.etiqueta ?? '';
  const submit = async () => {
    if (!codigo) return;
    const body = { usuarioId: day.trabajador.id, fecha: day.dia.fecha, codigo, motivo };
    const parsed = descartarInconsistenciaBodySchema.safeParse(body);
    if (!parsed.success) return setError(parsed.error.issues.find((i) => i.path[0] === 'motivo')?.message ?? parsed.error.issues[0]?.message);
    try {
      await dismiss.mutateAsync(body);
      notify.success('Inconsistencia descartada. Queda registrado quién la descartó y por qué.');
      onClose();
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };
  return (
    <ConfirmDialog
      opened={codigo !== null}
      onClose={onClose}
      title="Descartar inconsistencia"
      message={`«${label}» del ${clDate(day.dia.fecha)} deja de contarse como abierta. Se puede reabrir después.`}
      confirmLabel="Descartar"
      loading={dismiss.isPending}
      onConfirm={submit}
    >
      <Textarea
        label="Motivo del descarte"
        name="motivo"
        autosize
        minRows={2}
        withAsterisk
        value={motivo}
        onChange={(e) => {
          setMotivo(e.currentTarget.value);
          setError(undefined);
        }}
        error={error}
        data-autofocus
      />
    </ConfirmDialog>
  );
}

function DayContent({ day }: { day: DiaInconsistenciaResponse }) {
  const [correcting, setCorrecting] = useState<Correcting | null>(null);
  const [dismissing, setDismissing] = useState<CodigoInconsistencia | null>(null);
  const reopen = useReopen();
  const dia = day.dia;
  const involved = new Set(day.inconsistencias.flatMap((i) => i.marcaIds));
  const plan = dia.plan === 'turno' && dia.turno ? `Turno ${dia.turno.etiqueta}` : dia.plan === 'libre' ? 'Día libre' : 'Sin planificación';
  const permisoHref = `/dashboard/permisos?${new URLSearchParams({ asignar: day.trabajador.id, fecha: dia.fecha }).toString()}`;

  return (
    <div>
      <section className={classes.section} aria-labelledby="dia-plan">
        <h3 className={classes.sectionTitle} id="dia-plan">
          Planificación
        </h3>
        <Text size="sm">
          {plan}
          {dia.feriado ? ` · Feriado: ${dia.feriado}` : ''}
          {dia.permiso ? ` · Permiso: ${dia.permiso.tipo}` : ''}
        </Text>
        <Text size="xs" c="dimmed">
          RUT {day.trabajador.rut}
          {day.trabajador.grupo ? ` · ${day.trabajador.grupo.nombre}` : ''}
          {day.trabajador.sede ? ` · ${day.trabajador.sede.nombre}` : ''}
        </Text>
      </section>

      <section className={classes.section} aria-labelledby="dia-marcas">
        <h3 className={classes.sectionTitle} id="dia-marcas">
          Marcas
        </h3>
        {dia.marcas.length === 0 ? (
          <Text size="sm">Sin marcas este día.</Text>
        ) : (
          <ul className={classes.list} aria-label="Marcas del día">
            {dia.marcas.map((m) => (
              <li key={m.id} className={classes.markItem} data-involved={involved.has(m.id) || undefined}>
                <span>
                  <strong>{TIPO_MARCA_LABELS[m.tipo]}</strong> {m.hora}
                  {m.estado === 'ignorada' ? ' (no cuenta)' : ''}
                </span>
                <Button size="compact-xs" variant="subtle" onClick={() => setCorrecting({ mode: 'cambiar', marca: m })} aria-label={`Cambiar la hora: ${TIPO_MARCA_LABELS[m.tipo]} ${m.hora}`}>
                  Cambiar hora
                </Button>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className={classes.section} aria-labelledby="dia-explicacion">
        <h3 className={classes.sectionTitle} id="dia-explicacion">
          Explicación de la evaluación
        </h3>
        <ul className={classes.explanation}>
          {dia.explicacion.map((line, i) => (
            <li key={i}>{line}</li>
          ))}
        </ul>
      </section>

      <section className={classes.section} aria-labelledby="dia-inconsistencias">
        <h3 className={classes.sectionTitle} id="dia-inconsistencias">
          Inconsistencias
        </h3>
        {day.inconsistencias.length === 0 ? (
          <Text size="sm">Este día ya no tiene inconsistencias.</Text>
        ) : (
          day.inconsistencias.map((i) => {
            const standing = i.descartes.find((d) => d.reabiertoEn === null);
            return (
              <div key={i.codigo} className={classes.issue}>
                <div className={classes.issueHead}>
                  <strong>{i.etiqueta}</strong>
                  <InconsistencyStateBadge estado={i.estado} />
                </div>
                {i.descartes.map((d) => (
                  <Text key={d.id} size="xs" c="dimmed">
                    Descartada por {d.por.nombre} el {formatDateTime(d.en)}: «{d.motivo}»
                    {d.reabiertoEn ? `. Reabierta por ${d.reabiertoPor?.nombre ?? ''} el ${formatDateTime(d.reabiertoEn)}.` : ''}
                  </Text>
                ))}
                <div className={classes.actions}>
                  {standing ? (
                    <Button
                      size="xs"
                      variant="default"
                      aria-label={`Reabrir: ${i.etiqueta}`}
                      loading={reopen.isPending}
                      onClick={() =>
                        reopen.mutate(standing.id, {
                          onSuccess: () => notify.success('Inconsistencia reabierta.'),
                          onError: (failure) => notify.error(errorMessage(failure)),
                        })
                      }
                    >
                      Reabrir
                    </Button>
                  ) : (
                    <Button size="xs" variant="default" aria-label={`Descartar: ${i.etiqueta}`} onClick={() => setDismissing(i.codigo)}>
                      Descartar
                    </Button>
                  )}
                </div>
              </div>
            );
          })
        )}
      </section>

      <section className={classes.section} aria-labelledby="dia-resolver">
        <h3 className={classes.sectionTitle} id="dia-resolver">
          Resolver
        </h3>
        {day.correccionesPendientes.length > 0 && (
          <Text size="sm">
            {day.correccionesPendientes.length === 1 ? 'Hay una corrección' : `Hay ${day.correccionesPendientes.length} correcciones`} de este día esperando la respuesta del
            trabajador. <Link to="/dashboard/corrections">Ver correcciones</Link>
          </Text>
        )}
        <div className={classes.actions}>
          <Button size="sm" onClick={() => setCorrecting({ mode: 'agregar' })}>
            Agregar marca faltante
          </Button>
          <Button size="sm" variant="light" component={Link} to={permisoHref}>
            Justificar con permiso
          </Button>
        </div>
        <Text size="xs" c="dimmed">
          Para cambiar la hora de una marca, usa «Cambiar hora» junto a ella. Cada corrección se envía al trabajador, que tiene 48 horas para objetarla.
        </Text>
      </section>

      <CorrectionDialog day={day} correcting={correcting} onClose={() => setCorrecting(null)} />
      <DismissDialog day={day} codigo={dismissing} onClose={() => setDismissing(null)} />
    </div>
  );
}

/** The day of an inconsistency: plan, marks, the engine's explanation, and the three ways to resolve it. */
export function DayDrawer({ target, onClose }: { target: Target | null; onClose: () => void }) {
  const day = useInconsistencyDay(target?.usuarioId ?? '', target?.fecha ?? '');
  return (
    <Drawer
      opened={target !== null}
      onClose={onClose}
      position="right"
      size="lg"
      title={target ? `${target.nombre}, ${formatDate(target.fecha)}` : ''}
      closeButtonProps={{ 'aria-label': 'Cerrar' }}
    >
      {target &&
        (day.isPending ? (
          <BlockSkeleton lines={6} label="Cargando el día" />
        ) : day.error ? (
          <ErrorState error={day.error} onRetry={() => void day.refetch()} retrying={day.isFetching} title="No pudimos cargar el día" />
        ) : (
          <DayContent day={day.data} />
        ))}
    </Drawer>
  );
}
