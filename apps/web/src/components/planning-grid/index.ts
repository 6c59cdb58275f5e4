export { PlanningGrid, cellKey, type CellEditor } from './planning-grid';
export { PlanningLegend } from './planning-legend';
export * from './calendar';
export { readableTextColor } from './contrast';
export { plannedSecondsOn, type WeekSummary, type WeekFlag } from './week-summary';
export type { GridEntry, GridPermission, GridShift, GridWorker, WorkerPermissions, WorkerPlan, CellHighlight } from './types';
export { MonthNav } from './month-nav';
export { PersonalMonth } from './personal-month';
