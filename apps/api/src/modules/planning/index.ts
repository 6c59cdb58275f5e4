/**
 * Who works which shift on which day: the planning grid, patterns, day changes and their log (legal
 * report d). Other modules use only what this file exports.
 */
export { planningModule } from './planning.module';

export { isCommerce, type PlanningService } from './planning.service';
export { createPlanReader, type PlanReader, type WorkerPlan } from './planning.plan';

export { assignmentOf, decide, planRegime, REST, shiftStartProblem, withinContract, type Assignment, type DayWrite, type ShiftCatalog, type ShiftStartProblem } from './planning.model';
export type { Worker, WorkerScope } from './planning.types';
