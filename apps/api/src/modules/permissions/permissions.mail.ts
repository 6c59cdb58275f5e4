import type { MailMessage } from '../../lib/mailer';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** `2026-09-14` as `14/09/2026`. */
export function chileanDate(date: string): string {
  const [y, m, d] = date.split('-');
  return `${d}/${m}/${y}`;
}

export interface PermissionSummary {
  tipo: string;
  codigo: string;
  desde: string;
  hasta: string;
  horaInicio: string | null;
  horaFin: string | null;
  cantidad: string;
}

/** «del 14/09/2026 al 18/09/2026 (5 días hábiles)», with the hours when it has them. */
function describePeriod(p: PermissionSummary): string {
  const days = p.desde === p.hasta ? `el ${chileanDate(p.desde)}` : `del ${chileanDate(p.desde)} al ${chileanDate(p.hasta)}`;
  const hours = p.horaInicio && p.horaFin ? `, de ${p.horaInicio} a ${p.horaFin}` : '';
  return `${days}${hours} (${p.cantidad})`;
}

function message(to: string, subject: string, lines: string[], link: string, button: string): MailMessage {
  const text = [...lines, '', `${button}: ${link}`, '', 'Jornada'].join('\n');
  const paragraphs = lines.filter((line) => line !== '').map((line) => `<p>${escapeHtml(line)}</p>`).join('\n    ');
  const html = `<!doctype html>
<html lang="es-CL">
  <body style="font-family: Arial, sans-serif; color: #1f2937; line-height: 1.5">
    ${paragraphs}
    <p><a href="${escapeHtml(link)}" style="display: inline-block; padding: 10px 16px; background: #0b7285; color: #ffffff; text-decoration: none; border-radius: 6px">${escapeHtml(button)}</a></p>
    <p>Jornada</p>
  </body>
</html>
`;
  return { to, subject, text, html };
}

/** To a leader: a worker of their group asks for a permission. */
export function requestedMail(input: { to: string; leader: string; worker: string; permission: PermissionSummary; comentario: string | null; link: string }): MailMessage {
  return message(
    input.to,
    // Fixed: the type's and the worker's names are the company's text (lib/mail-text.ts).
    'Solicitud de permiso por revisar',
    [
      `Hola, ${input.leader}:`,
      '',
      `${input.worker} solicitó «${input.permission.tipo}» (${input.permission.codigo}) ${describePeriod(input.permission)}.`,
      ...(input.comentario ? [`Comentario: ${input.comentario}`] : []),
      'La solicitud espera tu aprobación o rechazo.',
    ],
    input.link,
    'Revisar la solicitud',
  );
}

const OUTCOME: Record<'aprobado' | 'rechazado' | 'asignado' | 'anulado', { subject: string; verb: string }> = {
  aprobado: { subject: 'Tu permiso fue aprobado', verb: 'aprobó' },
  rechazado: { subject: 'Tu permiso fue rechazado', verb: 'rechazó' },
  asignado: { subject: 'Se te asignó un permiso', verb: 'registró' },
  anulado: { subject: 'Tu permiso fue anulado', verb: 'anuló' },
};

/** To the worker: their permission was approved, rejected, annulled, or assigned to them. */
export function outcomeMail(input: {
  to: string;
  worker: string;
  actor: string;
  outcome: keyof typeof OUTCOME;
  permission: PermissionSummary;
  comentario: string | null;
  link: string;
}): MailMessage {
  const { subject, verb } = OUTCOME[input.outcome];
  return message(
    input.to,
    // Fixed: the type's name is the company's text (lib/mail-text.ts).
    subject,
    [
      `Hola, ${input.worker}:`,
      '',
      `${input.actor} ${verb} tu permiso «${input.permission.tipo}» (${input.permission.codigo}) ${describePeriod(input.permission)}.`,
      ...(input.comentario ? [`Comentario: ${input.comentario}`] : []),
    ],
    input.link,
    'Ver mis permisos',
  );
}
