import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Text.css';
import { FileInput, Select, Text, Textarea } from '@mantine/core';
import { ADJUNTO_PERMISO_MAX_BYTES, asignarPermisoBodySchema, solicitarPermisoBodySchema, type TipoPermiso } from '@jornada/contracts';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useMemo, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DateField } from '../../../components/date-field';
import { TimeField } from '../../../components/time-field';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useWorkerOption, useWorkerOptions } from '../../../lib/entity-options';
import { notify } from '../../../lib/toasts';
import { useCreatePermission } from '../api/permissions';
import { UNIDAD_LABELS } from './labels';

type Field = 'usuarioId' | 'tipoId' | 'desde' | 'hasta' | 'horaInicio' | 'horaFin' | 'comentario' | 'archivo';

interface Props {
  opened: boolean;
  onClose: () => void;
  /** `asignar`: an administrador or leader for a worker (approved at once); `solicitar`: the session's own request. */
  kind: 'asignar' | 'solicitar';
  types: TipoPermiso[];
  /** Prefilled worker and first day (an assignment opened from an inconsistency). */
  initial?: { usuarioId: string; desde: string } | undefined;
}

const EMPTY = { usuarioId: '', tipoId: '', desde: '', hasta: '', horaInicio: '', horaFin: '', comentario: '' };

