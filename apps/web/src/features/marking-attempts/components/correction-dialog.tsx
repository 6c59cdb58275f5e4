import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Radio.css';
import { Radio, Select, Text, Textarea } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  crearCorreccionBodySchema,
  OCURRENCIA_LABELS,
  OCURRENCIAS,
  TIPO_MARCA_LABELS,
  TIPOS_MARCA,
  type CrearCorreccionBody,
  type Intento,
  type Ocurrencia,
  type TipoMarca,
} from '@jornada/contracts';
import { useEffect, useMemo, useState } from 'react';
import { Controller, useForm, useWatch, type FieldErrors, type Resolver } from 'react-hook-form';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DateField } from '../../../components/date-field';
import { TimeField } from '../../../components/time-field';
import { EsDatesProvider } from '../../../lib/dates';
import { ApiError } from '../../../lib/api-client';
import { useWorkerOptions } from '../../../lib/entity-options';
import { applyServerErrors } from '../../../lib/form-errors';
import { notify } from '../../../lib/toasts';
import { useProposeCorrection } from '../api/corrections';
import classes from './marking-attempts-page.module.css';

/** What is being corrected: a refused attempt (turned into a mark) or a mark the worker never made. */
export type CorrectionTarget = { kind: 'attempt'; attempt: Intento } | { kind: 'missing' };

interface CorrectionFormValues {
  usuarioId: string | null;
  tipo: TipoMarca | null;
  fecha: string | null;
  hora: string;
  /** Which of the two, when the date and time happen twice in the worker's zone (the April clock change). */
  ocurrencia: Ocurrencia | null;
  motivo: string;
}

const FIELDS = ['usuarioId', 'tipo', 'fecha', 'hora', 'ocurrencia', 'motivo'] as const;
const TIPO_OPTIONS = TIPOS_MARCA.map((tipo) => ({ value: tipo, label: TIPO_MARCA_LABELS[tipo] }));
const ZONE = 'America/Santiago';
const MISSING: CorrectionTarget = { kind: 'missing' };

const wallClock = new Intl.DateTimeFormat('en-CA', {
  timeZone: ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** `{ fecha: aaaa-mm-dd, hora: hh:mm:ss }` of an instant, Santiago time. */
function localDateTime(iso: string): { fecha: string; hora: string } {
  const p = Object.fromEntries(wallClock.formatToParts(new Date(iso)).map((part) => [part.type, part.value]));
  return { fecha: `${p.year}-${p.month}-${p.day}`, hora: `${p.hour}:${p.minute}:${p.second}` };
}

/** The time the attempt proposes: a clock log refused as too old carries the clock's own time in its detail. */
function attemptDefaults(attempt: Intento): { fecha: string; hora: string } {
  const match = attempt.motivo === 'sin_conexion' ? /(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})/.exec(attempt.detalle ?? '') : null;
  return match ? { fecha: match[1]!, hora: match[2]! } : localDateTime(attempt.instante);
}

function initialValues(target: CorrectionTarget): CorrectionFormValues {
  if (target.kind === 'missing') return { usuarioId: null, tipo: null, fecha: null, hora: '', ocurrencia: null, motivo: '' };
  const { fecha, hora } = attemptDefaults(target.attempt);
  return { usuarioId: target.attempt.usuarioId, tipo: target.attempt.tipo, fecha, hora, ocurrencia: null, motivo: '' };
}

/**
 * The request body. From an attempt, date and time go only when the employer changed them: the server
 * then takes the attempt's own instant, read in the worker's site zone.
 */
function toCorrectionBody(values: CorrectionFormValues, target: CorrectionTarget): CrearCorreccionBody {
  const base = { motivo: values.motivo, ...(values.tipo ? { tipo: values.tipo } : {}) };
  const ocurrencia = values.ocurrencia ? { ocurrencia: values.ocurrencia } : {};
  if (target.kind === 'attempt') {
    const defaults = attemptDefaults(target.attempt);
    const changed = values.fecha !== defaults.fecha || values.hora !== defaults.hora;
    return { ...base, intentoId: target.attempt.id, ...(changed ? { fecha: values.fecha ?? undefined, hora: values.hora || undefined, ...ocurrencia } : {}) };
  }
  return { ...base, usuarioId: values.usuarioId ?? undefined, fecha: values.fecha ?? undefined, hora: values.hora || undefined, ...ocurrencia };
}

/** The contract's schema on the form (first message of each field). */
function resolverFor(target: CorrectionTarget): Resolver<CorrectionFormValues> {
  return async (values) => {
    const result = crearCorreccionBodySchema.safeParse(toCorrectionBody(values, target));
    if (result.success) return { values, errors: {} };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const issue of result.error.issues) {
      const name = String(issue.path[0] ?? 'motivo');
      const field = (FIELDS as readonly string[]).includes(name) ? name : 'motivo';
      errors[field] ??= { type: 'validation', message: issue.message };
    }
    return { values: {}, errors: errors as FieldErrors<CorrectionFormValues> };
  };
}

function WorkerField({ value, onChange, error }: { value: string | null; onChange: (value: string | null) => void; error?: string }) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const options = useWorkerOptions(debounced);
  const data = useMemo(() => options.data ?? [], [options.data]);
  return (
    <Select
      label="Trabajador"
      name="usuarioId"
      data={data}
      value={value}
      onChange={onChange}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      placeholder="Busca por nombre o RUT"
      nothingFoundMessage={options.isFetching ? 'Buscando…' : 'Sin coincidencias'}
      error={error}
      withAsterisk
      comboboxProps={{ withinPortal: true }}
    />
  );
}

