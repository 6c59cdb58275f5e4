import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/PillsInput.css';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Text.css';
import { Alert, Badge, Button, MultiSelect, SegmentedControl, Table, Text } from '@mantine/core';
import type { AsignacionMasivaBody, AsignacionMasivaResultado, Grupo } from '@jornada/contracts';
import { useState } from 'react';
import { DataTable, FilterBar, useTableParams, type Column } from '../../../components/data-table';
import { IconCheck } from '../../../components/icons';
import { PageHeader } from '../../../components/page-header';
import { SectionCard } from '../../../components/section-card';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { plural } from '../../../lib/format';
import { notify } from '../../../lib/toasts';
import { useGroups } from '../api/list-groups';
import { useCommitMassAssignment, usePreviewMassAssignment } from '../api/mass-assignment';
import { useLeaderOptions } from '../hooks/use-leader-options';
import { PeopleInline, StateBadge } from './group-bits';
import classes from './groups.module.css';

type Mode = AsignacionMasivaBody['modo'] & string;

const MODES: { value: Mode; label: string; help: string }[] = [
  { value: 'agregar', label: 'Agregar', help: 'Los líderes elegidos se suman a los que ya tiene cada grupo.' },
  { value: 'reemplazar', label: 'Reemplazar', help: 'Los líderes elegidos pasan a ser los únicos de cada grupo.' },
  { value: 'quitar', label: 'Quitar', help: 'Los líderes elegidos dejan de liderar cada grupo.' },
];

const GROUP_COLUMNS: Column<Grupo>[] = [
  { key: 'nombre', header: 'Grupo', primary: true, cell: (g) => <Text fw={600} size="sm">{g.nombre}</Text> },
  { key: 'lideres', header: 'Líderes actuales', cell: (g) => <PeopleInline people={g.lideres} empty="Sin líderes" /> },
  { key: 'estado', header: 'Estado', nowrap: true, cell: (g) => <StateBadge estado={g.estado} /> },
];

