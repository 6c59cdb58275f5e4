import type { MailMessage } from '../../lib/mailer';
import { escapeHtml, quoted, QUOTED_COMPANY_MAX } from '../../lib/mail-text';

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
  const html = `<!doctype html>
<html lang="es-CL">
  <body style="font-family: Arial, sans-serif; color: #1f2937; line-height: 1.5">
    <p>Hola:</p>
    <p>${escapeHtml(request)}</p>
    <p><a href="${escapeHtml(input.link)}" style="display: inline-block; padding: 10px 16px; background: #0b7285; color: #ffffff; text-decoration: none; border-radius: 6px">Elegir una contraseña nueva</a></p>
    <p>El enlace vence en 30 minutos y sirve una sola vez. Si el botón no funciona, copia esta dirección en tu navegador:<br>${escapeHtml(input.link)}</p>
    <p>Si no pediste este cambio, ignora este correo: tu contraseña actual sigue funcionando.</p>
    <p>Jornada</p>
  </body>
</html>
`;
  return { to: input.to, subject: 'Restablece tu contraseña de Jornada', text, html };
}