/** "Corregir" (an attempt) and "Agregar marca faltante": kind, date, time and reason, validated with the contracts' schema. */
export function CorrectionDialog({ target, onClose }: { target: CorrectionTarget | null; onClose: () => void }) {
  const propose = useProposeCorrection();
  const resolver = useMemo(() => resolverFor(target ?? MISSING), [target]);
  const { control, register, handleSubmit, reset, setError, setValue, formState } = useForm<CorrectionFormValues>({
    defaultValues: initialValues(target ?? MISSING),
    resolver,
  });
  const errors = formState.errors;
  // The server knows the worker's zone: when it says the date and time happen twice there, the form asks which.
  const [askOccurrence, setAskOccurrence] = useState<string | null>(null);
  const [fecha, hora] = useWatch({ control, name: ['fecha', 'hora'] });
  const typed = `${fecha ?? ''} ${hora}`;

  useEffect(() => {
    if (target) reset(initialValues(target));
    setAskOccurrence(null);
  }, [target, reset]);

  // Another date or time: the question no longer applies.
  useEffect(() => {
    if (askOccurrence !== null && askOccurrence !== typed) {
      setAskOccurrence(null);
      setValue('ocurrencia', null);
    }
  }, [askOccurrence, typed, setValue]);

  const submit = async (values: CorrectionFormValues) => {
    if (!target) return;
    try {
      const created = await propose.mutateAsync(toCorrectionBody(values, target));
      notify.success(`Corrección propuesta. Enviamos un correo a ${created.trabajador.nombre}: tiene 48 horas para objetarla.`);
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.fields?.ocurrencia) setAskOccurrence(typed);
      applyServerErrors(error, setError, [...FIELDS, 'intentoId']);
    }
  };

  const attempt = target?.kind === 'attempt' ? target.attempt : null;
  const original = attempt ? localDateTime(attempt.instante) : null;

  return (
    <ConfirmDialog
      opened={target !== null}
      onClose={onClose}
      title={attempt ? 'Corregir intento de marcaje' : 'Agregar marca faltante'}
      message={
        attempt ? (
          <>
            Intento de <strong>{attempt.trabajador}</strong>: {attempt.tipo ? TIPO_MARCA_LABELS[attempt.tipo] : 'sin tipo'} del{' '}
            {original!.fecha.split('-').reverse().join('-')} a las {original!.hora} ({attempt.motivoEtiqueta}).
          </>
        ) : (
          'Registra una marca que el trabajador no hizo (por ejemplo, olvidó marcar la salida).'
        )
      }
      confirmLabel="Proponer corrección"
      loading={propose.isPending}
      onConfirm={() => handleSubmit(submit)()}
    >
      <EsDatesProvider>
        <div className={classes.dialogFields}>
          {!attempt && (
            <Controller control={control} name="usuarioId" render={({ field }) => <WorkerField value={field.value} onChange={field.onChange} error={errors.usuarioId?.message} />} />
          )}
          <Controller
            control={control}
            name="tipo"
            render={({ field }) => (
              <Select
                label="Tipo de marca"
                name="tipo"
                data={TIPO_OPTIONS}
                value={field.value}
                onChange={(v) => field.onChange(v as TipoMarca | null)}
                error={errors.tipo?.message}
                withAsterisk
                allowDeselect={false}
                comboboxProps={{ withinPortal: true }}
              />
            )}
          />
          <div className={classes.dialogRow}>
            <Controller
              control={control}
              name="fecha"
              render={({ field }) => (
                <DateField label="Fecha" name="fecha" value={field.value} onChange={field.onChange} error={errors.fecha?.message} withAsterisk clearable={false} />
              )}
            />
            <Controller
              control={control}
              name="hora"
              render={({ field }) => (
                <TimeField label="Hora" name="hora" withSeconds size="md" value={field.value} onChange={field.onChange} error={errors.hora?.message} withAsterisk />
              )}
            />
          </div>
          <Text size="xs" c="dimmed">
            Fecha y hora de la sede del trabajador. No puede ser una hora futura.
          </Text>
          {askOccurrence !== null && (
            <Controller
              control={control}
              name="ocurrencia"
              render={({ field }) => (
                <Radio.Group
                  label="Esa hora ocurre dos veces (cambio de horario): ¿cuál de las dos?"
                  name="ocurrencia"
                  value={field.value ?? ''}
                  onChange={(value) => field.onChange(value as Ocurrencia)}
                  error={errors.ocurrencia?.message}
                  withAsterisk
                >
                  <div className={classes.dialogFields}>
                    {OCURRENCIAS.map((value) => (
                      <Radio key={value} value={value} label={OCURRENCIA_LABELS[value]} />
                    ))}
                  </div>
                </Radio.Group>
              )}
            />
          )}
          <Textarea
            label="Motivo"
            description="El trabajador lo verá en el correo, junto con el valor original y el nuevo."
            autosize
            minRows={2}
            withAsterisk
            {...register('motivo')}
            error={errors.motivo?.message}
          />
          <Text size="sm">El trabajador tendrá 48 horas para objetar la corrección. Si no la objeta, la marca se registra; si la objeta, se mantiene el registro original.</Text>
        </div>
      </EsDatesProvider>
    </ConfirmDialog>
  );
}
