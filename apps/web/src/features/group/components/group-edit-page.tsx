import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Text.css';
import { Button, Select, Text, TextInput, Textarea } from '@mantine/core';
import type { Grupo, UsuarioResumen } from '@jornada/contracts';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { DataTable, FilterBar, type Column } from '../../../components/data-table';
import { IconPlus } from '../../../components/icons';
import { PageHeader } from '../../../components/page-header';
import { SectionCard } from '../../../components/section-card';
import { BlockSkeleton, EmptyState, ErrorState } from '../../../components/states';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { perfilLabel, plural } from '../../../lib/format';
import { notify } from '../../../lib/toasts';
import { useGroup } from '../api/get-group';
import { useSiteOptions } from '../../../lib/entity-options';
import { usePeopleSearch } from '../api/search-people';
import { useUpdateGroup } from '../api/update-group';
import { useUpdateMembers } from '../api/update-members';
import { ExceptionalScheduleSelect, GroupPicker, personName, StateBadge } from './group-bits';
import { NewGroupDialog } from './group-form-dialog';
import grid from '../../../components/form-grid.module.css';
import classes from './groups.module.css';

const MEMBER_COLUMNS: Column<UsuarioResumen>[] = [
  { key: 'nombre', header: 'Nombre', primary: true, cell: (p) => <Text fw={600} size="sm">{personName(p)}</Text> },
  { key: 'rut', header: 'RUT', cell: (p) => <span className={classes.nowrap}>{p.rut}</span> },
  { key: 'cargo', header: 'Cargo', cell: (p) => p.cargo ?? perfilLabel(p.perfil) },
  { key: 'activo', header: 'Estado', cell: (p) => (p.activo ? 'Activo' : 'Inactivo') },
];

function GroupDataForm({ group }: { group: Grupo }) {
  const mutation = useUpdateGroup(group.id);
  const sites = useSiteOptions();
  const [nombre, setNombre] = useState(group.nombre);
  const [descripcion, setDescripcion] = useState(group.descripcion ?? '');
  const [sedeId, setSedeId] = useState<string | null>(group.sede?.id ?? null);
  const [jornadaExcepcionalId, setJornadaExcepcionalId] = useState<string | null>(group.jornadaExcepcional?.id ?? null);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const save = async () => {
    if (!nombre.trim()) {
      setErrors({ nombre: 'Ingresa el nombre del grupo.' });
      return;
    }
    setErrors({});
    try {
      await mutation.mutateAsync({ nombre, descripcion: descripcion.trim() || null, sedeId, jornadaExcepcionalId });
      notify.success('Datos del grupo guardados.');
    } catch (error) {
      if (error instanceof ApiError && error.fields && Object.keys(error.fields).length) setErrors({ ...error.fields });
      else notify.error(errorMessage(error));
    }
  };

  return (
    <SectionCard title="Datos del grupo" actions={<StateBadge estado={group.estado} />}>
      <form
        noValidate
        aria-label="Datos del grupo"
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <div className={grid.grid}>
          <TextInput label="Nombre del grupo" name="nombre" withAsterisk value={nombre} onChange={(e) => setNombre(e.currentTarget.value)} error={errors.nombre} />
          <Select
            label="Sede"
            name="sedeId"
            data={sites.data ?? []}
            value={sedeId}
            onChange={setSedeId}
            allowDeselect={false}
            searchable
            placeholder="Sin sede"
            error={errors.sedeId}
            size="md"
          />
          <ExceptionalScheduleSelect
            value={jornadaExcepcionalId}
            onChange={setJornadaExcepcionalId}
            error={errors.jornadaExcepcionalId}
            className={grid.full}
            size="md"
          />
          <Textarea label="Descripción" name="descripcion" className={grid.full} autosize minRows={2} value={descripcion} onChange={(e) => setDescripcion(e.currentTarget.value)} error={errors.descripcion} />
        </div>
        <div className={grid.actions}>
          <Button type="submit" loading={mutation.isPending}>
            Guardar datos
          </Button>
        </div>
      </form>
    </SectionCard>
  );
}

