export { DataTable, type Column, type DataTableProps, type RowSelection, type SortState, type SortDirection } from './data-table';
export { FilterBar, type FilterBarProps } from './filter-bar';
export { useTableParams, type TableParams, type TableParamsOptions } from './use-table-params';
