import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/ColorInput.css';
import '@mantine/core/styles/ColorPicker.css';
import '@mantine/core/styles/ColorSwatch.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Fieldset.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/PillsInput.css';
import { Alert, Button, Checkbox, ColorInput, Fieldset, Group, Modal, MultiSelect, NumberInput, SegmentedControl, TagsInput, Text, TextInput } from '@mantine/core';
import type { Turno } from '@jornada/contracts';
import { useEffect } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { IconAlert } from '../../../components/icons';
import { compactRange, readableTextColor } from '../../../components/planning-grid';
import { TimeField } from '../../../components/time-field';
import { useSiteOptions } from '../../../lib/entity-options';
import { applyServerErrors } from '../../../lib/form-errors';
import { notify } from '../../../lib/toasts';
import { useCreateShift } from '../api/create-shift';
import { useUpdateShift } from '../api/update-shift';
import {
  EMPTY_SHIFT_FORM,
  SHIFT_FIELD_NAMES,
  lawJudged,
  SHIFT_SWATCHES,
  minutesLabel,
  shiftFigures,
  shiftResolver,
  shiftWarnings,
  timesChanged,
  toCreateBody,
  toUpdateBody,
  valuesFromShift,
  type ShiftFormValues,
} from '../hooks/shift-form';
import classes from './shift-form-modal.module.css';

interface ShiftFormModalProps {
  opened: boolean;
  onClose: () => void;
  /** The shift to edit; null creates one. */
  shift: Turno | null;
}

