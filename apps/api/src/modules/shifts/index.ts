/**
 * Shift templates (turnos) and their versions. The planning and the uploads read the catalogue
 * through what this file exports (`readShiftCatalog`; the uploads write through `app.shiftCatalog`,
 * given at assembly); shifts never import the planning (it reaches it through the `ShiftsPorts` given
 * at assembly).
 */
export { shiftsModule } from './shifts.module';

export type { RetimedShift, ShiftsPorts, ShiftsService } from './shifts.service';
export { breakColumns, colacionOf, etiquetaOf, templateOf, timingDiffers, toTurnoPlanificado, type NewShift, type ShiftRow, type ShiftVersionRow } from './shifts.model';
export { readShiftCatalog, readShiftVersions, type ShiftCatalogPort, type ShiftChange } from './shifts.catalog';
export { lawJudgedChange, mayBreakTheLaw, shiftAdvertencias } from './shifts.law';
