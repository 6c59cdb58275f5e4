import type { MailMessage } from '../../lib/mailer';
import { escapeHtml, quoted, quotedHtml, QUOTED_COMPANY_MAX } from '../../lib/mail-text';

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
  const html = `<!doctype html>
<html lang="es-CL">
  <body style="font-family: Arial, sans-serif; color: #1f2937; line-height: 1.5">
    <p>Hola:</p>
    <p>${intro(quotedHtml(input.razonSocial, QUOTED_COMPANY_MAX))}</p>
    <p><a href="${escapeHtml(input.link)}" style="display: inline-block; padding: 10px 16px; background: #0b7285; color: #ffffff; text-decoration: none; border-radius: 6px">Confirmar el correo</a></p>
    <p>El enlace vence en 72 horas y sirve una sola vez. Si el botón no funciona, copia esta dirección en tu navegador:<br>${escapeHtml(input.link)}</p>
    <p>${escapeHtml(why)}</p>
    <p>${escapeHtml(ignore)}</p>
    <p>Jornada</p>
  </body>
</html>
`;
  return { to: input.to, subject: COMPANY_EMAIL_SUBJECT, text, html };
}
