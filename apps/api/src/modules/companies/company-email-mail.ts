import type { MailMessage } from '../../lib/mailer';
import { escapeHtml, linkMailHtml, quoted, quotedHtml, QUOTED_COMPANY_MAX } from '../../lib/mail-text';

export const COMPANY_EMAIL_SUBJECT = 'Confirma el correo de tu empresa en Jornada';

/**
 * The link that confirms a company's e-mail address. Whoever registers a company writes this address
 * and the razón social, so the name appears only quoted (lib/mail-text.ts) and said to be theirs, and
 * the only link is the confirmation's.
 */
export function companyEmailMail(input: { to: string; razonSocial: string; rut: string; link: string }): MailMessage {
  const intro = (company: string) =>
    `Este correo se indicó como el de la empresa ${company} (RUT ${input.rut}) en Jornada, un sistema de control de asistencia. El nombre entre comillas lo escribió quien registró la empresa.`;
  const why = 'Mientras el correo no esté confirmado, Jornada no envía las invitaciones a las personas que la empresa registre como usuarios.';
  const ignore = 'Si no reconoces esta empresa, ignora este correo: sin tu confirmación, la empresa no puede enviar invitaciones desde Jornada.';
  const text = [
    'Hola:',
    '',
    intro(quoted(input.razonSocial, QUOTED_COMPANY_MAX)),
    '',
    'Para confirmar que este es el correo de la empresa, abre este enlace. Vence en 72 horas y sirve una sola vez:',
    input.link,
    '',
    why,
    ignore,
    '',
    'Jornada',
  ].join('\n');
  const html = linkMailHtml({
    lead: intro(quotedHtml(input.razonSocial, QUOTED_COMPANY_MAX)),
    button: 'Confirmar el correo',
    link: input.link,
    lasts: '72 horas',
    after: [escapeHtml(why), escapeHtml(ignore)],
  });
  return { to: input.to, subject: COMPANY_EMAIL_SUBJECT, text, html };
}
