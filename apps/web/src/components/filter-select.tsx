import '@mantine/core/styles/Combobox.css';
import { Select, type SelectProps } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Option } from '../lib/entity-options';

/** From this many options on, a filter can be searched by typing. */
export const SEARCHABLE_FROM = 8;

interface FilterSelectProps extends Omit<SelectProps, 'data' | 'value' | 'onChange' | 'label'> {
  label: string;
  /** The options, or the query that loads them (its loading state shows while it is pending). */
  data: readonly (Option | string)[] | UseQueryResult<Option[]>;
  /** The filter's value in the URL; '' (or null) shows the placeholder. */
  value: string | null | undefined;
  onChange: (value: string | null) => void;
  /** Shown while nothing is chosen: "Todos" by default, "Todas" for a feminine noun (sede, alerta). */
  placeholder?: string;
}

const isQuery = (data: FilterSelectProps['data']): data is UseQueryResult<Option[]> => !Array.isArray(data);

/**
 * The select of a list page's filter bar: a small, clearable select whose empty value means "all"
 * («Todos»/«Todas»), searchable when the list is long (or when the caller asks), with the loading state
 * of the query that feeds it. Its label is its accessible name.
 */
export function FilterSelect({ label, data, value, onChange, placeholder = 'Todos', searchable, loading, ...rest }: FilterSelectProps) {
  const query = isQuery(data) ? data : null;
  const options: readonly (Option | string)[] = (query ? query.data : (data as readonly (Option | string)[])) ?? [];
  const pending = loading ?? (query ? query.isPending && query.fetchStatus !== 'idle' : false);
  const canSearch = searchable ?? options.length >= SEARCHABLE_FROM;
  return (
    <Select
      label={label}
      size="sm"
      data={options as (Option | string)[]}
      value={value || null}
      onChange={onChange}
      placeholder={placeholder}
      clearable
      searchable={canSearch}
      nothingFoundMessage={pending ? 'Cargando…' : canSearch ? 'Sin coincidencias' : undefined}
      loading={pending}
      {...rest}
    />
  );
}
