import { useMemo, useState } from 'react';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { Usuario, UsuariosPage } from '@jornada/contracts';
import { keepPreviousData, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { apiGet } from '../lib/api-client';
import type { Option } from '../lib/entity-options';
import { useToken } from '../lib/use-token';

export type { Option };

/** "Nombre Apellidos (RUT)", the label of a worker in every picker. */
export const workerOption = (u: Pick<Usuario, 'id' | 'nombre' | 'apellidos' | 'rut'>): Option => ({ value: u.id, label: `${u.nombre} ${u.apellidos} (${u.rut})` });

/** The company's people matching a search (name or RUT), 20 at a time (administrador, supervisor: the server scopes). */
export function useCompanyWorkerOptions(q: string, enabled = true): UseQueryResult<Option[]> {
  const token = useToken();
  return useQuery({
    queryKey: ['trabajadores-opciones', q],
    queryFn: async ({ signal }) =>
      (await apiGet<UsuariosPage>('/v1/usuarios', { token, signal, query: { q, pageSize: 20, sort: 'apellidos', order: 'asc' } })).items.map(workerOption),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    enabled,
  });
}

/** The label of the person already chosen (from the URL). */
export function useCompanyWorkerOption(id: string): UseQueryResult<Option | null> {
  const token = useToken();
  return useQuery({
    queryKey: ['trabajador-opcion', id],
    queryFn: async ({ signal }) => workerOption(await apiGet<Usuario>(`/v1/usuarios/${encodeURIComponent(id)}`, { token, signal })),
    enabled: Boolean(id),
    staleTime: 60_000,
  });
}

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
export function WorkerFilter({ value, onChange, useOptions = useCompanyWorkerOptions, useSelected = useCompanyWorkerOption, placeholder = 'Todos' }: WorkerFilterProps) {
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