function PreviewTable({ result }: { result: AsignacionMasivaResultado }) {
  const changed = result.cambios.filter((c) => c.agregados.length || c.quitados.length);
  if (changed.length === 0)
    return (
      <Text size="sm" c="dimmed">
        Ningún grupo cambia con esta asignación.
      </Text>
    );
  return (
    <div className={classes.scroll}>
      <Table verticalSpacing="xs" striped className={classes.peopleTable}>
        <caption className={classes.caption}>Cambios por grupo</caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Grupo</Table.Th>
            <Table.Th scope="col">Antes</Table.Th>
            <Table.Th scope="col">Después</Table.Th>
            <Table.Th scope="col">Cambios</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {changed.map((change) => (
            <Table.Tr key={change.grupo.id}>
              <Table.Td fw={600}>{change.grupo.nombre}</Table.Td>
              <Table.Td>
                <PeopleInline people={change.lideresAntes} empty="Sin líderes" />
              </Table.Td>
              <Table.Td>
                <PeopleInline people={change.lideresDespues} empty="Sin líderes" />
              </Table.Td>
              <Table.Td>
                {change.agregados.length > 0 && (
                  <Badge color="jornada" variant="light" size="sm" mr={4}>
                    +{change.agregados.length}
                  </Badge>
                )}
                {change.quitados.length > 0 && (
                  <Badge color="red" variant="light" size="sm">
                    −{change.quitados.length}
                  </Badge>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}

/** `/dashboard/group/assignment-masiva`: leaders for many groups at once: choose, preview what changes, confirm (one transaction). */
export function MassAssignmentPage() {
  const table = useTableParams({ filters: ['estado'] as const });
  const groups = useGroups(table.query);
  const { candidates, options } = useLeaderOptions();
  const [selectedGroups, setSelectedGroups] = useState<Set<string>>(new Set());
  const [leaders, setLeaders] = useState<string[]>([]);
  const [mode, setMode] = useState<Mode>('agregar');
  const [result, setResult] = useState<AsignacionMasivaResultado | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const preview = usePreviewMassAssignment();
  const commit = useCommitMassAssignment();

  const body: AsignacionMasivaBody = { grupoIds: [...selectedGroups], liderIds: leaders, modo: mode };
  const invalidate = () => setResult(null);

  const review = async () => {
    const local: Record<string, string> = {};
    if (selectedGroups.size === 0) local.grupoIds = 'Elige al menos un grupo.';
    if (leaders.length === 0 && mode !== 'reemplazar') local.liderIds = 'Elige al menos un líder.';
    setErrors(local);
    if (Object.keys(local).length) return;
    try {
      setResult(await preview.mutateAsync(body));
    } catch (error) {
      if (error instanceof ApiError && error.fields && Object.keys(error.fields).length) setErrors({ ...error.fields });
      else notify.error(errorMessage(error));
    }
  };

  const confirm = async () => {
    try {
      const done = await commit.mutateAsync(body);
      notify.success(
        `Asignación aplicada: ${plural(done.resumen.gruposConCambios, 'grupo cambió', 'grupos cambiaron')}.`,
      );
      setResult(null);
      setSelectedGroups(new Set());
      setLeaders([]);
    } catch (error) {
      notify.error(errorMessage(error));
    }
  };

  return (
    <>
      <PageHeader
        title="Asignación masiva de líderes"
        description="Asigna, reemplaza o quita líderes en muchos grupos a la vez. Antes de guardar verás qué cambia."
        breadcrumbs={[{ label: 'Inicio', to: '/dashboard' }, { label: 'Grupos', to: '/dashboard/group' }, { label: 'Asignación masiva' }]}
      />
      <div className={classes.stack}>
        <SectionCard title="1. Elige los grupos" description={selectedGroups.size ? `${plural(selectedGroups.size, 'grupo elegido', 'grupos elegidos')}.` : 'Marca los grupos en la tabla.'} flush>
          <div style={{ padding: '0 1.25rem' }}>
            <FilterBar search={{ label: 'Buscar grupo', placeholder: 'Nombre del grupo', value: table.search, onChange: table.setSearch }} />
          </div>
          <DataTable
            caption="Grupos para la asignación"
            columns={GROUP_COLUMNS}
            rows={groups.data?.items}
            rowKey={(g) => g.id}
            loading={groups.isPending}
            fetching={groups.isFetching && !groups.isPending}
            error={groups.error}
            onRetry={() => void groups.refetch()}
            page={table.page}
            pageSize={groups.data?.pageSize ?? table.pageSize}
            total={groups.data?.total}
            onPageChange={table.setPage}
            selection={{
              selected: selectedGroups,
              onChange: (next) => {
                setSelectedGroups(next);
                invalidate();
              },
              rowLabel: (id) => `Elegir ${groups.data?.items.find((g) => g.id === id)?.nombre ?? 'grupo'}`,
            }}
            empty={{ title: table.filtered ? 'Ningún grupo coincide' : 'Todavía no hay grupos' }}
          />
          {errors.grupoIds && (
            <Text c="red.8" size="sm" px="lg" py="xs" role="alert">
              {errors.grupoIds}
            </Text>
          )}
        </SectionCard>
        <SectionCard title="2. Elige los líderes y qué hacer">
          <MultiSelect
            label="Líderes"
            name="liderIds"
            description="Supervisores o administradores activos"
            data={options}
            value={leaders}
            onChange={(value) => {
              setLeaders(value);
              invalidate();
            }}
            searchable
            clearable
            hidePickedOptions
            placeholder={candidates.isPending ? 'Cargando personas…' : 'Buscar por nombre o RUT'}
            nothingFoundMessage="Nadie coincide"
            error={errors.liderIds}
            size="md"
            maw={640}
          />
          <Text size="sm" fw={500} mt="lg" mb={6} id="modo-label">
            Qué hacer
          </Text>
          <SegmentedControl
            aria-labelledby="modo-label"
            data={MODES.map(({ value, label }) => ({ value, label }))}
            value={mode}
            onChange={(value) => {
              setMode(value as Mode);
              invalidate();
            }}
          />
          <Text size="sm" c="dimmed" mt={6}>
            {MODES.find((m) => m.value === mode)!.help}
          </Text>
          <Button mt="lg" onClick={review} loading={preview.isPending} variant={result ? 'default' : 'filled'}>
            Revisar cambios
          </Button>
        </SectionCard>
        {result && (
          <SectionCard title="3. Revisa y confirma">
            <div className={classes.detailHead} role="status" aria-label="Resumen de la asignación">
              <Badge size="lg" variant="light" color="gray">
                {plural(result.resumen.grupos, 'grupo', 'grupos')}
              </Badge>
              <Badge size="lg" variant="light">
                {plural(result.resumen.gruposConCambios, 'grupo cambia', 'grupos cambian')}
              </Badge>
              <Badge size="lg" variant="light" color="jornada">
                +{result.resumen.lideresAgregados} {result.resumen.lideresAgregados === 1 ? 'líder' : 'líderes'}
              </Badge>
              <Badge size="lg" variant="light" color="red">
                −{result.resumen.lideresQuitados} {result.resumen.lideresQuitados === 1 ? 'líder' : 'líderes'}
              </Badge>
            </div>
            <div style={{ marginTop: '1rem' }}>
              <PreviewTable result={result} />
            </div>
            {result.resumen.gruposConCambios > 0 ? (
              <Button mt="lg" leftSection={<IconCheck size={18} />} onClick={confirm} loading={commit.isPending}>
                Confirmar asignación
              </Button>
            ) : (
              <Alert mt="lg" variant="light" color="gray">
                No hay nada que guardar.
              </Alert>
            )}
          </SectionCard>
        )}
      </div>
    </>
  );
}
