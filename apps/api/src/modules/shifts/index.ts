/**
 * Shift templates (turnos) and their versions. The planning and the uploads read the catalogue
 * through ports given at assembly (`app.shiftReads`, which this module provides to the planning, and
 * `app.shiftCatalog`, through which the uploads write); shifts never import the planning (it reaches it through the `ShiftsPorts` given
 * at assembly).
 */
export { shiftsModule } from './shifts.module';

export type { RetimedShift, ShiftsPorts, ShiftsService } from './shifts.service';
export { breakColumns, colacionOf, etiquetaOf, templateOf, timingDiffers, toTurnoPlanificado, type NewShift, type ShiftRow, type ShiftVersionRow } from './shifts.model';
export { createShiftReads, type ShiftCatalogPort, type ShiftChange, type ShiftReads } from './shifts.catalog';
export { lawJudgedChange, mayBreakTheLaw, shiftAdvertencias } from './shifts.law';
