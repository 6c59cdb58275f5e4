import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/SegmentedControl.css';
import { FileInput, Input, NumberInput, SegmentedControl, Select, Text, Textarea } from '@mantine/core';
import {
  actualizarPactoBodySchema,
  crearPactoBodySchema,
  DOCUMENTO_PACTO_MAX_BYTES,
  HORAS_EXTRA_MAX_MINUTOS_DIA,
  type CompensacionHorasExtra,
  type Pacto,
} from '@jornada/contracts';
import { addDays, overtimePactLastDay } from '@jornada/domain';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DateField } from '../../../components/date-field';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useWorkerOptions } from '../../../lib/entity-options';
import { formatDate } from '../../../lib/format';
import { notify } from '../../../lib/toasts';
import { useSavePact } from '../api/overtime';
import { formatMinutes } from './labels';

type Field = 'usuarioId' | 'desde' | 'hasta' | 'maxMinutosDia' | 'compensacion' | 'firmadoEl' | 'diasSemana' | 'comentario' | 'archivo';
const EMPTY = {
  usuarioId: '',
  desde: '',
  hasta: '',
  maxMinutosDia: HORAS_EXTRA_MAX_MINUTOS_DIA as number | string,
  compensacion: 'pago' as CompensacionHorasExtra,
  firmadoEl: '',
  diasSemana: '5',
  comentario: '',
};
const agreementOf = (p: Pacto) => ({ compensacion: p.compensacion, firmadoEl: p.firmadoEl ?? '', diasSemana: String(p.diasSemana ?? 5) });

/**
 * Registers or edits a worker's overtime pact: dates (at most 3 months, the last allowed day shown),
 * the daily maximum in minutes (at most 120) and the signed document. `renew` starts a new pact the
 * day after the given one ends.
 */
