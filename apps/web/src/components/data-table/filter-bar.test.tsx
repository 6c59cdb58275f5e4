import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../test/render-ui';
import { countActiveFilters } from './active-filters';
import { FilterBar } from './filter-bar';

/** A window `width` px wide (16 px to the em), as far as `matchMedia`'s `max-width` queries go. */
function windowOf(width: number) {
  window.matchMedia = ((query: string) => {
    const limit = /max-width:\s*([\d.]+)(em|px)/.exec(query);
    const px = limit ? Number(limit[1]) * (limit[2] === 'em' ? 16 : 1) : Infinity;
    return {
      matches: width <= px,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    };
  }) as typeof window.matchMedia;
}

/** A page's filters kept in its own state, as the pages keep theirs in the URL. */
function Filters({ initial = { sede: 'Casa matriz', estado: 'Activos' } }: { initial?: Record<string, string> }) {
  const [values, setValues] = useState<Record<string, string>>(initial);
  const [search, setSearch] = useState('');
  const input = (name: string) => (
    <label>
      {name}
      <input name={name} value={values[name] ?? ''} onChange={(event) => setValues({ ...values, [name]: event.currentTarget.value })} />
    </label>
  );
  return (
    <FilterBar
      search={{ label: 'Buscar', value: search, onChange: setSearch }}
      pinned={<label>Mes<input name="mes" defaultValue="202505" /></label>}
      activeCount={countActiveFilters(values)}
      onClear={() => {
        setValues({});
        setSearch('');
      }}
      canClear={Boolean(search) || countActiveFilters(values) > 0}
    >
      {input('sede')}
      {input('estado')}
    </FilterBar>
  );
}

describe('countActiveFilters', () => {
  it('counts the filters set, a period once, only the keys asked for', () => {
    expect(countActiveFilters({ grupoId: 'g1', sedeId: '', perfil: 'trabajador' })).toBe(2);
    expect(countActiveFilters({ desde: '2025-05-01', hasta: '2025-05-31', usuarioId: 'u1' })).toBe(2);
    expect(countActiveFilters({ desde: '', hasta: '2025-05-31' })).toBe(1);
    expect(countActiveFilters({ fecha: '2025-05-02', estado: 'ausente' }, ['estado'])).toBe(1);
    expect(countActiveFilters({ grupoId: null, sedeId: undefined })).toBe(0);
  });
});

describe('FilterBar', () => {
  const realMatchMedia = window.matchMedia;
  beforeEach(() => windowOf(1366));
  afterEach(() => {
    window.matchMedia = realMatchMedia;
  });

  it('on a wide screen shows every filter inline, with no «Filtros» button', async () => {
    renderUi(<Filters />);
    expect(screen.getByRole('search', { name: 'Buscar y filtrar' })).toBeInTheDocument();
    expect(screen.getByLabelText('sede')).toBeVisible();
    expect(screen.getByLabelText('estado')).toBeVisible();
    expect(screen.getByLabelText('Mes')).toBeVisible();
    expect(screen.queryByRole('button', { name: /^Filtros/ })).not.toBeInTheDocument();
    // Clearing takes "Limpiar filtros" away: the focus goes to the search box, not to the page's start.
    await userEvent.setup().click(screen.getByRole('button', { name: 'Limpiar filtros' }));
    expect(screen.getByLabelText('sede')).toHaveValue('');
    expect(screen.queryByRole('button', { name: 'Limpiar filtros' })).not.toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Buscar' })).toHaveFocus();
  });

  it('below sm folds the filters behind «Filtros (n)», a disclosure that opens them in place, and «Limpiar filtros» clears them', async () => {
    windowOf(390);
    renderUi(<Filters />);
    const user = userEvent.setup();
    // The search and what the page is about stay; the filters fold, saying how many are set.
    expect(screen.getByRole('searchbox', { name: 'Buscar' })).toBeVisible();
    expect(screen.getByLabelText('Mes')).toBeVisible();
    expect(screen.getByLabelText('sede')).not.toBeVisible();
    expect(screen.getByLabelText('estado')).not.toBeVisible();
    expect(screen.queryByRole('button', { name: 'Limpiar filtros' })).not.toBeInTheDocument();
    const toggle = screen.getByRole('button', { name: 'Filtros (2)' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const panel = document.getElementById(toggle.getAttribute('aria-controls')!);
    expect(panel).toContainElement(screen.getByLabelText('sede'));

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveFocus();
    await waitFor(() => expect(screen.getByLabelText('sede')).toBeVisible());
    expect(screen.getByLabelText('estado')).toBeVisible();

    // The count follows the filters; clearing them gives the focus back to the button.
    await user.clear(screen.getByLabelText('estado'));
    expect(screen.getByRole('button', { name: 'Filtros (1)' })).toBe(toggle);
    await user.click(screen.getByRole('button', { name: 'Limpiar filtros' }));
    expect(screen.getByLabelText('sede')).toHaveValue('');
    expect(toggle).toHaveAccessibleName('Filtros');
    expect(toggle).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Limpiar filtros' })).not.toBeInTheDocument();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await waitFor(() => expect(screen.getByLabelText('sede')).not.toBeVisible());
  });

  it('below sm a bar with only a search box has nothing to fold', () => {
    windowOf(390);
    const onSearch = vi.fn();
    renderUi(<FilterBar search={{ label: 'Buscar sede', value: '', onChange: onSearch }} />);
    expect(screen.getByRole('searchbox', { name: 'Buscar sede' })).toBeVisible();
    expect(screen.queryByRole('button', { name: /^Filtros/ })).not.toBeInTheDocument();
  });
});
