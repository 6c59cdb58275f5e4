import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { renderUi } from '../../test/render-ui';
import { DataTable, type Column, type SortState } from './data-table';
import { FilterBar } from './filter-bar';

interface Row {
  id: string;
  nombre: string;
  cargo: string;
}

const COLUMNS: Column<Row>[] = [
  { key: 'nombre', header: 'Nombre', sortable: true, primary: true, cell: (row) => row.nombre },
  { key: 'cargo', header: 'Cargo', cell: (row) => row.cargo },
];
const rows = (from: number, count: number): Row[] =>
  Array.from({ length: count }, (_, i) => ({ id: String(from + i), nombre: `Persona ${from + i}`, cargo: 'Vendedor' }));

describe('DataTable', () => {
  it('shows a captioned table with headers, the range and a pager that asks for the next page', async () => {
    const onPageChange = vi.fn();
    renderUi(
      <DataTable caption="Usuarios" columns={COLUMNS} rows={rows(1, 25)} rowKey={(r) => r.id} total={60} page={1} pageSize={25} onPageChange={onPageChange} empty={{ title: 'Nada' }} />,
    );
    const table = screen.getByRole('table', { name: 'Usuarios' });
    expect(within(table).getByRole('columnheader', { name: /Nombre/ })).toHaveAttribute('aria-sort', 'none');
    expect(within(table).getAllByRole('row')).toHaveLength(26);
    expect(screen.getByText('1–25 de 60')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Página siguiente' }));
    expect(onPageChange).toHaveBeenCalledWith(2);
    expect(screen.getByRole('button', { name: 'Página 3' })).toBeInTheDocument();
  });

  it('sorts through the header button and reflects aria-sort', async () => {
    function Sortable() {
      const [sort, setSort] = useState<SortState | null>(null);
      return <DataTable caption="Usuarios" columns={COLUMNS} rows={rows(1, 3)} rowKey={(r) => r.id} sort={sort} onSortChange={setSort} empty={{ title: 'Nada' }} />;
    }
    renderUi(<Sortable />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Nombre' }));
    expect(screen.getByRole('columnheader', { name: /Nombre/ })).toHaveAttribute('aria-sort', 'ascending');
    await user.click(screen.getByRole('button', { name: 'Nombre' }));
    expect(screen.getByRole('columnheader', { name: /Nombre/ })).toHaveAttribute('aria-sort', 'descending');
  });

  it('shows a skeleton while loading, the empty state, and an error with a working retry', async () => {
    const { rerender } = renderUi(<DataTable caption="Usuarios" columns={COLUMNS} rows={undefined} rowKey={(r) => r.id} loading empty={{ title: 'Sin usuarios' }} />);
    expect(screen.getByRole('status', { name: 'Cargando usuarios' })).toBeInTheDocument();

    rerender(<DataTable caption="Usuarios" columns={COLUMNS} rows={[]} rowKey={(r) => r.id} empty={{ title: 'Sin usuarios', description: 'Registra al primero.' }} />);
    expect(screen.getByText('Sin usuarios')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();

    const retry = vi.fn();
    rerender(
      <DataTable
        caption="Usuarios"
        columns={COLUMNS}
        rows={undefined}
        rowKey={(r) => r.id}
        error={new ApiError(500, 'INTERNAL', 'El servidor tuvo un problema.')}
        onRetry={retry}
        empty={{ title: 'Sin usuarios' }}
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('El servidor tuvo un problema.');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(retry).toHaveBeenCalled();
  });

  it('selects rows one by one or the whole page', async () => {
    function Selectable() {
      const [selected, setSelected] = useState<Set<string>>(new Set());
      return (
        <>
          <DataTable
            caption="Personas"
            columns={COLUMNS}
            rows={rows(1, 3)}
            rowKey={(r) => r.id}
            empty={{ title: 'Nada' }}
            selection={{ selected, onChange: setSelected, rowLabel: (id) => `Seleccionar a Persona ${id}` }}
          />
          <output>{[...selected].join(',')}</output>
        </>
      );
    }
    renderUi(<Selectable />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: 'Seleccionar a Persona 2' }));
    expect(screen.getByRole('status')).toHaveTextContent('2');
    await user.click(screen.getByRole('checkbox', { name: 'Seleccionar todas las filas de esta página' }));
    expect(screen.getByRole('status')).toHaveTextContent('2,1,3');
  });
});

describe('FilterBar', () => {
  it('applies the search on Enter (and after typing stops) and clears the filters', async () => {
    const onSearch = vi.fn();
    const onClear = vi.fn();
    renderUi(
      <FilterBar search={{ label: 'Buscar', value: '', onChange: onSearch }} onClear={onClear} canClear>
        <label>
          Perfil
          <select name="perfil" />
        </label>
      </FilterBar>,
    );
    expect(screen.getByRole('search', { name: 'Buscar y filtrar' })).toBeInTheDocument();
    expect(screen.getByLabelText('Perfil')).toBeVisible();
    const user = userEvent.setup();
    await user.type(screen.getByRole('searchbox', { name: 'Buscar' }), 'Rojas{Enter}');
    expect(onSearch).toHaveBeenLastCalledWith('Rojas');
    await user.click(screen.getByRole('button', { name: 'Limpiar filtros' }));
    expect(onClear).toHaveBeenCalled();
  });
});
