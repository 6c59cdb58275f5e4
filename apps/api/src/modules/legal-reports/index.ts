/**
 * The legal-reports module's door: the DT's legal reports a) to f) (routes, service), the
 * technical-incidents log with its outage detection, and the daily e-mail job (e).
 */
export { legalReportsModule } from './legal-reports.module';

export type { LegalReportsService } from './legal-reports.service';

