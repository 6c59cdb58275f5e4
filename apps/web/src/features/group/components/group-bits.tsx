import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Text.css';
import { Badge, Select, Text, type SelectProps } from '@mantine/core';
import type { EstadoGrupo, UsuarioResumen } from '@jornada/contracts';
import { useExceptionalScheduleOptions } from '../../../lib/entity-options';
import { fullName } from '../../../lib/format';
import { useGroups } from '../api/list-groups';

export function StateBadge({ estado }: { estado: EstadoGrupo }) {
  return (
    <Badge variant="light" color={estado === 'activo' ? 'jornada' : 'gray'} size="sm">
      {estado === 'activo' ? 'Activo' : 'Inactivo'}
    </Badge>
  );
}

/**
 * The group form's exceptional schedule select (create and edit): «Ninguna» or one of the company's DT
 * resolutions, loaded while `enabled`.
 */
export function ExceptionalScheduleSelect({
  value,
  onChange,
  enabled = true,
  ...props
}: { value: string | null; onChange: (value: string | null) => void; enabled?: boolean } & Pick<SelectProps, 'className' | 'mt' | 'size' | 'error' | 'comboboxProps'>) {
  const schedules = useExceptionalScheduleOptions({ enabled });
  return (
    <Select
      label="Jornada excepcional (art. 38)"
      name="jornadaExcepcionalId"
      description="Si la resolución de la Dirección del Trabajo nombra a este grupo: rige para sus integrantes sin una jornada excepcional propia."
      data={[{ value: '', label: 'Ninguna' }, ...(schedules.data ?? [])]}
      value={value ?? ''}
      onChange={(next) => onChange(next || null)}
      allowDeselect={false}
      placeholder={schedules.isLoading ? 'Cargando jornadas…' : 'Ninguna'}
      {...props}
    />
  );
}

export const personName = (person: Pick<UsuarioResumen, 'nombre' | 'apellidos'>) => fullName(person.nombre, person.apellidos);

/** "Ana Pérez, Luis Soto" or a dimmed "Sin líderes". */
export function PeopleInline({ people, empty }: { people: UsuarioResumen[]; empty: string }) {
  if (people.length === 0)
    return (
      <Text size="sm" c="dimmed" span>
        {empty}
      </Text>
    );
  return (
    <Text size="sm" span>
      {people.map(personName).join(', ')}
    </Text>
  );
}

interface GroupPickerProps {
  value: string | null;
  onChange: (id: string | null) => void;
  label?: string;
}

/** A searchable select of the company's groups (first 100 by name). */
export function GroupPicker({ value, onChange, label = 'Grupo' }: GroupPickerProps) {
  const groups = useGroups({ pageSize: 100 });
  const data = (groups.data?.items ?? []).map((group) => ({
    value: group.id,
    label: group.estado === 'inactivo' ? `${group.nombre} (inactivo)` : group.nombre,
  }));
  return (
    <Select
      label={label}
      name="grupo"
      data={data}
      value={value}
      onChange={onChange}
      searchable
      placeholder={groups.isPending ? 'Cargando grupos…' : 'Elige un grupo'}
      nothingFoundMessage={groups.isPending ? 'Cargando…' : 'No hay grupos con ese nombre'}
      error={groups.isError ? 'No pudimos cargar los grupos.' : undefined}
      size="md"
      maw={480}
    />
  );
}
