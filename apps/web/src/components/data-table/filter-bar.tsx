import '@mantine/core/styles/Button.css';
import { Button, Collapse, TextInput, useMantineTheme } from '@mantine/core';
import { useDebouncedCallback, useMediaQuery } from '@mantine/hooks';
import { Children, useId, useRef, useState, type ReactNode } from 'react';
import { IconChevronDown, IconFilter, IconSearch, IconX } from '../icons';
import classes from './filter-bar.module.css';

interface FilterBarProps {
  /** The search box; its value is applied 300 ms after typing stops (or on Enter). Always visible. */
  search?: {
    label: string;
    placeholder?: string;
    value: string;
    onChange: (value: string) => void;
  };
  /**
   * What the page is about rather than a filter of it (the day of the day board, the month of the
   * payroll, the legal report chosen): first in the bar, and visible on a phone too.
   */
  pinned?: ReactNode;
  /** The filters (Selects...): inline on a wide screen, behind «Filtros» on a phone. */
  children?: ReactNode;
  /** How many of the filters are set (`countActiveFilters`), shown on the phone's button: «Filtros (2)». */
  activeCount?: number;
  /** Shows "Limpiar filtros" when something is set. */
  onClear?: () => void;
  canClear?: boolean;
  /** Trailing actions (export...). */
  actions?: ReactNode;
}

/**
 * The bar above a list: a search box, the filters and "Limpiar filtros". On a wide screen every filter
 * is visible (no hidden panel); below the `sm` breakpoint (where the tables become cards) the filters
 * fold behind a «Filtros (n)» disclosure button so the list starts on the first screen. The search and
 * the `pinned` controls stay out. The bar only lays the filters out: their state stays with the page.
 */
export function FilterBar({ search, pinned, children, activeCount = 0, onClear, canClear, actions }: FilterBarProps) {
  const theme = useMantineTheme();
  // Read on the first render (no server rendering here), so a phone never paints the unfolded bar first.
  const phone = useMediaQuery(`(max-width: ${theme.breakpoints.sm})`, undefined, { getInitialValueInEffect: false });
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const barRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const [text, setText] = useState(search?.value ?? '');
  const [applied, setApplied] = useState(search?.value ?? '');
  // A value set from outside (clearing the filters, back navigation) replaces what is typed.
  if (search && search.value !== applied) {
    setApplied(search.value);
    setText(search.value);
  }
  const debounced = useDebouncedCallback((value: string) => search?.onChange(value), 300);
  const folds = phone && Children.toArray(children).length > 0;

  const clear = () => {
    onClear?.();
    // "Limpiar filtros" goes away with what it cleared: the focus goes to what comes before it, not to
    // the page's start. Not to a filter: a searchable select opens its list when focused.
    if (folds) toggleRef.current?.focus();
    else (searchRef.current ?? barRef.current)?.focus();
  };

  const searchBox = search && (
    <TextInput
      ref={searchRef}
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
  );
  const clearButton = onClear && canClear && (
    <Button variant="subtle" size="sm" leftSection={<IconX size={16} />} onClick={clear}>
      Limpiar filtros
    </Button>
  );

  if (folds) {
    const label = activeCount > 0 ? `Filtros (${activeCount})` : 'Filtros';
    return (
      <div ref={barRef} tabIndex={-1} className={classes.bar} data-folded="" role="search" aria-label="Buscar y filtrar">
        <div className={classes.head}>
          {pinned}
          <div className={classes.searchRow}>
            {searchBox}
            <Button
              ref={toggleRef}
              variant={activeCount > 0 ? 'light' : 'default'}
              size="sm"
              leftSection={<IconFilter size={16} />}
              rightSection={<IconChevronDown size={16} className={classes.chevron} data-open={open || undefined} />}
              aria-expanded={open}
              aria-controls={panelId}
              onClick={() => setOpen((value) => !value)}
            >
              {label}
            </Button>
            {actions}
          </div>
        </div>
        <Collapse id={panelId} expanded={open} role="group" aria-label="Filtros">
          <div className={classes.panel}>
            {children}
            {clearButton && <div className={classes.panelActions}>{clearButton}</div>}
          </div>
        </Collapse>
      </div>
    );
  }

  return (
    <div ref={barRef} tabIndex={-1} className={classes.bar} role="search" aria-label="Buscar y filtrar">
      {pinned}
      {searchBox}
      {children}
      {(clearButton || actions) && (
        <div className={classes.actions}>
          {clearButton}
          {actions}
        </div>
      )}
    </div>
  );
}
