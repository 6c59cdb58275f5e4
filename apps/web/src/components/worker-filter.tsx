import { useMemo, useState } from 'react';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { UseQueryResult } from '@tanstack/react-query';
import { useWorkerOption, useWorkerOptions, workerOption, type Option } from '../lib/entity-options';

export { workerOption };

interface WorkerFilterProps {
  value: string;
  onChange: (value: string | null) => void;
  /** Where the options come from (the company's people by default; a report passes its own scope). */
  useOptions?: (q: string) => UseQueryResult<Option[]>;
  useSelected?: (id: string) => UseQueryResult<Option | null>;
  /** Shown while nobody is chosen ("Todos" for a list filter). */
  placeholder?: string;
}

/**
 * The searchable "Trabajador" filter of the lists: searches as the user types (debounced), keeps the
 * chosen person visible even when the current search does not list them.
 */
export function WorkerFilter({ value, onChange, useOptions = useWorkerOptions, useSelected = useWorkerOption, placeholder = 'Todos' }: WorkerFilterProps) {
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
