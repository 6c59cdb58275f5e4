import { formatRut } from '@jornada/domain';
import type { MailMessage } from '../../lib/mailer';

export const CHILE_ZONE = 'America/Santiago';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

const parts = new Intl.DateTimeFormat('es-CL', {
  timeZone: CHILE_ZONE,
  weekday: 'long',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** `{ weekday, date: dd/mm/aaaa, time: hh:mm, seconds }` of an instant in Chile's continental time. */
function chileanClock(at: Date) {
  const p = Object.fromEntries(parts.formatToParts(at).map((part) => [part.type, part.value]));
  return { weekday: p.weekday!, date: `${p.day}/${p.month}/${p.year}`, time: `${p.hour}:${p.minute}`, seconds: p.second! };
}

/** "el sábado 07/06/2025 a las 23:59:59": the last second a key works, in words. */
export function keyDeadlineText(expiresAt: Date): string {
  const last = chileanClock(new Date(expiresAt.getTime() - 1000));
  return `el ${last.weekday} ${last.date} a las ${last.time}:${last.seconds}`;
}

function page(paragraphs: string[]): string {
  return `<!doctype html>
<html lang="es-CL">
  <body style="font-family: Arial, sans-serif; color: #1f2937; line-height: 1.5">
${paragraphs.map((p) => `    <p>${p}</p>`).join('\n')}
  </body>
</html>
`;
}

export function keyMail(input: { to: string; nombre: string; apellidos: string; rut: string; key: string; expiresAt: Date; link: string }): MailMessage {
  const deadline = keyDeadlineText(input.expiresAt);
  const who = `${input.nombre} ${input.apellidos}, RUT ${formatRut(input.rut) ?? input.rut}`;
  const text = [
    `Hola, ${input.nombre}:`,
    '',
    `Recibimos una solicitud de acceso de fiscalización a Jornada a nombre de ${who}.`,
    '',
    `Tu clave temporal es: ${input.key}`,
    '',
    `Vence ${deadline} (hora de Chile continental), al término del quinto día corrido desde hoy. Si pides otra clave, esta deja de servir.`,
    '',
    `Para ingresar, abre ${input.link}, escribe tu correo institucional y esta clave, y elige el empleador por su razón social o RUT. El empleador recibirá un aviso de tu acceso y cada consulta queda registrada.`,
    '',
    'Si no pediste esta clave, ignora este correo: nadie puede usarla sin acceso a tu casilla.',
    '',
    'Jornada',
  ].join('\n');
  const html = page([
    `Hola, ${escapeHtml(input.nombre)}:`,
    `Recibimos una solicitud de acceso de fiscalización a Jornada a nombre de ${escapeHtml(who)}.`,
    `Tu clave temporal es: <strong style="font-family: monospace; font-size: 18px; letter-spacing: 1px">${escapeHtml(input.key)}</strong>`,
    `Vence ${escapeHtml(deadline)} (hora de Chile continental), al término del quinto día corrido desde hoy. Si pides otra clave, esta deja de servir.`,
    `Para ingresar, abre <a href="${escapeHtml(input.link)}">${escapeHtml(input.link)}</a>, escribe tu correo institucional y esta clave, y elige el empleador por su razón social o RUT. El empleador recibirá un aviso de tu acceso y cada consulta queda registrada.`,
    'Si no pediste esta clave, ignora este correo: nadie puede usarla sin acceso a tu casilla.',
    'Jornada',
  ]);
  return { to: input.to, subject: 'Tu clave temporal de fiscalización en Jornada', text, html };
}

/** The sentence the employer receives when an inspector opens its records: who, with RUT and e-mail, which company, when. */
function accessNoticeSentence(input: { nombre: string; apellidos: string; rut: string; email: string; razonSocial: string; at: Date }): string {
  const when = chileanClock(input.at);
  return `El fiscalizador ${input.nombre} ${input.apellidos} (${formatRut(input.rut) ?? input.rut}, ${input.email}) accedió a los registros de ${input.razonSocial} el ${when.date} a las ${when.time}.`;
}

export function accessNoticeMail(input: {
  to: string;
  adminNombre: string;
  nombre: string;
  apellidos: string;
  rut: string;
  email: string;
  razonSocial: string;
  at: Date;
  link: string;
}): MailMessage {
  const sentence = accessNoticeSentence(input);
  const text = [
    `Hola, ${input.adminNombre}:`,
    '',
    sentence,
    '',
    'El acceso es de solo lectura y dura como máximo 2 horas por ingreso. Cada consulta queda registrada con su fecha, hora, correo, RUT y dirección IP; puedes revisarlas en Configuración, «Accesos de fiscalizadores»:',
    input.link,
    '',
    'Jornada',
  ].join('\n');
  const html = page([
    `Hola, ${escapeHtml(input.adminNombre)}:`,
    escapeHtml(sentence),
    `El acceso es de solo lectura y dura como máximo 2 horas por ingreso. Cada consulta queda registrada con su fecha, hora, correo, RUT y dirección IP; puedes revisarlas en Configuración, <a href="${escapeHtml(input.link)}">Accesos de fiscalizadores</a>.`,
    'Jornada',
  ]);
  // Fixed: the razón social is the company's own text, kept out of subjects (lib/mail-text.ts).
  return { to: input.to, subject: 'Un fiscalizador accedió a los registros de tu empresa', text, html };
}
