/**
 * The inconsistencies module's one door: the routes of `/api/v1/inconsistencias` (the attendance
 * module's stored inconsistencies, read through its index) and the dismissal log this module owns.
 */
export { inconsistenciesModule } from './inconsistencies.module';

export type { InconsistenciesService } from './inconsistencies.service';
