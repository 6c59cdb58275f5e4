import type { MailMessage } from '../../lib/mailer';

/** What the correction e-mails show, already formatted in the worker's zone. */
export interface CorrectionMailFacts {
  trabajador: string;
  empresa: string;
  /** "Sin marca" or the attempt it comes from. */
  original: string;
  /** "Salida el 02-06-2025 a las 18:00:00". */
  nuevo: string;
  tipo: string;
  fecha: string;
  motivo: string;
  solicitante: string;
  /** "04-06-2025 a las 09:00:00 (America/Santiago)". */
  plazo: string;
  enlace: string;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

const FOOTER = 'Este correo fue enviado automáticamente por el sistema de asistencia Jornada; no lo respondas.';

function compose(to: string, subject: string, greeting: string, intro: string[], lines: [string, string][], outro: string[], link: { text: string; url: string }): MailMessage {
  const text = [
    greeting,
    '',
    ...intro,
    '',
    ...lines.map(([label, value]) => `${label}: ${value}`),
    '',
    ...outro,
    '',
    `${link.text}: ${link.url}`,
    '',
    FOOTER,
  ].join('\n');
  const rows = lines
    .map(([label, value]) => `<tr><th style="text-align:left;vertical-align:top;padding:2px 12px 2px 0">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`)
    .join('');
  const html = [
    '<!doctype html><html lang="es"><body style="font-family:Arial,Helvetica,sans-serif;font-size:14px">',
    `<p>${escapeHtml(greeting)}</p>`,
    ...intro.map((p) => `<p>${escapeHtml(p)}</p>`),
    `<table>${rows}</table>`,
    ...outro.map((p) => `<p>${escapeHtml(p)}</p>`),
    `<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.text)}</a>: ${escapeHtml(link.url)}</p>`,
    `<p style="color:#555">${FOOTER}</p>`,
    '</body></html>',
  ].join('');
  return { to, subject, text, html };
}

function valueLines(f: CorrectionMailFacts): [string, string][] {
  return [
    ['Valor original', f.original],
    ['Valor nuevo', f.nuevo],
    ['Motivo', f.motivo],
    ['Solicitada por', `${f.solicitante} (${f.empresa})`],
    ['Plazo para objetar', `hasta el ${f.plazo}`],
  ];
}

/** To the worker: the proposal with original and new values, reason, who asked and the deadline (DT Res. Ex. 38). */
export function proposalEmail(f: CorrectionMailFacts, to: string): MailMessage {
  return compose(
    to,
    `Corrección de tu marca: ${f.tipo.toLowerCase()} del ${f.fecha}. Tienes 48 horas para objetarla`,
    `Hola, ${f.trabajador}:`,
    [`Tu empleador propuso corregir tu registro de asistencia (Res. Ex. N° 38 de 2024 de la Dirección del Trabajo).`],
    valueLines(f),
    [
      'Si no estás de acuerdo, objétala antes del plazo: se mantendrá el registro original. También puedes aceptarla para que la marca se registre de inmediato.',
      'Si no respondes, la corrección se consolidará al vencer el plazo.',
    ],
    { text: 'Revisa, objeta o acepta la corrección', url: f.enlace },
  );
}

/** To whoever proposed it: the worker objected, the original stands. */
export function objectionEmail(f: CorrectionMailFacts & { objecion: string }, to: string): MailMessage {
  return compose(
    to,
    // Without the worker's name: the company's text stays out of subjects (lib/mail-text.ts).
    `Corrección objetada: ${f.tipo.toLowerCase()} del ${f.fecha}`,
    `Hola, ${f.solicitante}:`,
    [`${f.trabajador} objetó la corrección que propusiste. Se mantiene el registro original y no se registró ninguna marca.`],
    [['Objeción', f.objecion], ...valueLines(f).slice(0, 3)],
    [],
    { text: 'Ver la corrección', url: f.enlace },
  );
}

/** To the worker (and to whoever proposed it when the system could not record it): nothing will be recorded. */
export function annulmentEmail(f: CorrectionMailFacts & { anulacion: string; saludo: string }, to: string): MailMessage {
  return compose(
    to,
    `Corrección anulada: ${f.tipo.toLowerCase()} del ${f.fecha}`,
    `Hola, ${f.saludo}:`,
    [`La corrección propuesta para ${f.trabajador} fue anulada: no se registrará ninguna marca y se mantiene el registro original.`],
    [['Motivo de la anulación', f.anulacion], ...valueLines(f).slice(0, 4)],
    [],
    { text: 'Ver la corrección', url: f.enlace },
  );
}
