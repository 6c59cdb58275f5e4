import type { MailMessage } from '../../lib/mailer';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** DT Res. Ex. 38: the worker is told the date and time their PIN changed. */
export function pinChangedMail(input: { to: string; nombre: string; razonSocial: string; at: Date; first: boolean }): MailMessage {
  const fecha = new Intl.DateTimeFormat('es-CL', { timeZone: 'America/Santiago', day: '2-digit', month: '2-digit', year: 'numeric' }).format(input.at);
  const hora = new Intl.DateTimeFormat('es-CL', { timeZone: 'America/Santiago', hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false }).format(input.at);
  const what = input.first ? 'Definiste tu PIN de marcaje' : 'Tu PIN de marcaje cambió';
  const lines = [
    `Hola, ${input.nombre}:`,
    '',
    `${what} en Jornada (${input.razonSocial}) el ${fecha} a las ${hora} (hora de Chile continental).`,
    '',
    'Con tu RUT y este PIN puedes marcar tu asistencia en los quioscos de la empresa.',
    'Si no fuiste tú, avisa de inmediato a tu empleador y cambia tu contraseña y tu PIN.',
    '',
    'Jornada',
  ];
  const html = `<!doctype html>
<html lang="es-CL">
  <body style="font-family: Arial, sans-serif; color: #1f2937; line-height: 1.5">
    <p>Hola, ${escapeHtml(input.nombre)}:</p>
    <p>${what} en Jornada (${escapeHtml(input.razonSocial)}) el <strong>${fecha}</strong> a las <strong>${hora}</strong> (hora de Chile continental).</p>
    <p>Con tu RUT y este PIN puedes marcar tu asistencia en los quioscos de la empresa.</p>
    <p>Si no fuiste tú, avisa de inmediato a tu empleador y cambia tu contraseña y tu PIN.</p>
    <p>Jornada</p>
  </body>
</html>
`;
  return { to: input.to, subject: `${what}: ${fecha} ${hora}`, text: lines.join('\n'), html };
}
