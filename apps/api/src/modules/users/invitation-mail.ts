import type { MailMessage } from '../../lib/mailer';
import { escapeHtml, linkMailHtml, quoted, quotedHtml, QUOTED_COMPANY_MAX, QUOTED_NAME_MAX } from '../../lib/mail-text';

/** Every invitation has this subject: nothing the company wrote goes in it. */
const INVITATION_SUBJECT = 'Tu cuenta en Jornada';

/**
 * The e-mail a newly registered user gets to choose their password (the link lasts 72 hours). The
 * address and both names were written by the company that registered the person, so the names appear
 * only quoted (lib/mail-text.ts) and said to be the company's words; the only link is the invitation's.
 */
export function invitationMail(input: { to: string; nombre: string; razonSocial: string; rut: string; link: string }): MailMessage {
  const registered = (company: string, name: string) =>
    `La empresa ${company} te registró en Jornada, el sistema de control de asistencia que usa, con el nombre ${name}. Los textos entre comillas los escribió esa empresa.`;
  const ignore = 'Si no trabajas en esa empresa ni esperabas este correo, ignóralo: la cuenta no se activa mientras nadie elija su contraseña.';
  const text = [
    'Hola:',
    '',
    registered(quoted(input.razonSocial, QUOTED_COMPANY_MAX), quoted(input.nombre, QUOTED_NAME_MAX)),
    `Tu usuario es tu RUT: ${input.rut}.`,
    '',
    'Para activar tu cuenta, elige tu contraseña en este enlace. Vence en 72 horas y sirve una sola vez:',
    input.link,
    '',
    ignore,
    'Si el enlace venció, pide uno nuevo con «¿Olvidaste tu contraseña?» en la página de inicio de sesión.',
    '',
    'Jornada',
  ].join('\n');
  const html = linkMailHtml({
    lead: `${registered(quotedHtml(input.razonSocial, QUOTED_COMPANY_MAX), quotedHtml(input.nombre, QUOTED_NAME_MAX))} Tu usuario es tu RUT: <strong>${escapeHtml(input.rut)}</strong>.`,
    button: 'Elegir mi contraseña',
    link: input.link,
    lasts: '72 horas',
    after: [escapeHtml(ignore), 'Si el enlace venció, pide uno nuevo con «¿Olvidaste tu contraseña?» en la página de inicio de sesión.'],
  });
  return { to: input.to, subject: INVITATION_SUBJECT, text, html };
}
