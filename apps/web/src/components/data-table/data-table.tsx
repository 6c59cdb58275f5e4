import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Pagination.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Text.css';
import { Checkbox, Pagination, Table, Text, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { IconSort } from '../icons';
import { EmptyState, ErrorState, TableSkeleton, type EmptyStateProps } from '../states';
import { useScrollableRegion } from '../use-scrollable-region';
import classes from './data-table.module.css';

export type SortDirection = 'asc' | 'desc';
export interface SortState {
  by: string;
  dir: SortDirection;
}

export interface Column<T> {
  /** Unique; also the sort key sent to the server when `sortable`. */
  key: string;
  header: string;
  cell: (row: T) => ReactNode;
  sortable?: boolean;
  align?: 'left' | 'right' | 'center';
  /** The card title on phones (one column; the others show as label: value). */
  primary?: boolean;
  /** Hidden from the phone card (e.g. a column the title already shows). */
  hideOnMobile?: boolean;
  width?: number | string;
  /** Keep the cell on one line (short values: RUT, dates, states). */
  nowrap?: boolean;
}

interface RowSelection {
  selected: ReadonlySet<string>;
  onChange: (next: Set<string>) => void;
  /** Accessible name of a row's checkbox, e.g. "Seleccionar a Ana Pérez". */
  rowLabel: (id: string) => string;
}

interface DataTableProps<T> {
  /** The table's caption (its accessible name); visually hidden unless `showCaption`. */
  caption: string;
  showCaption?: boolean;
  columns: Column<T>[];
  rows: readonly T[] | undefined;
  rowKey: (row: T) => string;
  /** First load: skeleton rows instead of the table body. */
  loading?: boolean;
  /** A refetch with rows on screen (page change, new filter): the rows dim. */
  fetching?: boolean;
  error?: unknown;
  onRetry?: () => void;
  empty: EmptyStateProps;
  /** Server-side pagination (1-based page). Without `total` there is no pager. */
  page?: number;
  pageSize?: number;
  total?: number;
  onPageChange?: (page: number) => void;
  sort?: SortState | null;
  onSortChange?: (sort: SortState) => void;
  selection?: RowSelection;
  /** Extra cell at the end of each row (buttons); its header is "Acciones". */
  rowActions?: (row: T) => ReactNode;
}

function ariaSort(column: string, sort: SortState | null | undefined): 'ascending' | 'descending' | 'none' | undefined {
  if (!sort || sort.by !== column) return 'none';
  return sort.dir === 'asc' ? 'ascending' : 'descending';
}

/**
 * A server-driven table: the parent owns page, sort and filters (usually in the URL, see
 * `useTableParams`) and passes the current page of rows. Sortable headers are buttons with
 * `aria-sort`; on phones each row becomes a card (label: value).
 */
export function DataTable<T>({
  caption,
  showCaption = false,
  columns,
  rows,
  rowKey,
  loading,
  fetching,
  error,
  onRetry,
  empty,
  page = 1,
  pageSize = 25,
  total,
  onPageChange,
  sort,
  onSortChange,
  selection,
  rowActions,
}: DataTableProps<T>) {
  // Before any early return: hooks run in the same order on every render.
  const scrollRegion = useScrollableRegion(caption);
  const captionNode = showCaption ? (
    <caption className={classes.caption}>{caption}</caption>
  ) : (
    <VisuallyHidden component="caption">{caption}</VisuallyHidden>
  );

  if (error && !rows?.length) {
    return (
      <div className={classes.frame}>
        <ErrorState error={error} onRetry={onRetry} retrying={fetching} />
      </div>
    );
  }
  if (loading || rows === undefined) {
    return (
      <div className={classes.frame}>
        <TableSkeleton columns={Math.min(columns.length, 5)} label={`Cargando ${caption.toLocaleLowerCase('es-CL')}`} />
      </div>
    );
  }
  if (rows.length === 0) {
    return (
      <div className={classes.frame}>
        <EmptyState {...empty} />
      </div>
    );
  }

  const pages = total !== undefined ? Math.max(1, Math.ceil(total / pageSize)) : 1;
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(total ?? rows.length, first + rows.length - 1);
  const ids = rows.map(rowKey);
  const allSelected = selection ? ids.every((id) => selection.selected.has(id)) : false;
  const someSelected = selection ? ids.some((id) => selection.selected.has(id)) : false;

  const toggleAll = () => {
    if (!selection) return;
    const next = new Set(selection.selected);
    for (const id of ids) {
      if (allSelected) next.delete(id);
      else next.add(id);
    }
    selection.onChange(next);
  };
  const toggle = (id: string) => {
    if (!selection) return;
    const next = new Set(selection.selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    selection.onChange(next);
  };

  return (
    <div className={classes.frame}>
      <div className={classes.scrollFrame} data-more-left={scrollRegion.moreLeft || undefined} data-more-right={scrollRegion.moreRight || undefined}>
      <div {...scrollRegion.props} className={classes.scroll} data-fetching={fetching || undefined} aria-busy={fetching || undefined}>
        <Table className={classes.table} verticalSpacing="sm" horizontalSpacing="sm" highlightOnHover>
          {captionNode}
          <Table.Thead>
            <Table.Tr>
              {selection && (
                <Table.Th className={classes.checkCell}>
                  <Checkbox
                    aria-label="Seleccionar todas las filas de esta página"
                    checked={allSelected}
                    indeterminate={someSelected && !allSelected}
                    onChange={toggleAll}
                  />
                </Table.Th>
              )}
              {columns.map((column) => (
                <Table.Th
                  key={column.key}
                  scope="col"
                  aria-sort={column.sortable ? ariaSort(column.key, sort) : undefined}
                  style={{ textAlign: column.align, width: column.width }}
                >
                  {column.sortable && onSortChange ? (
                    <button
                      type="button"
                      className={classes.sortButton}
                      onClick={() =>
                        onSortChange({
                          by: column.key,
                          dir: sort?.by === column.key && sort.dir === 'asc' ? 'desc' : 'asc',
                        })
                      }
                    >
                      {column.header}
                      <IconSort size={14} sortState={sort?.by === column.key ? sort.dir : null} />
                    </button>
                  ) : (
                    column.header
                  )}
                </Table.Th>
              ))}
              {rowActions && (
                <Table.Th scope="col" style={{ textAlign: 'right' }}>
                  Acciones
                </Table.Th>
              )}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row, index) => {
              const id = ids[index]!;
              return (
                <Table.Tr key={id} className={classes.row} data-selected={selection?.selected.has(id) || undefined}>
                  {selection && (
                    <Table.Td className={classes.checkCell}>
                      <Checkbox aria-label={selection.rowLabel(id)} checked={selection.selected.has(id)} onChange={() => toggle(id)} />
                    </Table.Td>
                  )}
                  {columns.map((column) => (
                    <Table.Td
                      key={column.key}
                      data-label={column.header}
                      data-primary={column.primary || undefined}
                      data-hide-mobile={column.hideOnMobile || undefined}
                      style={{ textAlign: column.align, whiteSpace: column.nowrap ? 'nowrap' : undefined }}
                    >
                      {column.cell(row)}
                    </Table.Td>
                  ))}
                  {rowActions && (
                    <Table.Td className={classes.actionsCell} data-label="Acciones">
                      <div className={classes.actions}>{rowActions(row)}</div>
                    </Table.Td>
                  )}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </div>
      </div>
      {total !== undefined && (
        <div className={classes.footer}>
          <Text size="sm" c="dimmed" aria-live="polite">
            {total === 0 ? 'Sin resultados' : `${first.toLocaleString('es-CL')}–${last.toLocaleString('es-CL')} de ${total.toLocaleString('es-CL')}`}
          </Text>
          {pages > 1 && onPageChange && (
            <Pagination
              total={pages}
              value={page}
              onChange={onPageChange}
              size="sm"
              siblings={1}
              boundaries={1}
              aria-label="Paginación"
              getControlProps={(control) => {
                const labels = { first: 'Primera página', last: 'Última página', next: 'Página siguiente', previous: 'Página anterior' };
                return { 'aria-label': labels[control] };
              }}
              getItemProps={(item) => ({ 'aria-label': `Página ${item}`, 'aria-current': item === page ? 'page' : undefined })}
            />
          )}
        </div>
      )}
    </div>
  );
}
