/** Corrections of marks under Res. Exenta 38: proposal, 48 hours to object, consolidation. */
export { correctionsModule } from './corrections.module';

export type { CorrectionsService } from './corrections.service';
