/**
 * e) Reporte diario: once a day per company, an e-mail to its administrators with the previous
 * day's marks (Chile's continental calendar). `scheduleDailyReports` runs in every API process at
 * start and every few minutes; the run's primary key (company, date) lets only one insert win, and
 * only the winner adds the job, so two processes never send it twice. The job queue runs each job once.
 */
import { addDays, formatRut } from '@jornada/domain';
import { REPORTE_DIARIO_TITULO, TIPO_MARCA_LABELS, type TipoMarca } from '@jornada/contracts';
import type { Db } from '../../db/client';
import { runAsSystem } from '../../db/tenant-context';
import { localDate } from '../../lib/clock';
import type { JobQueue } from '../../lib/jobs';
import type { MailMessage, Mailer } from '../../lib/mailer';
import type { LegalAttendance } from './legal-reports.attendance';
import { CHILE_ZONE, longDate } from './legal-reports.model';
import * as repo from './legal-reports.repository';

export const DAILY_REPORT_JOB = 'reporte-diario';
/** How often each process looks for a day to send (the e-mail leaves within this after midnight). */
export const DAILY_REPORT_EVERY_MS = 10 * 60_000;

/** Queues yesterday's e-mail (Chile) for every company that has not had it; returns how many were queued. */
export function scheduleDailyReports(db: Db, now: Date): Promise<number> {
  const fecha = addDays(localDate(now, CHILE_ZONE), -1);
  return runAsSystem(() => repo.queueDailyReports(db, DAILY_REPORT_JOB, fecha, now));
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

interface DailyMarkLine {
  nombre: string;
  rut: string;
  marcas: { hora: string; tipo: TipoMarca; cuenta: boolean }[];
}

function dailyReportMail(input: { to: string; razonSocial: string; rut: string; fecha: string; lines: DailyMarkLine[] }): MailMessage {
  const title = `${REPORTE_DIARIO_TITULO} del ${longDate(input.fecha)}`;
  const mark = (m: DailyMarkLine['marcas'][number]) => `${m.hora} ${TIPO_MARCA_LABELS[m.tipo]}${m.cuenta ? '' : ' (no cuenta)'}`;
  const intro = `Marcas del ${longDate(input.fecha)} de ${input.razonSocial} (RUT ${input.rut}), hora de cada lugar de trabajo.`;
  const none = 'No hubo marcas este día.';
  const text = [
    title,
    '',
    intro,
    '',
    ...(input.lines.length ? input.lines.map((l) => `${l.nombre} (RUT ${l.rut}): ${l.marcas.map(mark).join(', ')}`) : [none]),
    '',
    'Jornada',
  ].join('\n');
  const rows = input.lines
    .map((l) => `<tr><td style="padding:2px 6px">${escapeHtml(l.nombre)}</td><td style="padding:2px 6px">${escapeHtml(l.rut)}</td><td style="padding:2px 6px">${l.marcas.map((m) => escapeHtml(mark(m))).join('<br>')}</td></tr>`)
    .join('\n');
  const html = `<!doctype html>
<html lang="es-CL">
  <body style="font-family: Arial, sans-serif; font-size: 11px; color: #1f2937">
    <p><strong>${escapeHtml(title)}</strong></p>
    <p>${escapeHtml(intro)}</p>
    ${input.lines.length ? `<table style="border-collapse: collapse; font-size: 11px"><tr><th align="left">Trabajador</th><th align="left">RUT</th><th align="left">Marcas</th></tr>\n${rows}\n</table>` : `<p>${none}</p>`}
    <p>Jornada</p>
  </body>
</html>
`;
  // The company by its RUT: the razón social is the company's own text, kept out of subjects (lib/mail-text.ts).
  return { to: input.to, subject: `${title} · RUT ${input.rut}`, text, html };
}

export function registerLegalReportJobs(queue: JobQueue, deps: { db: Db; mailer: Mailer; attendance: LegalAttendance; clock: () => Date }): void {
  queue.handle(DAILY_REPORT_JOB, async (payload) => {
    const { companyId, fecha } = payload as { companyId: string; fecha: string };
    const { db } = deps;
    const [company, to] = await Promise.all([repo.company(db, companyId), repo.adminEmails(db, companyId)]);
    if (!company || to.length === 0) return;
    const { items: workers } = await deps.attendance.workers(companyId, { activeFrom: fecha, activeTo: fecha }, null);
    const days = await deps.attendance.days(companyId, workers.map((w) => w.id), fecha, fecha, deps.clock());
    const lines: DailyMarkLine[] = [];
    for (const w of workers) {
      const day = days.get(w.id)?.find((d) => d.fecha === fecha);
      if (!day || day.day.marcas.length === 0) continue;
      lines.push({
        nombre: `${w.apellidos}, ${w.nombre}`,
        rut: formatRut(w.rut) ?? w.rut,
        marcas: day.day.marcas.map((m) => ({ hora: m.hora, tipo: m.tipo, cuenta: m.estado === 'atribuida' })),
      });
    }
    await deps.mailer.send(dailyReportMail({ to: to.join(', '), razonSocial: company.razonSocial, rut: formatRut(company.rut) ?? company.rut, fecha, lines }));
    await repo.markDailySent(db, companyId, fecha, to, deps.clock());
  });
}
