/** The automatic roster (planificación automática): a site's staffing demand, proposals from the solver, applying them. */
export { rosterModule } from './roster.module';
