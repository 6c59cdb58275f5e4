export { countActiveFilters } from './active-filters';
export { DataTable, type Column } from './data-table';
export { FilterBar } from './filter-bar';
export { useTableParams } from './use-table-params';
