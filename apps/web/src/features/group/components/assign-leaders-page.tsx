import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/PillsInput.css';
import '@mantine/core/styles/Text.css';
import { Button, MultiSelect, Text } from '@mantine/core';
import type { Grupo } from '@jornada/contracts';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { SectionCard } from '../../../components/section-card';
import { BlockSkeleton, EmptyState, ErrorState } from '../../../components/states';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/toasts';
import { useGroup } from '../api/get-group';
import { useLeaderOptions } from '../hooks/use-leader-options';
import { useUpdateLeaders } from '../api/update-leaders';
import { GroupPicker, PeopleInline, personName, StateBadge } from './group-bits';
import grid from '../../../components/form-grid.module.css';
import classes from './groups.module.css';

function LeadersForm({ group }: { group: Grupo }) {
  const mutation = useUpdateLeaders(group.id);
  const { candidates, options } = useLeaderOptions();
  const [selected, setSelected] = useState<string[]>(group.lideres.map((l) => l.id));
  const [error, setError] = useState<string | null>(null);
  // Current leaders stay choosable even if they no longer appear among the candidates.
  const known = new Set(options.map((o) => o.value));
  const data = [...options, ...group.lideres.filter((l) => !known.has(l.id)).map((l) => ({ value: l.id, label: personName(l) }))];

  const save = async () => {
    setError(null);
    try {
      await mutation.mutateAsync({ liderIds: selected });
      notify.success(selected.length ? `Líderes de «${group.nombre}» guardados.` : `«${group.nombre}» quedó sin líderes.`);
    } catch (failure) {
      const message = failure instanceof ApiError ? failure.fields?.liderIds : undefined;
      if (message) setError(message);
      else notify.error(errorMessage(failure));
    }
  };

  return (
    <SectionCard title={group.nombre} description={<>Líderes actuales: <PeopleInline people={group.lideres} empty="ninguno" /></>} actions={<StateBadge estado={group.estado} />}>
      <form
        noValidate
        aria-label="Asignar líderes"
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <MultiSelect
          label="Líderes del grupo"
          name="liderIds"
          description="Supervisores o administradores activos. Un líder ve el grupo y sus integrantes."
          data={data}
          value={selected}
          onChange={setSelected}
          searchable
          clearable
          hidePickedOptions
          placeholder={candidates.isPending ? 'Cargando personas…' : selected.length ? '' : 'Buscar por nombre o RUT'}
          nothingFoundMessage="Nadie coincide (solo supervisores y administradores activos)"
          error={error ?? (candidates.isError ? 'No pudimos cargar a los posibles líderes.' : undefined)}
          size="md"
        />
        <div className={grid.actions}>
          <Button variant="default" onClick={() => setSelected(group.lideres.map((l) => l.id))} disabled={mutation.isPending}>
            Descartar cambios
          </Button>
          <Button type="submit" loading={mutation.isPending}>
            Guardar líderes
          </Button>
        </div>
      </form>
    </SectionCard>
  );
}

/** `/dashboard/group/assignment-leaders?id=`: the leaders of one group. */
export function AssignLeadersPage() {
  const [params, setParams] = useSearchParams();
  const id = params.get('id');
  const group = useGroup(id);
  return (
    <>
      <PageHeader
        title="Asignar líderes"
        description="Elige quiénes lideran un grupo. Para varios grupos a la vez usa la asignación masiva."
        breadcrumbs={[{ label: 'Inicio', to: '/dashboard' }, { label: 'Grupos', to: '/dashboard/group' }, { label: 'Asignar líderes' }]}
      />
      <div className={classes.stack}>
        <SectionCard>
          <GroupPicker value={id} onChange={(next) => setParams(next ? { id: next } : {}, { replace: true })} />
        </SectionCard>
        {!id ? (
          <SectionCard>
            <EmptyState title="Elige un grupo" description="Selecciona arriba el grupo al que quieres asignar líderes." />
          </SectionCard>
        ) : group.isPending ? (
          <SectionCard>
            <BlockSkeleton lines={3} label="Cargando grupo" />
          </SectionCard>
        ) : group.isError ? (
          <SectionCard>
            <ErrorState error={group.error} onRetry={() => void group.refetch()} />
          </SectionCard>
        ) : (
          <LeadersForm key={group.data.id + group.data.actualizadoEn} group={group.data} />
        )}
      </div>
      <Text size="xs" c="dimmed" mt="md">
        Al desactivar a un usuario por finiquito deja de liderar sus grupos.
      </Text>
    </>
  );
}
