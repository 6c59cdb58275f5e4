import { TIPO_ALERTA_LABELS, type TipoAlerta } from '@jornada/contracts';
import { addDays, COMPENSATORY_REST_TERM_DAYS, formatRut, formatSignedHms, toLocalDateTime, uncompensatedRestText } from '@jornada/domain';
import type { MailMessage } from '../../lib/mailer';

/** `dd/mm/aa` of a local date `yyyy-mm-dd`. */
function shortDate(date: string): string {
  return `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(2, 4)}`;
}

/** `dd/mm/aa` and `hh:mm:ss` of an instant in a zone (the receipts' format). */
function localStamp(at: Date, zone: string): { fecha: string; hora: string } {
  const { date, seconds } = toLocalDateTime(zone, at.getTime());
  return { fecha: shortDate(date), hora: formatSignedHms(seconds).slice(1) };
}

/** What an alert e-mail shows, in the worker's site zone. */
interface AlertMailFacts {
  tipo: TipoAlerta;
  trabajador: { nombre: string; apellidos: string; rut: string };
  empresa: { razonSocial: string; rut: string };
  zone: string;
  /** Local date of the shift, the day or the week's Monday. */
  fecha: string;
  expectedAt: Date | null;
  workedSeconds: number | null;
  limitSeconds: number | null;
  detectedAt: Date;
  enlace: string;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

const MARK_NOUN: Partial<Record<TipoAlerta, string>> = {
  entrada: 'entrada',
  salida: 'salida',
  inicio_colacion: 'inicio de colación',
  fin_colacion: 'fin de colación',
};

const hms = (seconds: number) => formatSignedHms(seconds).slice(1);

/** Subject, paragraphs and the table of an alert. */
function content(f: AlertMailFacts): { subject: string; intro: string; lines: [string, string][]; advice: string } {
  const worker = `${f.trabajador.nombre} ${f.trabajador.apellidos}`;
  const people: [string, string][] = [
    ['Trabajador', worker],
    ['RUT', formatRut(f.trabajador.rut) ?? f.trabajador.rut],
    ['Empleador', `${f.empresa.razonSocial} (RUT ${formatRut(f.empresa.rut) ?? f.empresa.rut})`],
  ];
  const detected = localStamp(f.detectedAt, f.zone);
  const noun = MARK_NOUN[f.tipo];
  if (noun && f.expectedAt) {
    const expected = localStamp(f.expectedAt, f.zone);
    return {
      subject: `Alerta de asistencia: ${TIPO_ALERTA_LABELS[f.tipo].toLowerCase()} ${expected.fecha} ${expected.hora}`,
      intro: `No registramos la marca de ${noun} planificada para el ${expected.fecha} a las ${expected.hora}, y han pasado 30 minutos desde esa hora.`,
      lines: [
        ...people,
        ['Marca esperada', TIPO_ALERTA_LABELS[f.tipo].replace(/ no registrad[ao]$/, '')],
        ['Fecha', expected.fecha],
        ['Hora planificada', `${expected.hora} (${f.zone})`],
        ['Alerta emitida', `${detected.fecha} ${detected.hora}`],
      ],
      advice: 'Si ya marcaste o tienes un permiso para ese momento, no necesitas hacer nada. Si no pudiste marcar, pide a tu empleador que registre la marca como corrección.',
    };
  }
  if (f.tipo === 'descanso_compensatorio') {
    return {
      subject: `Alerta de asistencia: ${TIPO_ALERTA_LABELS[f.tipo].toLowerCase()} (${shortDate(f.fecha)})`,
      intro: uncompensatedRestText(worker, f.fecha),
      lines: [
        ...people,
        ['Domingo o festivo trabajado', shortDate(f.fecha)],
        ['Plazo para otorgarlo', `hasta el ${shortDate(addDays(f.fecha, COMPENSATORY_REST_TERM_DAYS))}`],
        ['Alerta emitida', `${detected.fecha} ${detected.hora}`],
      ],
      advice:
        'Quien está exceptuado del descanso dominical tiene derecho a un día de descanso por el domingo trabajado y a otro por cada festivo trabajado (art. 38 inc. 3 del Código del Trabajo). El empleador debe otorgarlo como permiso «Descanso compensatorio (art. 38)» de día completo.',
    };
  }
  const weekly = f.tipo === 'limite_semanal';
  const periodo = weekly ? `en la semana del ${shortDate(f.fecha)}` : `el ${shortDate(f.fecha)}`;
  return {
    subject: `Alerta de asistencia: ${TIPO_ALERTA_LABELS[f.tipo].toLowerCase()} (${weekly ? 'semana del ' : ''}${shortDate(f.fecha)})`,
    intro: `El tiempo trabajado ${periodo} superó el máximo legal de jornada ordinaria ${weekly ? 'semanal' : 'diaria'}.`,
    lines: [
      ...people,
      [weekly ? 'Semana del' : 'Fecha', shortDate(f.fecha)],
      ['Tiempo trabajado', hms(f.workedSeconds ?? 0)],
      ['Máximo legal', `${hms(f.limitSeconds ?? 0)}${weekly ? ' (Ley 21.561)' : ''}`],
      ['Alerta emitida', `${detected.fecha} ${detected.hora}`],
    ],
    advice: 'El tiempo sobre la jornada ordinaria solo puede ser hora extraordinaria pactada por escrito, de hasta 2 horas al día.',
  };
}

const FOOTER = 'Este correo fue enviado automáticamente por el sistema de asistencia Jornada (Res. Ex. N° 38 de 2024 de la Dirección del Trabajo); no lo respondas.';

/** The alert e-mail: to the worker, with copies to their leaders (and the administrators, when the company chose it). */
export function alertEmail(f: AlertMailFacts, to: string, cc: string[]): MailMessage {
  const { subject, intro, lines, advice } = content(f);
  const greeting = `Hola, ${f.trabajador.nombre}:`;
  const link = `Revisa tu asistencia en ${f.enlace}`;
  const text = [greeting, '', intro, '', ...lines.map(([label, value]) => `${label}: ${value}`), '', advice, '', link, '', FOOTER].join('\n');
  const rows = lines.map(([label, value]) => `<tr><th style="text-align:left;padding:2px 12px 2px 0">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`).join('');
  const html = [
    '<!doctype html><html lang="es"><body style="font-family:Arial,Helvetica,sans-serif;font-size:14px">',
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>${escapeHtml(intro)}</p>`,
    `<table>${rows}</table>`,
    `<p>${escapeHtml(advice)}</p>`,
    `<p>Revisa tu asistencia en <a href="${escapeHtml(f.enlace)}">${escapeHtml(f.enlace)}</a></p>`,
    `<p style="color:#555">${escapeHtml(FOOTER)}</p>`,
    '</body></html>',
  ].join('');
  return { to, ...(cc.length ? { cc } : {}), subject, text, html };
}
