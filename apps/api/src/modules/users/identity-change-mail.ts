import { formatRut } from '@jornada/domain';
import type { MailMessage } from '../../lib/mailer';
import { escapeHtml, quoted, QUOTED_COMPANY_MAX } from '../../lib/mail-text';

/** An e-mail or RUT that changed, told to the address the account had before. */
export interface IdentityNotice {
  to: string;
  email: { from: string; to: string } | null;
  rut: { from: string; to: string } | null;
}

/**
 * The notice to the old address: what changed, and what to do if the person did not ask for it. The
 * company's name is its own text: quoted (lib/mail-text.ts), and the person is not named.
 */
export function identityChangeMail(input: IdentityNotice & { razonSocial: string }): MailMessage {
  const changes = [
    ...(input.email ? [`El correo de tu cuenta pasó de ${input.email.from} a ${input.email.to}.`] : []),
    ...(input.rut ? [`El RUT con que inicias sesión pasó de ${formatRut(input.rut.from) ?? input.rut.from} a ${formatRut(input.rut.to) ?? input.rut.to}.`] : []),
  ];
  const subject = input.email ? 'Cambió el correo de tu cuenta de Jornada' : 'Cambió el RUT de tu cuenta de Jornada';
  const company = input.razonSocial ? `de la empresa ${quoted(input.razonSocial, QUOTED_COMPANY_MAX)}` : 'de tu empresa';
  const warning = `Si no lo pediste tú ni lo esperabas, avisa de inmediato al administrador ${company}: los enlaces para restablecer la contraseña ahora llegan al correo nuevo.`;
  const text = ['Hola:', '', ...changes, '', warning, '', 'Jornada'].join('\n');
  const html = `<!doctype html>
<html lang="es-CL">
  <body style="font-family: Arial, sans-serif; color: #1f2937; line-height: 1.5">
    <p>Hola:</p>
    ${changes.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n    ')}
    <p><strong>${escapeHtml(warning)}</strong></p>
    <p>Jornada</p>
  </body>
</html>`;
  return { to: input.to, subject, text, html };
}
