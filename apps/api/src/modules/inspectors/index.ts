/** The labour inspector's (fiscalizador) access: keys, sessions, employer choice and the access log. */
export { inspectorsModule } from './inspectors.module';

export type { InspectorsService } from './inspectors.service';