/** The form to assign or request a permission: type, dates (and hours for an hour type), a comment and an optional document. */
export function PermissionFormDialog({ opened, onClose, kind, types, initial }: Props) {
  const [values, setValues] = useState(EMPTY);
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const workers = useWorkerOptions(debounced, { enabled: opened && kind === 'asignar' });
  const chosen = useWorkerOption(kind === 'asignar' ? values.usuarioId : '');
  const workerData = useMemo(() => {
    const list = workers.data ?? [];
    return chosen.data && !list.some((o) => o.value === chosen.data!.value) ? [chosen.data, ...list] : list;
  }, [workers.data, chosen.data]);
  const mutation = useCreatePermission();
  const initialWorker = initial?.usuarioId ?? '';
  const initialDate = initial?.desde ?? '';
  useEffect(() => {
    if (opened) {
      setValues({ ...EMPTY, usuarioId: initialWorker, desde: initialDate, hasta: initialDate });
      setFile(null);
      setErrors({});
      setSearch('');
    }
  }, [opened, initialWorker, initialDate]);

  const available = useMemo(() => types.filter((type) => type.activo && (kind === 'asignar' || type.solicitable)), [types, kind]);
  const type = available.find((item) => item.id === values.tipoId);
  const hourly = type?.unidad === 'horas';
  const set = (field: keyof typeof EMPTY) => (value: string | null) => {
    setValues((current) => ({ ...current, [field]: value ?? '', ...(field === 'desde' && !current.hasta && value ? { hasta: value } : {}) }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = async () => {
    const raw = {
      ...(kind === 'asignar' ? { usuarioId: values.usuarioId } : {}),
      tipoId: values.tipoId,
      desde: values.desde,
      hasta: values.hasta,
      ...(hourly ? { horaInicio: values.horaInicio, horaFin: values.horaFin } : {}),
      comentario: values.comentario,
    };
    const parsed = (kind === 'asignar' ? asignarPermisoBodySchema : solicitarPermisoBodySchema).safeParse(raw);
    const found: Partial<Record<Field, string>> = {};
    if (!parsed.success) for (const issue of parsed.error.issues) found[issue.path[0] as Field] ??= issue.message;
    if (kind === 'asignar' && !values.usuarioId) found.usuarioId = 'Elige el trabajador.';
    if (!values.tipoId) found.tipoId = 'Elige el tipo de permiso.';
    if (!values.desde) found.desde = 'Ingresa la fecha de inicio.';
    if (!values.hasta) found.hasta = 'Ingresa la fecha de término.';
    if (file && file.size > ADJUNTO_PERMISO_MAX_BYTES) found.archivo = 'El archivo supera el tamaño máximo de 5 MB.';
    if (Object.keys(found).length > 0 || !parsed.success) return setErrors(found);
    try {
      const body = parsed.data as Parameters<typeof mutation.mutateAsync>[0]['body'];
      const created = await mutation.mutateAsync(kind === 'asignar' ? { kind, body: body as never, file } : { kind, body, file });
      notify.success(
        kind === 'asignar'
          ? 'Permiso asignado. Avisamos al trabajador por correo.'
          : created.estado === 'pendiente'
            ? 'Solicitud enviada. Tu jefatura recibió un correo para aprobarla.'
            : 'Permiso registrado.',
      );
      onClose();
    } catch (failure) {
      const fields = failure instanceof ApiError ? (failure.fields ?? {}) : {};
      const mine = Object.fromEntries(Object.entries(fields).filter(([key]) => key in EMPTY || key === 'archivo')) as Partial<Record<Field, string>>;
      if ('created' in (failure as object)) {
        // The permission was stored but the document was refused: say so and let them attach it later.
        notify.error(`El permiso quedó registrado, pero el documento no se adjuntó: ${errorMessage(failure)}`);
        onClose();
        return;
      }
      if (Object.keys(mine).length > 0) setErrors(mine);
      else if (failure instanceof ApiError && failure.status === 409) setErrors({ desde: failure.message });
      else notify.error(errorMessage(failure));
    }
  };

  return (
    <ConfirmDialog
      opened={opened}
      onClose={onClose}
      title={kind === 'asignar' ? 'Asignar permiso' : 'Solicitar permiso'}
      message={
        kind === 'asignar'
          ? 'El permiso queda aprobado de inmediato y el trabajador recibe un correo.'
          : 'Tu jefatura recibirá un correo para aprobar o rechazar la solicitud.'
      }
      confirmLabel={kind === 'asignar' ? 'Asignar permiso' : 'Enviar solicitud'}
      loading={mutation.isPending}
      onConfirm={submit}
    >
      {kind === 'asignar' && (
        <Select
          label="Trabajador"
          name="usuarioId"
          withAsterisk
          data={workerData}
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
      <Select
        label="Tipo de permiso"
        name="tipoId"
        withAsterisk
        data={available.map((item) => ({ value: item.id, label: `${item.nombre} (${item.codigo})` }))}
        value={values.tipoId || null}
        onChange={set('tipoId')}
        error={errors.tipoId}
        placeholder="Elige un tipo"
        comboboxProps={{ withinPortal: true }}
      />
      {type && (
        <Text size="xs" c="dimmed">
          Se cuenta en {UNIDAD_LABELS[type.unidad].toLowerCase()}
          {type.conGoce ? ', con goce de remuneraciones' : ', sin goce de remuneraciones'}
          {type.diasAnuales !== null ? `; ${type.diasAnuales} por año` : ''}
          {type.diasPorEvento !== null ? `; como máximo ${type.diasPorEvento} por evento` : ''}.
        </Text>
      )}
      <DateField name="desde" label="Desde" withAsterisk value={values.desde || null} onChange={set('desde')} error={errors.desde} />
      <DateField name="hasta" label="Hasta" withAsterisk value={values.hasta || null} onChange={set('hasta')} minDate={values.desde || undefined} error={errors.hasta} />
      {hourly && (
        <>
          <TimeField label="Hora de inicio" name="horaInicio" withAsterisk value={values.horaInicio} onChange={set('horaInicio')} error={errors.horaInicio} />
          <TimeField label="Hora de término" name="horaFin" withAsterisk value={values.horaFin} onChange={set('horaFin')} error={errors.horaFin} />
        </>
      )}
      <Textarea label="Comentario" name="comentario" autosize minRows={2} value={values.comentario} onChange={(e) => set('comentario')(e.currentTarget.value)} error={errors.comentario} />
      <FileInput
        label="Documento (opcional)"
        description="PDF, JPEG o PNG de hasta 5 MB; por ejemplo, la licencia médica."
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
    </ConfirmDialog>
  );
}
