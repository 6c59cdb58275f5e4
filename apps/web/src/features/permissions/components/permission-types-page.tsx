import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/Text.css';
import { Button, NumberInput, Select, Switch, Text, TextInput } from '@mantine/core';
import { actualizarTipoPermisoBodySchema, crearTipoPermisoBodySchema, UNIDADES_PERMISO, type TipoPermiso, type UnidadPermiso } from '@jornada/contracts';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable, type Column } from '../../../components/data-table';
import { IconPlus } from '../../../components/icons';
import { PageHeader } from '../../../components/page-header';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/toasts';
import { usePermissionTypes, useSavePermissionType } from '../api/permissions';
import { UNIDAD_LABELS } from './labels';
import classes from './permissions-page.module.css';

const UNIT_OPTIONS = UNIDADES_PERMISO.map((unidad) => ({ value: unidad, label: UNIDAD_LABELS[unidad] }));
type Field = 'nombre' | 'codigo' | 'unidad' | 'diasAnuales' | 'diasPorEvento';

interface FormValues {
  nombre: string;
  codigo: string;
  conGoce: boolean;
  unidad: UnidadPermiso;
  solicitable: boolean;
  requiereAprobacion: boolean;
  diasAnuales: number | string;
  diasPorEvento: number | string;
  activo: boolean;
}

function toForm(type: TipoPermiso | null): FormValues {
  return {
    nombre: type?.nombre ?? '',
    codigo: type?.codigo ?? '',
    conGoce: type?.conGoce ?? true,
    unidad: type?.unidad ?? 'dias_corridos',
    solicitable: type?.solicitable ?? true,
    requiereAprobacion: type?.requiereAprobacion ?? true,
    diasAnuales: type?.diasAnuales ?? '',
    diasPorEvento: type?.diasPorEvento ?? '',
    activo: type?.activo ?? true,
  };
}

function TypeDialog({ type, onClose }: { type: TipoPermiso | 'new'; onClose: () => void }) {
  const current = type === 'new' ? null : type;
  const [values, setValues] = useState<FormValues>(() => toForm(current));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const mutation = useSavePermissionType();
  const set = <K extends keyof FormValues>(key: K, value: FormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value, ...(key === 'unidad' && value === 'horas' ? { diasAnuales: '', diasPorEvento: '' } : {}) }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const submit = async () => {
    const body = {
      ...values,
      diasAnuales: values.diasAnuales === '' ? null : Number(values.diasAnuales),
      diasPorEvento: values.diasPorEvento === '' ? null : Number(values.diasPorEvento),
    };
    const parsed = current ? actualizarTipoPermisoBodySchema.safeParse(body) : crearTipoPermisoBodySchema.safeParse((({ activo: _activo, ...rest }) => rest)(body));
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as Field] ??= issue.message;
      return setErrors(found);
    }
    try {
      await mutation.mutateAsync({ id: current?.id, body: parsed.data });
      notify.success(current ? 'Tipo de permiso actualizado.' : 'Tipo de permiso creado.');
      onClose();
    } catch (failure) {
      const fields = failure instanceof ApiError ? failure.fields : undefined;
      if (fields && Object.keys(fields).length > 0) setErrors(fields as Partial<Record<Field, string>>);
      else notify.error(errorMessage(failure));
    }
  };

  return (
    <ConfirmDialog
      opened
      onClose={onClose}
      title={current ? `Editar ${current.nombre}` : 'Nuevo tipo de permiso'}
      confirmLabel={current ? 'Guardar cambios' : 'Crear tipo'}
      loading={mutation.isPending}
      onConfirm={submit}
    >
      <TextInput label="Nombre" name="nombre" withAsterisk value={values.nombre} onChange={(e) => set('nombre', e.currentTarget.value)} error={errors.nombre} data-autofocus />
      <TextInput
        label="Código"
        name="codigo"
        description="El de los reportes legales (VAC., L.M., P.G.R., P.S.G.R., PREN., POSTN., P.F.H., P.MAT.…) o uno propio."
        withAsterisk
        value={values.codigo}
        onChange={(e) => set('codigo', e.currentTarget.value)}
        error={errors.codigo}
      />
      <Select
        label="Unidad"
        name="unidad"
        data={UNIT_OPTIONS}
        value={values.unidad}
        onChange={(v) => v && set('unidad', v as UnidadPermiso)}
        allowDeselect={false}
        error={errors.unidad}
        comboboxProps={{ withinPortal: true }}
      />
      <NumberInput
        label="Días por año"
        name="diasAnuales"
        description="Déjalo vacío si el tipo no tiene un saldo anual (Vacaciones: 15 días hábiles)."
        min={1}
        max={366}
        allowDecimal={false}
        disabled={values.unidad === 'horas'}
        value={values.diasAnuales}
        onChange={(v) => set('diasAnuales', v)}
        error={errors.diasAnuales}
      />
      <NumberInput
        label="Días por evento"
        name="diasPorEvento"
        description="Lo más que puede durar cada permiso, en su unidad. Déjalo vacío si no hay tope (Matrimonio o unión civil: 5 días hábiles, art. 207 bis)."
        min={1}
        max={366}
        allowDecimal={false}
        disabled={values.unidad === 'horas'}
        value={values.diasPorEvento}
        onChange={(v) => set('diasPorEvento', v)}
        error={errors.diasPorEvento}
      />
      <Switch label="Con goce de remuneraciones" checked={values.conGoce} onChange={(e) => set('conGoce', e.currentTarget.checked)} />
      <Switch label="El trabajador puede solicitarlo" checked={values.solicitable} onChange={(e) => set('solicitable', e.currentTarget.checked)} />
      <Switch label="Requiere aprobación de la jefatura" checked={values.requiereAprobacion} onChange={(e) => set('requiereAprobacion', e.currentTarget.checked)} />
      {current && <Switch label="Activo" checked={values.activo} onChange={(e) => set('activo', e.currentTarget.checked)} />}
    </ConfirmDialog>
  );
}

