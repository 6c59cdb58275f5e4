export { PlanningGrid, cellKey, cellLabel, ROW_HEIGHT, type CellEditor, type PlanningGridProps } from './planning-grid';
export { PlanningLegend, type PlanningLegendProps } from './planning-legend';
export * from './calendar';
export { readableTextColor, contrastRatio } from './contrast';
export { summarizeWeek, plannedSecondsOn, type WeekSummary, type WeekFlag, type WeekFlagCode } from './week-summary';
export type { GridEntry, GridPermission, GridShift, GridWorker, WorkerPermissions, WorkerPlan, CellHighlight } from './types';
export { MonthNav, type MonthNavProps } from './month-nav';
export { PersonalMonth, type PersonalMonthProps } from './personal-month';
