import type { MailMessage } from '../../lib/mailer';
import { escapeHtml, linkMailHtml, quoted, QUOTED_COMPANY_MAX } from '../../lib/mail-text';

/**
 * The reset link. Anyone may ask for it for any account, so the company's name (its own text) appears
 * only quoted (lib/mail-text.ts), and the person is not named.
 */
export function passwordResetMail(input: { to: string; razonSocial: string; link: string }): MailMessage {
  const request = `Recibimos una solicitud para restablecer la contraseña de tu cuenta de Jornada en la empresa ${quoted(input.razonSocial, QUOTED_COMPANY_MAX)}.`;
  const text = [
    'Hola:',
    '',
    request,
    '',
    'Para elegir una contraseña nueva, abre este enlace. Vence en 30 minutos y sirve una sola vez:',
    input.link,
    '',
    'Si no pediste este cambio, ignora este correo: tu contraseña actual sigue funcionando.',
    '',
    'Jornada',
  ].join('\n');
  const html = linkMailHtml({
    lead: escapeHtml(request),
    button: 'Elegir una contraseña nueva',
    link: input.link,
    lasts: '30 minutos',
    after: ['Si no pediste este cambio, ignora este correo: tu contraseña actual sigue funcionando.'],
  });
  return { to: input.to, subject: 'Restablece tu contraseña de Jornada', text, html };
}