const yesNo = (value: boolean) => (value ? 'Sí' : 'No');

/** `/dashboard/settings/permission`: the company's permission types. */
export function PermissionTypesPage() {
  const types = usePermissionTypes();
  const [editing, setEditing] = useState<TipoPermiso | 'new' | null>(null);

  const columns: Column<TipoPermiso>[] = [
    {
      key: 'nombre',
      header: 'Tipo',
      primary: true,
      cell: (t) => (
        <div className={classes.cell}>
          <Text size="sm" fw={600} c={t.activo ? undefined : 'dimmed'}>
            {t.nombre}
            {t.activo ? '' : ' (inactivo)'}
          </Text>
          <Text size="xs" c="dimmed">
            {t.codigo}
          </Text>
        </div>
      ),
    },
    { key: 'unidad', header: 'Unidad', nowrap: true, cell: (t) => UNIDAD_LABELS[t.unidad] },
    { key: 'goce', header: 'Con goce', cell: (t) => yesNo(t.conGoce) },
    { key: 'solicitable', header: 'Solicitable', cell: (t) => yesNo(t.solicitable) },
    { key: 'aprobacion', header: 'Aprobación', cell: (t) => (t.requiereAprobacion ? 'Requiere' : 'No requiere') },
    { key: 'dias', header: 'Días por año', align: 'right', cell: (t) => (t.diasAnuales === null ? '—' : t.diasAnuales.toLocaleString('es-CL')) },
    { key: 'evento', header: 'Días por evento', align: 'right', cell: (t) => (t.diasPorEvento === null ? '—' : t.diasPorEvento.toLocaleString('es-CL')) },
  ];

  return (
    <>
      <PageHeader
        title="Tipos de permiso"
        description="Los permisos que registra la empresa, con su código legal, si son con goce, cómo se cuentan y los días por año. En Vacaciones (VAC.), quienes trabajan en Magallanes, Aysén o la provincia de Palena tienen al menos 20 días (art. 67) y los días progresivos (art. 68) se calculan con los años reconocidos de la ficha de cada usuario."
        breadcrumbs={[{ label: 'Inicio', to: '/dashboard' }, { label: 'Configuración' }, { label: 'Tipos de permiso' }]}
        actions={
          <Button leftSection={<IconPlus size={18} />} onClick={() => setEditing('new')}>
            Nuevo tipo
          </Button>
        }
      />
      <DataTable
        caption="Tipos de permiso"
        columns={columns}
        rows={types.data?.items}
        rowKey={(t) => t.id}
        loading={types.isPending}
        fetching={types.isFetching && !types.isPending}
        error={types.error}
        onRetry={() => void types.refetch()}
        rowActions={(t) => (
          <Button size="xs" variant="light" onClick={() => setEditing(t)} aria-label={`Editar ${t.nombre}`}>
            Editar
          </Button>
        )}
        empty={{
          title: 'Aún no hay tipos de permiso',
          description: 'Crea los tipos que usa la empresa: vacaciones, licencias, permisos con o sin goce.',
          action: (
            <Button leftSection={<IconPlus size={18} />} onClick={() => setEditing('new')}>
              Nuevo tipo
            </Button>
          ),
        }}
      />
      {editing !== null && <TypeDialog key={editing === 'new' ? 'new' : editing.id} type={editing} onClose={() => setEditing(null)} />}
    </>
  );
}