export function PactFormDialog({ opened, onClose, pacto, renew }: { opened: boolean; onClose: () => void; pacto?: Pacto | null; renew?: Pacto | null }) {
  const [values, setValues] = useState(EMPTY);
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const editing = Boolean(pacto);
  const workers = useWorkerOptions(debounced, { enabled: opened && !editing && !renew });
  const mutation = useSavePact();

  useEffect(() => {
    if (!opened) return;
    setFile(null);
    setErrors({});
    setSearch('');
    if (pacto) setValues({ usuarioId: pacto.usuario.id, desde: pacto.desde, hasta: pacto.hasta, maxMinutosDia: pacto.maxMinutosDia, ...agreementOf(pacto), comentario: pacto.comentario ?? '' });
    else if (renew) {
      const start = addDays(renew.hasta, 1);
      // A renewal keeps the compensation; a new agreement to compensate with vacation days is signed again.
      setValues({ usuarioId: renew.usuario.id, desde: start, hasta: overtimePactLastDay(start), maxMinutosDia: renew.maxMinutosDia, ...agreementOf(renew), firmadoEl: '', comentario: '' });
    } else setValues(EMPTY);
  }, [opened, pacto, renew]);

  const set = (field: keyof typeof EMPTY) => (value: string | number | null) => {
    setValues((current) => ({ ...current, [field]: value ?? '' }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const lastDay = values.desde ? overtimePactLastDay(values.desde) : null;
  const person = pacto ?? renew;

  const submit = async () => {
    const raw = {
      ...(editing ? {} : { usuarioId: values.usuarioId }),
      desde: values.desde,
      hasta: values.hasta,
      maxMinutosDia: typeof values.maxMinutosDia === 'number' ? values.maxMinutosDia : Number.NaN,
      compensacion: values.compensacion,
      firmadoEl: values.compensacion === 'feriado' ? values.firmadoEl || null : null,
      diasSemana: values.compensacion === 'feriado' ? Number(values.diasSemana) : null,
      comentario: values.comentario,
    };
    const parsed = (editing ? actualizarPactoBodySchema : crearPactoBodySchema).safeParse(raw);
    const found: Partial<Record<Field, string>> = {};
    if (!parsed.success) for (const issue of parsed.error.issues) found[issue.path[0] as Field] ??= issue.message;
    if (!editing && !values.usuarioId) found.usuarioId = 'Elige el trabajador.';
    if (!values.desde) found.desde = 'Ingresa la fecha de inicio.';
    if (!values.hasta) found.hasta = 'Ingresa la fecha de término.';
    if (values.compensacion === 'feriado' && !values.firmadoEl) found.firmadoEl = 'Indica la fecha en que se firmó el acuerdo de compensar con días de feriado.';
    else if (lastDay && values.hasta > lastDay) found.hasta = `Un pacto dura como máximo 3 meses: hasta el ${formatDate(lastDay)}.`;
    if (file && file.size > DOCUMENTO_PACTO_MAX_BYTES) found.archivo = 'El archivo supera el tamaño máximo de 5 MB.';
    if (Object.keys(found).length > 0 || !parsed.success) return setErrors(found);
    try {
      await mutation.mutateAsync({ ...(pacto ? { id: pacto.id } : {}), body: parsed.data, file });
      notify.success(editing ? 'Pacto actualizado.' : 'Pacto de horas extra registrado.');
      onClose();
    } catch (failure) {
      if ('saved' in (failure as object)) {
        notify.error(`El pacto quedó guardado, pero el documento no se adjuntó: ${errorMessage(failure)}`);
        onClose();
        return;
      }
      const fields = failure instanceof ApiError ? (failure.fields ?? {}) : {};
      const mine = Object.fromEntries(Object.entries(fields).filter(([key]) => key in EMPTY || key === 'archivo')) as Partial<Record<Field, string>>;
      if (Object.keys(mine).length > 0) setErrors(mine);
      else if (failure instanceof ApiError && failure.status === 409) setErrors({ desde: failure.message });
      else notify.error(errorMessage(failure));
    }
  };

  return (
    <ConfirmDialog
      opened={opened}
      onClose={onClose}
      title={editing ? 'Editar pacto de horas extra' : renew ? 'Renovar pacto de horas extra' : 'Nuevo pacto de horas extra'}
      message={
        person
          ? `${person.usuario.nombre} ${person.usuario.apellidos} (${person.usuario.rut}).`
          : 'Las horas extra solo son lícitas con un pacto escrito vigente: como máximo 3 meses y 2 horas por día (arts. 31 y 32). Sin pacto se pagan igual.'
      }
      confirmLabel={editing ? 'Guardar cambios' : 'Registrar pacto'}
      loading={mutation.isPending}
      onConfirm={submit}
    >
      {!person && (
        <Select
          label="Trabajador"
          name="usuarioId"
          withAsterisk
          data={workers.data ?? []}
          value={values.usuarioId || null}
          onChange={set('usuarioId')}
          searchable
          searchValue={search}
          onSearchChange={setSearch}
          filter={({ options }) => options}
          placeholder="Busca por nombre o RUT"
          nothingFoundMessage={workers.isFetching ? 'Buscando…' : 'Sin coincidencias'}
          error={errors.usuarioId}
          data-autofocus
          comboboxProps={{ withinPortal: true }}
        />
      )}
      <DateField name="desde" label="Desde" withAsterisk value={values.desde || null} onChange={set('desde')} error={errors.desde} />
      <DateField
        name="hasta"
        label="Hasta"
        withAsterisk
        value={values.hasta || null}
        onChange={set('hasta')}
        minDate={values.desde || undefined}
        maxDate={lastDay ?? undefined}
        description={lastDay ? `Como máximo hasta el ${formatDate(lastDay)} (3 meses).` : undefined}
        error={errors.hasta}
      />
      <NumberInput
        label="Máximo de minutos extra por día"
        name="maxMinutosDia"
        withAsterisk
        min={1}
        max={HORAS_EXTRA_MAX_MINUTOS_DIA}
        step={15}
        allowDecimal={false}
        value={values.maxMinutosDia}
        onChange={set('maxMinutosDia')}
        description={
          typeof values.maxMinutosDia === 'number' && values.maxMinutosDia > 0
            ? `${formatMinutes(values.maxMinutosDia)} por día; la ley permite hasta 2 h.`
            : 'La ley permite hasta 2 h (120 min) por día.'
        }
        error={errors.maxMinutosDia}
      />
      <Input.Wrapper
        label="Compensación"
        description="Por escrito, las horas extra pueden compensarse con días adicionales de feriado en vez de pagarse: 1,5 h de descanso por hora, hasta 5 días hábiles por año de contrato, que se usan dentro de 6 meses (art. 32, Ley 21.561)."
        error={errors.compensacion}
      >
        <SegmentedControl
          fullWidth
          mt={4}
          aria-label="Compensación"
          data={[
            { value: 'pago', label: 'Pago' },
            { value: 'feriado', label: 'Días de feriado' },
          ]}
          value={values.compensacion}
          onChange={(value) => set('compensacion')(value)}
        />
      </Input.Wrapper>
      {values.compensacion === 'feriado' && (
        <>
          <DateField
            name="firmadoEl"
            label="Acuerdo firmado el"
            withAsterisk
            value={values.firmadoEl || null}
            onChange={set('firmadoEl')}
            maxDate={values.desde || undefined}
            description="A más tardar el día de inicio del pacto."
            error={errors.firmadoEl}
          />
          <Select
            label="Días de trabajo a la semana"
            name="diasSemana"
            withAsterisk
            data={[
              { value: '4', label: '4 días' },
              { value: '5', label: '5 días' },
              { value: '6', label: '6 días' },
            ]}
            value={values.diasSemana}
            onChange={set('diasSemana')}
            allowDeselect={false}
            description="Con las horas semanales pactadas da la duración de un día hábil de feriado."
            error={errors.diasSemana}
            comboboxProps={{ withinPortal: true }}
          />
        </>
      )}
      <Textarea label="Comentario" name="comentario" autosize minRows={2} value={values.comentario} onChange={(e) => set('comentario')(e.currentTarget.value)} error={errors.comentario} />
      <FileInput
        label={pacto?.documento ? 'Reemplazar pacto firmado' : 'Pacto firmado'}
        description={pacto?.documento ? `Actual: ${pacto.documento.nombre}. PDF, JPEG o PNG de hasta 5 MB.` : 'PDF, JPEG o PNG de hasta 5 MB.'}
        accept="application/pdf,image/jpeg,image/png"
        value={file}
        onChange={(next) => {
          setFile(next);
          setErrors((current) => ({ ...current, archivo: undefined }));
        }}
        clearable
        placeholder="Elegir archivo"
        error={errors.archivo}
      />
      {!pacto?.documento && !file && (
        <Text size="xs" c="dimmed">
          Puedes adjuntar el documento firmado después, desde la lista de pactos.
        </Text>
      )}
    </ConfirmDialog>
  );
}
