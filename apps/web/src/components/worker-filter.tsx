import { useMemo, useState } from 'react';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useScopedWorkerOption, useScopedWorkerOptions, useWorkerOption, useWorkerOptions } from '../lib/entity-options';

interface WorkerFilterProps {
  value: string;
  onChange: (value: string | null) => void;
  /**
   * The workers in the session's scope (`useScopedWorkerOptions`, the reports' lookup) instead of the
   * company's people (`useWorkerOptions`): for the pages whose perfiles may not list the people.
   */
  scoped?: boolean;
  /** Shown while nobody is chosen ("Todos" for a list filter). */
  placeholder?: string;
}

/**
 * The searchable "Trabajador" filter of the lists: searches as the user types (debounced), keeps the
 * chosen person visible even when the current search does not list them.
 */
export function WorkerFilter({ value, onChange, scoped = false, placeholder = 'Todos' }: WorkerFilterProps) {
  // Fixed for the life of the filter (a page passes a constant), so the hooks' order never changes.
  const useOptions = scoped ? useScopedWorkerOptions : useWorkerOptions;
  const useSelected = scoped ? useScopedWorkerOption : useWorkerOption;
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const options = useOptions(debounced);
  const selected = useSelected(value);
  const data = useMemo(() => {
    const list = options.data ?? [];
    const chosen = selected.data;
    return chosen && !list.some((o) => o.value === chosen.value) ? [chosen, ...list] : list;
  }, [options.data, selected.data]);
  return (
    <Select
      label="Trabajador"
      size="sm"
      data={data}
      value={value || null}
      onChange={onChange}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      placeholder={placeholder}
      clearable
      nothingFoundMessage={options.isFetching ? 'Buscando…' : 'Sin coincidencias'}
    />
  );
}
