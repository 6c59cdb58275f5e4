import type { MailMessage } from '../../lib/mailer';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** The e-mail a newly registered user gets to choose their password (the link lasts 72 hours). */
export function invitationMail(input: { to: string; nombre: string; razonSocial: string; rut: string; link: string }): MailMessage {
  const text = [
    `Hola, ${input.nombre}:`,
    '',
    `${input.razonSocial} te registró en Jornada, su sistema de control de asistencia.`,
    `Tu usuario es tu RUT: ${input.rut}.`,
    '',
    'Para activar tu cuenta, elige tu contraseña en este enlace. Vence en 72 horas y sirve una sola vez:',
    input.link,
    '',
    'Si el enlace venció, pide uno nuevo con «¿Olvidaste tu contraseña?» en la página de inicio de sesión.',
    '',
    'Jornada',
  ].join('\n');
  const html = `<!doctype html>
<html lang="es-CL">
  <body style="font-family: Arial, sans-serif; color: #1f2937; line-height: 1.5">
    <p>Hola, ${escapeHtml(input.nombre)}:</p>
    <p>${escapeHtml(input.razonSocial)} te registró en Jornada, su sistema de control de asistencia. Tu usuario es tu RUT: <strong>${escapeHtml(input.rut)}</strong>.</p>
    <p><a href="${escapeHtml(input.link)}" style="display: inline-block; padding: 10px 16px; background: #0b7285; color: #ffffff; text-decoration: none; border-radius: 6px">Elegir mi contraseña</a></p>
    <p>El enlace vence en 72 horas y sirve una sola vez. Si el botón no funciona, copia esta dirección en tu navegador:<br>${escapeHtml(input.link)}</p>
    <p>Si el enlace venció, pide uno nuevo con «¿Olvidaste tu contraseña?» en la página de inicio de sesión.</p>
    <p>Jornada</p>
  </body>
</html>
`;
  return { to: input.to, subject: `Te damos la bienvenida a Jornada, ${input.nombre}`, text, html };
}
