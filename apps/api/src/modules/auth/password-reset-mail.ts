import type { MailMessage } from '../../lib/mailer';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

export function passwordResetMail(input: { to: string; nombre: string; razonSocial: string; link: string }): MailMessage {
  const text = [
    `Hola, ${input.nombre}:`,
    '',
    `Recibimos una solicitud para restablecer la contraseña de tu cuenta de Jornada en ${input.razonSocial}.`,
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
    <p>Hola, ${escapeHtml(input.nombre)}:</p>
    <p>Recibimos una solicitud para restablecer la contraseña de tu cuenta de Jornada en ${escapeHtml(input.razonSocial)}.</p>
    <p><a href="${escapeHtml(input.link)}" style="display: inline-block; padding: 10px 16px; background: #0b7285; color: #ffffff; text-decoration: none; border-radius: 6px">Elegir una contraseña nueva</a></p>
    <p>El enlace vence en 30 minutos y sirve una sola vez. Si el botón no funciona, copia esta dirección en tu navegador:<br>${escapeHtml(input.link)}</p>
    <p>Si no pediste este cambio, ignora este correo: tu contraseña actual sigue funcionando.</p>
    <p>Jornada</p>
  </body>
</html>
`;
  return { to: input.to, subject: 'Restablece tu contraseña de Jornada', text, html };
}
