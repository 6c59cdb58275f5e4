/**
 * The legal reports' renderer, run in a render thread (lib/render): the report arrives as its heading
 * and its blocks in slices of JSON text (written on the main thread as they were read, a few at a time)
 * and leaves as the file's bytes.
 */
import type { BloqueReporteLegal, ReporteLegal } from '@jornada/contracts';
import { legalReportDocx, legalReportPdf, legalReportXlsx } from './legal-reports.export';

export type LegalReportFormat = 'xlsx' | 'pdf' | 'docx';

export interface LegalReportRenderInput {
  formato: LegalReportFormat;
  /** The report without its blocks. */
  head: Omit<ReporteLegal, 'bloques'>;
  /** The blocks, in order, as JSON arrays of a few blocks each. */
  bloques: string[];
}

export default function renderLegalReport({ formato, head, bloques }: LegalReportRenderInput): Promise<Buffer> {
  const report: ReporteLegal = { ...head, bloques: bloques.flatMap((slice) => JSON.parse(slice) as BloqueReporteLegal[]) };
  if (formato === 'xlsx') return legalReportXlsx(report);
  if (formato === 'pdf') return legalReportPdf(report);
  return legalReportDocx(report);
}
