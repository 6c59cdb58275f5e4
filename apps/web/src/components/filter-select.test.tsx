import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { entityKeys, useGroupOptions, useScopedWorkerOption, useScopedWorkerOptions, useSiteOptions } from '../lib/entity-options';
import { createQueryClient } from '../lib/query-client';
import { queryRoots } from '../lib/query-keys';
import { makeGroup, SITE } from '../test/fixtures';
import { mockRoutes, page } from '../test/mock-api';
import { renderUi } from '../test/render-ui';
import { FilterSelect, SEARCHABLE_FROM } from './filter-select';

afterEach(() => vi.unstubAllGlobals());

function withQueries(client: QueryClient, ui: ReactNode) {
  return renderUi(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

const ACTIVE = makeGroup({ id: 'g1', nombre: 'Sala de ventas', totalMiembros: 8 });
const INACTIVE = makeGroup({ id: 'g2', nombre: 'Bodega', estado: 'inactivo', totalMiembros: 2 });

function GroupList({ name, soloActivos, label }: { name: string; soloActivos?: boolean; label?: 'nombre' | 'miembros' | 'estado' }) {
  const groups = useGroupOptions({ soloActivos, label });
  return <p data-testid={name}>{(groups.data ?? []).map((option) => option.label).join(' | ')}</p>;
}

describe('shared option hooks', () => {
  it('share one request per entity whatever the labels, and a mutation that invalidates the entity refreshes every user', async () => {
    const { calls } = mockRoutes({
      'GET /v1/grupos': () => ({ body: page([ACTIVE, INACTIVE], 2, 1, 100) }),
    });
    const client = createQueryClient();
    withQueries(
      client,
      <>
        <GroupList name="filtro" />
        <GroupList name="ficha" label="estado" />
        <GroupList name="planificacion" soloActivos label="miembros" />
      </>,
    );
    await waitFor(() => expect(screen.getByTestId('filtro')).toHaveTextContent('Sala de ventas | Bodega'));
    expect(screen.getByTestId('ficha')).toHaveTextContent('Sala de ventas | Bodega (inactivo)');
    expect(screen.getByTestId('planificacion')).toHaveTextContent(/^Sala de ventas \(8\)$/);
    expect(calls.filter((call) => call.path === '/v1/grupos')).toHaveLength(1);
    expect(calls[0]!.url.searchParams.get('pageSize')).toBe('100');
    expect(client.getQueryData(entityKeys.groupOptions)).toHaveLength(2);

    // What a group mutation does (groupKeys.all is queryRoots.groups).
    await client.invalidateQueries({ queryKey: queryRoots.groups });
    await waitFor(() => expect(calls.filter((call) => call.path === '/v1/grupos')).toHaveLength(2));
  });

  it('sites: one key, mapped to { value, label }', async () => {
    mockRoutes({ 'GET /v1/sedes': () => ({ body: page([SITE], 1, 1, 100) }) });
    const client = createQueryClient();
    function Sites() {
      const sites = useSiteOptions();
      return <p data-testid="sedes">{JSON.stringify(sites.data ?? null)}</p>;
    }
    withQueries(client, <Sites />);
    await waitFor(() => expect(screen.getByTestId('sedes')).toHaveTextContent(JSON.stringify([{ value: SITE.id, label: SITE.nombre }])));
    expect(client.getQueryCache().findAll({ queryKey: queryRoots.sites })).toHaveLength(1);
  });

  it('workers in scope: one key whichever page asks, the chosen one looked up by id', async () => {
    const ANA = { id: 'u1', nombre: 'Ana', apellidos: 'Pérez', rut: '12.345.678-5' };
    const { calls } = mockRoutes({ 'GET /v1/reportes/trabajadores': () => ({ body: { items: [ANA] } }) });
    const client = createQueryClient();
    function Workers({ name }: { name: string }) {
      const workers = useScopedWorkerOptions('ana');
      const chosen = useScopedWorkerOption(name === 'asistencia' ? 'u1' : '');
      return <p data-testid={name}>{[...(workers.data ?? []), chosen.data].map((option) => option?.label).join(' | ')}</p>;
    }
    withQueries(
      client,
      <>
        <Workers name="asistencia" />
        <Workers name="reporte" />
      </>,
    );
    await waitFor(() => expect(screen.getByTestId('asistencia')).toHaveTextContent('Ana Pérez (12.345.678-5) | Ana Pérez (12.345.678-5)'));
    expect(screen.getByTestId('reporte')).toHaveTextContent(/^Ana Pérez \(12\.345\.678-5\) \|$/);
    const searches = calls.filter((call) => call.path === '/v1/reportes/trabajadores');
    expect(searches.map((call) => call.url.search).sort()).toEqual(['?id=u1', '?q=ana']);
    expect(client.getQueryData(entityKeys.scopedWorkerOptions('ana'))).toHaveLength(1);
  });
});

describe('FilterSelect', () => {
  function Filter({ data, placeholder }: { data: { value: string; label: string }[]; placeholder?: string }) {
    const [value, setValue] = useState('');
    return (
      <>
        <FilterSelect label="Sede" data={data} value={value} onChange={(v) => setValue(v ?? '')} placeholder={placeholder} />
        <output>{value || 'sin filtro'}</output>
      </>
    );
  }

  it('shows «Todos» until an option is chosen, and clears back to it', async () => {
    renderUi(<Filter data={[{ value: 'activo', label: 'Activo' }, { value: 'inactivo', label: 'Inactivo' }]} />);
    const user = userEvent.setup();
    const box = screen.getByRole('combobox', { name: 'Sede' });
    expect(box).toHaveAttribute('placeholder', 'Todos');
    expect(box).toHaveAttribute('readonly');
    await user.click(box);
    await user.click(await screen.findByRole('option', { name: 'Inactivo', hidden: true }));
    expect(screen.getByRole('status')).toHaveTextContent('inactivo');
    expect(box).toHaveValue('Inactivo');
    await user.click(screen.getByRole('button', { hidden: true, name: '' }));
    expect(screen.getByRole('status')).toHaveTextContent('sin filtro');
  });

  it('can be searched when the list is long, and takes «Todas» for a feminine noun', async () => {
    const many = Array.from({ length: SEARCHABLE_FROM }, (_, i) => ({ value: `s${i}`, label: `Sede ${i + 1}` }));
    renderUi(<Filter data={many} placeholder="Todas" />);
    const user = userEvent.setup();
    const box = screen.getByRole('combobox', { name: 'Sede' });
    expect(box).toHaveAttribute('placeholder', 'Todas');
    expect(box).not.toHaveAttribute('readonly');
    await user.type(box, 'Sede 7');
    expect(await screen.findByRole('option', { name: 'Sede 7', hidden: true })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Sede 1', hidden: true })).not.toBeInTheDocument();
  });
});
