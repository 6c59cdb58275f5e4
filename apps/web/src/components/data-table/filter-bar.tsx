import '@mantine/core/styles/Button.css';
import { Button, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useState, type ReactNode } from 'react';
import { IconSearch, IconX } from '../icons';
import classes from './filter-bar.module.css';

interface FilterBarProps {
  /** The search box; its value is applied 300 ms after typing stops (or on Enter). */
  search?: {
    label: string;
    placeholder?: string;
    value: string;
    onChange: (value: string) => void;
  };
  /** The filters (Selects...), all visible at once. */
  children?: ReactNode;
  /** Shows "Limpiar filtros" when something is set. */
  onClear?: () => void;
  canClear?: boolean;
  /** Trailing actions (export...). */
  actions?: ReactNode;
}

/** The bar above a list: a search box, every filter visible (no hidden panel) and "Limpiar filtros". */
export function FilterBar({ search, children, onClear, canClear, actions }: FilterBarProps) {
  const [text, setText] = useState(search?.value ?? '');
  const [applied, setApplied] = useState(search?.value ?? '');
  // A value set from outside (clearing the filters, back navigation) replaces what is typed.
  if (search && search.value !== applied) {
    setApplied(search.value);
    setText(search.value);
  }
  const debounced = useDebouncedCallback((value: string) => search?.onChange(value), 300);

  return (
    <div className={classes.bar} role="search" aria-label="Buscar y filtrar">
      {search && (
        <TextInput
          className={classes.search}
          label={search.label}
          placeholder={search.placeholder}
          type="search"
          size="sm"
          leftSection={<IconSearch size={16} />}
          value={text}
          onChange={(event) => {
            setText(event.currentTarget.value);
            debounced(event.currentTarget.value);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              debounced.cancel?.();
              search.onChange(text);
            }
          }}
        />
      )}
      {children}
      {(onClear || actions) && (
        <div className={classes.actions}>
          {onClear && canClear && (
            <Button variant="subtle" size="sm" leftSection={<IconX size={16} />} onClick={onClear}>
              Limpiar filtros
            </Button>
          )}
          {actions}
        </div>
      )}
    </div>
  );
}