function Members({ group }: { group: Grupo }) {
  const mutation = useUpdateMembers(group.id);
  const [toRemove, setToRemove] = useState<Set<string>>(new Set());
  const [toAdd, setToAdd] = useState<Set<string>>(new Set());
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const people = usePeopleSearch({ q: search, page, pageSize: 10 });
  const memberIds = new Set(group.miembros.map((m) => m.id));
  const candidates = (people.data?.items ?? []).filter((person) => !memberIds.has(person.id) && person.perfil !== 'fiscalizador');
  const byId = new Map(group.miembros.map((m) => [m.id, m]));

  const apply = async (body: { agregar?: string[]; quitar?: string[] }, done: string) => {
    try {
      await mutation.mutateAsync(body);
      notify.success(done);
      setToAdd(new Set());
      setToRemove(new Set());
    } catch (error) {
      notify.error(errorMessage(error));
    }
  };

  return (
    <div className={classes.twoCols}>
      <SectionCard
        title={`Integrantes (${group.totalMiembros.toLocaleString('es-CL')})`}
        description="Marca a quienes quieras quitar del grupo."
        actions={
          <Button
            color="red"
            variant="light"
            size="sm"
            disabled={toRemove.size === 0}
            loading={mutation.isPending && toRemove.size > 0}
            onClick={() => void apply({ quitar: [...toRemove] }, `${plural(toRemove.size, 'persona quitada', 'personas quitadas')} del grupo.`)}
          >
            Quitar seleccionados ({toRemove.size})
          </Button>
        }
      >
        {group.miembros.length === 0 ? (
          <EmptyState title="El grupo no tiene integrantes" description="Búscalos a la derecha y agrégalos." />
        ) : (
          <DataTable
            caption={`Integrantes de ${group.nombre}`}
            columns={MEMBER_COLUMNS}
            rows={group.miembros}
            rowKey={(p) => p.id}
            empty={{ title: 'El grupo no tiene integrantes' }}
            selection={{ selected: toRemove, onChange: setToRemove, rowLabel: (id) => `Seleccionar a ${byId.get(id) ? personName(byId.get(id)!) : id} para quitar` }}
          />
        )}
      </SectionCard>
      <SectionCard
        title="Agregar integrantes"
        description="Quien ya está en otro grupo se cambia a este."
        actions={
          <Button
            size="sm"
            leftSection={<IconPlus size={16} />}
            disabled={toAdd.size === 0}
            loading={mutation.isPending && toAdd.size > 0}
            onClick={() => void apply({ agregar: [...toAdd] }, `${plural(toAdd.size, 'persona agregada', 'personas agregadas')} al grupo.`)}
          >
            Agregar seleccionados ({toAdd.size})
          </Button>
        }
      >
        <FilterBar
          search={{
            label: 'Buscar personas',
            placeholder: 'Nombre, RUT o cargo',
            value: search,
            onChange: (value) => {
              setSearch(value);
              setPage(1);
            },
          }}
        />
        <DataTable
          caption="Personas para agregar"
          columns={MEMBER_COLUMNS.slice(0, 3)}
          rows={people.data ? candidates : undefined}
          rowKey={(p) => p.id}
          loading={people.isPending}
          fetching={people.isFetching && !people.isPending}
          error={people.error}
          onRetry={() => void people.refetch()}
          page={page}
          pageSize={people.data?.pageSize ?? 10}
          total={people.data?.total}
          onPageChange={setPage}
          empty={{ title: search ? 'Nadie coincide con la búsqueda' : 'No hay más personas activas para agregar' }}
          selection={{
            selected: toAdd,
            onChange: setToAdd,
            rowLabel: (id) => {
              const person = people.data?.items.find((p) => p.id === id);
              return `Seleccionar a ${person ? personName(person) : id} para agregar`;
            },
          }}
        />
      </SectionCard>
    </div>
  );
}

/** `/dashboard/group/edit?id=`: a group's name, description, site and exceptional schedule, and its members (add and remove with search and multi-select). */
export function GroupEditPage() {
  const [params, setParams] = useSearchParams();
  const id = params.get('id');
  const group = useGroup(id);
  const [creating, setCreating] = useState(false);
  const choose = (next: string | null) => setParams(next ? { id: next } : {}, { replace: true });

  return (
    <>
      <PageHeader
        title="Editar grupo"
        description="Cambia los datos de un grupo y quiénes lo integran."
        breadcrumbs={[{ label: 'Inicio', to: '/dashboard' }, { label: 'Grupos', to: '/dashboard/group' }, { label: 'Editar' }]}
        actions={
          <Button variant="default" leftSection={<IconPlus size={18} />} onClick={() => setCreating(true)}>
            Nuevo grupo
          </Button>
        }
      />
      <div className={classes.stack}>
        <SectionCard>
          <GroupPicker value={id} onChange={choose} label="Grupo a editar" />
        </SectionCard>
        {!id ? (
          <SectionCard>
            <EmptyState title="Elige un grupo" description="Selecciona arriba el grupo que quieres editar, o crea uno nuevo." />
          </SectionCard>
        ) : group.isPending ? (
          <SectionCard>
            <BlockSkeleton lines={5} label="Cargando grupo" />
          </SectionCard>
        ) : group.isError ? (
          <SectionCard>
            <ErrorState error={group.error} onRetry={() => void group.refetch()} />
          </SectionCard>
        ) : (
          <>
            <GroupDataForm key={group.data.id} group={group.data} />
            <Members key={`m-${group.data.id}`} group={group.data} />
          </>
        )}
      </div>
      <NewGroupDialog
        opened={creating}
        onClose={() => setCreating(false)}
        onCreated={(created) => {
          setCreating(false);
          choose(created.id);
        }}
      />
    </>
  );
}