/** Create or edit a shift: times, colación (fixed window or minutes), tolerances, colour; the server's messages land on their fields. */
export function ShiftFormModal({ opened, onClose, shift }: ShiftFormModalProps) {
  const create = useCreateShift();
  const update = useUpdateShift();
  const form = useForm<ShiftFormValues>({ defaultValues: EMPTY_SHIFT_FORM, resolver: shiftResolver, mode: 'onTouched' });
  const { register, control, formState, handleSubmit, reset, setError } = form;
  const siteOptions = useSiteOptions({ enabled: opened });
  const values = useWatch({ control }) as ShiftFormValues;

  useEffect(() => {
    if (opened) reset(shift ? valuesFromShift(shift) : EMPTY_SHIFT_FORM);
  }, [opened, shift, reset]);

  const editing = shift !== null;
  const pending = create.isPending || update.isPending;
  const figures = shiftFigures(values);
  const changesTimes = editing && timesChanged(toUpdateBody(values, shift));
  // The law's warnings as the user types; saving them needs the «Entiendo…» (an edit only when it changes what the law judges).
  const warnings = shiftWarnings(values);
  const mustConfirm = warnings.length > 0 && (!editing || lawJudged(toUpdateBody(values, shift)));
  const errors = formState.errors as typeof formState.errors & { colacion?: { message?: string } };

  const submit = async (formValues: ShiftFormValues) => {
    try {
      if (shift) {
        const body = toUpdateBody(formValues, shift);
        if (Object.keys(body).length === 0) {
          onClose();
          return;
        }
        const result = await update.mutateAsync({ id: shift.id, body });
        notify.success(
          result.diasActualizados > 0
            ? `Turno ${result.codigo} actualizado. Se ajustaron ${result.diasActualizados.toLocaleString('es-CL')} días planificados desde mañana.`
            : `Turno ${result.codigo} actualizado.`,
        );
      } else {
        const created = await create.mutateAsync(toCreateBody(formValues));
        notify.success(`Turno ${created.codigo} creado.`);
      }
      onClose();
    } catch (error) {
      applyServerErrors(error, setError, SHIFT_FIELD_NAMES);
    }
  };

  const color = /^#[0-9a-f]{6}$/i.test(values.color ?? '') ? values.color : '#ced4da';

  return (
    <Modal
      opened={opened}
      onClose={pending ? () => undefined : onClose}
      title={editing ? `Editar turno ${shift.codigo}` : 'Nuevo turno'}
      size="lg"
      radius="lg"
      centered
      closeButtonProps={{ 'aria-label': 'Cerrar' }}
    >
      <form onSubmit={handleSubmit(submit)} noValidate aria-label={editing ? 'Editar turno' : 'Nuevo turno'}>
        <div className={classes.grid}>
          <TextInput label="Nombre" withAsterisk {...register('nombre')} error={errors.nombre?.message} size="sm" />
          <TextInput
            label="Código"
            description="Corto y único, p. ej. MAN o N12"
            withAsterisk
            {...register('codigo')}
            error={errors.codigo?.message}
            size="sm"
            maxLength={20}
            styles={{ input: { textTransform: 'uppercase' } }}
          />
          <Controller
            control={control}
            name="inicio"
            render={({ field }) => (
              <TimeField label="Inicio" withAsterisk size="sm" {...field} error={errors.inicio?.message} />
            )}
          />
          <Controller
            control={control}
            name="fin"
            render={({ field }) => (
              <TimeField
                label="Fin"
                description={figures?.overnight ? 'Termina al día siguiente' : undefined}
                withAsterisk
                size="sm"
                {...field}
                error={errors.fin?.message}
              />
            )}
          />
        </div>

        <Fieldset legend="Colación" mt="md" radius="md" className={classes.fieldset}>
          <Controller
            control={control}
            name="colacionTipo"
            render={({ field }) => (
              <SegmentedControl
                aria-label="Tipo de colación"
                value={field.value}
                onChange={(value) => field.onChange(value)}
                data={[
                  { value: 'fija', label: 'Horario fijo' },
                  { value: 'minutos', label: 'Minutos' },
                ]}
                size="sm"
                mb="sm"
              />
            )}
          />
          {values.colacionTipo === 'fija' ? (
            <div className={classes.grid}>
              <Controller
                control={control}
                name="colacionInicio"
                render={({ field }) => <TimeField label="Inicio de colación" size="sm" {...field} />}
              />
              <Controller control={control} name="colacionFin" render={({ field }) => <TimeField label="Fin de colación" size="sm" {...field} />} />
            </div>
          ) : (
            <Controller
              control={control}
              name="colacionMinutos"
              render={({ field }) => (
                <NumberInput
                  label="Minutos de colación"
                  description="0 = sin colación. La ley pide al menos 30 minutos."
                  size="sm"
                  min={0}
                  max={240}
                  allowDecimal={false}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  name={field.name}
                  className={classes.half}
                />
              )}
            />
          )}
          {errors.colacion?.message && (
            <Text c="red.8" size="sm" mt="xs" role="alert">
              {errors.colacion.message}
            </Text>
          )}
        </Fieldset>

        <div className={classes.grid} style={{ marginTop: 'var(--mantine-spacing-md)' }}>
          {(
            [
              ['toleranciaAtrasoMin', 'Tolerancia de atraso (min)'],
              ['toleranciaSalidaMin', 'Tolerancia de salida anticipada (min)'],
              ['diasPorSemana', 'Días por semana'],
            ] as const
          ).map(([name, label]) => (
            <Controller
              key={name}
              control={control}
              name={name}
              render={({ field }) => (
                <NumberInput
                  label={label}
                  size="sm"
                  min={name === 'diasPorSemana' ? 1 : 0}
                  max={name === 'diasPorSemana' ? 7 : 240}
                  allowDecimal={false}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  name={field.name}
                  error={errors[name]?.message}
                />
              )}
            />
          ))}
          <Controller
            control={control}
            name="color"
            render={({ field }) => (
              <ColorInput
                label="Color"
                size="sm"
                format="hex"
                swatches={SHIFT_SWATCHES}
                swatchesPerRow={6}
                withEyeDropper={false}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                name={field.name}
                error={errors.color?.message}
                popoverProps={{ withinPortal: true }}
              />
            )}
          />
        </div>

        <Fieldset legend="Quién puede tomarlo" mt="md">
          <Text size="sm" c="dimmed" mb="xs">
            La planificación automática ofrece el turno solo a los trabajadores de estas sedes con estos cargos. Sin sedes ni cargos, lo puede tomar cualquiera.
          </Text>
          <div className={classes.grid}>
            <Controller
              control={control}
              name="sedeIds"
              render={({ field }) => (
                <MultiSelect
                  label="Sedes donde se usa"
                  placeholder={field.value.length === 0 ? 'Todas las sedes' : undefined}
                  size="sm"
                  data={siteOptions.data ?? []}
                  searchable
                  clearable
                  nothingFoundMessage="No hay sedes con ese nombre"
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={errors.sedeIds?.message}
                  comboboxProps={{ withinPortal: true }}
                />
              )}
            />
            <Controller
              control={control}
              name="cargos"
              render={({ field }) => (
                <TagsInput
                  label="Cargos que pueden tomarlo"
                  description="Escribe un cargo y presiona Enter."
                  placeholder={field.value.length === 0 ? 'Todos los cargos' : undefined}
                  size="sm"
                  maxTags={30}
                  clearable
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={errors.cargos?.message}
                />
              )}
            />
          </div>
        </Fieldset>

        <div className={classes.preview} aria-live="polite">
          <span className={classes.chip} style={{ background: color, color: readableTextColor(color) }} aria-hidden="true">
            <strong>{(values.codigo || 'COD').toLocaleUpperCase('es-CL')}</strong>
            <span>{compactRange(values.inicio || '00:00', values.fin || '00:00')}</span>
          </span>
          {figures && (
            <Text size="sm" c="dimmed">
              Duración {minutesLabel(figures.duration)} · colación {minutesLabel(figures.breakMinutes)} · jornada diaria{' '}
              <strong>{minutesLabel(figures.net)}</strong> · {minutesLabel(figures.weekly)} h a la semana con {values.diasPorSemana || 0} días
            </Text>
          )}
        </div>

        {warnings.length > 0 && (
          <Alert color="sol" variant="light" mt="md" icon={<IconAlert size={18} />} title="Este turno no cumple la ley">
            <ul className={classes.warnings}>
              {warnings.map((warning) => (
                <li key={warning.code}>{warning.message}</li>
              ))}
            </ul>
          </Alert>
        )}
        {mustConfirm && (
          <Controller
            control={control}
            name="confirmarAdvertencias"
            render={({ field }) => (
              <Checkbox
                mt="sm"
                label="Entiendo que este turno no cumple estas reglas y quiero guardarlo igual"
                description="Solo corresponde con una resolución de jornada excepcional de la Dirección del Trabajo o para trabajadores exceptuados del límite de jornada."
                checked={field.value}
                onChange={(event) => field.onChange(event.currentTarget.checked)}
                error={errors.confirmarAdvertencias?.message}
              />
            )}
          />
        )}

        {changesTimes && (
          <Controller
            control={control}
            name="actualizarPlanificacionFutura"
            render={({ field }) => (
              <Checkbox
                mt="md"
                label="Aplicar el nuevo horario a los días ya planificados desde mañana"
                description="Los días pasados nunca cambian. Cada día ajustado queda en el registro de cambios."
                checked={field.value}
                onChange={(event) => field.onChange(event.currentTarget.checked)}
              />
            )}
          />
        )}

        <Group justify="flex-end" mt="xl" gap="sm">
          <Button variant="default" onClick={onClose} disabled={pending}>
            Cancelar
          </Button>
          <Button type="submit" loading={pending} disabled={mustConfirm && !values.confirmarAdvertencias}>
            {editing ? 'Guardar cambios' : 'Crear turno'}
          </Button>
        </Group>
      </form>
    </Modal>
  );
}
