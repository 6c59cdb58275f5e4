import PDFDocument from 'pdfkit';
import { METODO_MARCA_LABELS, receiptLines, TIPO_MARCA_LABELS, type Comprobante, type MetodoMarca, type TipoMarca } from '@jornada/contracts';
import { formatRut } from '@jornada/domain';
import { localDate } from '../../lib/clock';
import type { MailMessage } from '../../lib/mailer';
import { fullAddress } from '../sites/index';

/** What a receipt is made of: the stored mark and the people and places it names. */
export interface ReceiptSource {
  mark: {
    id: string;
    kind: TipoMarca;
    method: MetodoMarca;
    at: Date;
    originalAt: Date | null;
    offline: boolean;
    outsideGeofence: boolean;
    lat: number | null;
    lng: number | null;
    accuracyM: number | null;
    hash: string;
  };
  worker: { nombre: string; apellidos: string; rut: string };
  company: { razonSocial: string; rut: string; direccion: string | null; resolucion: boolean; resolucionNumero: string | null; resolucionFecha: string | null };
  site: { nombre: string; calle: string | null; numero: string | null; comuna: string | null; ciudad: string | null; region: string | null; timeZone: string } | null;
  /** The worker's exceptional schedule (DT resolution), whatever its validity. */
  schedule?: { numero: string; fecha: string | null; vigenteDesde: string | null; vigenteHasta: string | null } | null;
  publicUrl: string;
}

const DEFAULT_ZONE = 'America/Santiago';

/** One formatter per zone: building an Intl.DateTimeFormat costs far more than using it (every mark answers with a receipt). */
const formats = new Map<string, Intl.DateTimeFormat>();

function parts(at: Date, timeZone: string): Record<string, string> {
  const out: Record<string, string> = {};
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('es-CL', { timeZone, year: '2-digit', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
    formats.set(timeZone, format);
  }
  for (const part of format.formatToParts(at)) out[part.type] = part.value;
  return out;
}

/** `dd/mm/aa` and `hh:mm:ss` of an instant in a zone. */
export function receiptDateTime(at: Date, timeZone: string): { fecha: string; hora: string } {
  const p = parts(at, timeZone);
  return { fecha: `${p.day}/${p.month}/${p.year}`, hora: `${p.hour}:${p.minute}:${p.second}` };
}

/** The workplace's full address: street and number, comuna, city, region (the company's when the site has none). */
export function workplaceAddress(source: Pick<ReceiptSource, 'site' | 'company'>): string {
  const site = source.site;
  if (site) {
    const address = fullAddress(site);
    if (address) return address;
  }
  return source.company.direccion ?? 'Sin dirección registrada';
}

/**
 * The DT resolution authorising the exceptional schedule the mark is made under (art. 38 inc. final; its
 * number goes on the receipt): the worker's own, when in force on the mark's local date, else the one the
 * company declared for itself, else none.
 */
function receiptResolution(source: Pick<ReceiptSource, 'schedule' | 'company'>, localDate: string): { numero: string; fecha: string | null } | null {
  const s = source.schedule;
  if (s && (s.vigenteDesde === null || s.vigenteDesde <= localDate) && (s.vigenteHasta === null || localDate <= s.vigenteHasta)) return { numero: s.numero, fecha: s.fecha };
  const company = source.company;
  return company.resolucion && company.resolucionNumero ? { numero: company.resolucionNumero, fecha: company.resolucionFecha } : null;
}

function verificationUrl(publicUrl: string, hash: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/verificar/${hash}`;
}

export function buildComprobante(source: ReceiptSource): Comprobante {
  const { mark, worker, company, site } = source;
  const zone = site?.timeZone ?? DEFAULT_ZONE;
  // A correction's time is the corrected one; when it was recorded is said apart.
  const correction = mark.method === 'correccion' && mark.originalAt !== null;
  const { fecha, hora } = receiptDateTime(correction ? mark.originalAt! : mark.at, zone);
  const original = mark.originalAt && !correction ? receiptDateTime(mark.originalAt, zone) : null;
  const recorded = correction ? receiptDateTime(mark.at, zone) : null;
  return {
    marcaId: mark.id,
    fecha,
    hora,
    zonaHoraria: zone,
    trabajador: { nombre: `${worker.nombre} ${worker.apellidos}`, rut: formatRut(worker.rut) ?? worker.rut },
    tipo: mark.kind,
    tipoEtiqueta: TIPO_MARCA_LABELS[mark.kind],
    metodo: mark.method,
    metodoEtiqueta: METODO_MARCA_LABELS[mark.method],
    hash: mark.hash,
    empleador: { razonSocial: company.razonSocial, rut: formatRut(company.rut) ?? company.rut },
    lugarTrabajo: { nombre: site?.nombre ?? null, direccion: workplaceAddress(source) },
    resolucionExcepcional: receiptResolution(source, localDate(correction ? mark.originalAt! : mark.at, zone)),
    posicion: mark.lat !== null && mark.lng !== null ? { lat: mark.lat, lng: mark.lng, precisionM: mark.accuracyM ?? 0 } : null,
    offline: mark.offline,
    horaOriginal: original ? `${original.fecha} ${original.hora}` : null,
    correccionRegistrada: recorded ? `${recorded.fecha} ${recorded.hora}` : null,
    fueraDeGeocerca: mark.outsideGeofence,
    urlVerificacion: verificationUrl(source.publicUrl, mark.hash),
  };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

/** The receipt e-mail (Spanish, plain text and HTML). */
export function receiptEmail(c: Comprobante, to: string): MailMessage {
  const lines = receiptLines(c);
  const subject = `Comprobante de marca: ${c.tipoEtiqueta.toLowerCase()} ${c.fecha} ${c.hora}`;
  const text = [
    `Hola, ${c.trabajador.nombre}:`,
    '',
    'Registramos tu marca de asistencia. Este es tu comprobante (Res. Ex. N° 38 de 2024 de la Dirección del Trabajo):',
    '',
    ...lines.map(([label, value]) => `${label}: ${value}`),
    '',
    `Verifica este comprobante en ${c.urlVerificacion}`,
    '',
    'Este correo fue enviado automáticamente por el sistema de asistencia Jornada; no lo respondas.',
  ].join('\n');
  const rows = lines.map(([label, value]) => `<tr><th style="text-align:left;padding:2px 8px 2px 0">${escapeHtml(label)}</th><td style="font-family:monospace">${escapeHtml(value)}</td></tr>`).join('');
  const html = [
    '<!doctype html><html lang="es"><body style="font-family:Arial,Helvetica,sans-serif;font-size:14px">',
    `<p>Hola, ${escapeHtml(c.trabajador.nombre)}:</p>`,
    '<p>Registramos tu marca de asistencia. Este es tu comprobante (Res. Ex. N° 38 de 2024 de la Dirección del Trabajo):</p>',
    `<table>${rows}</table>`,
    `<p>Verifica este comprobante en <a href="${escapeHtml(c.urlVerificacion)}">${escapeHtml(c.urlVerificacion)}</a></p>`,
    '<p style="color:#555">Este correo fue enviado automáticamente por el sistema de asistencia Jornada; no lo respondas.</p>',
    '</body></html>',
  ].join('');
  return { to, subject, text, html };
}

/** The same receipt as a printable PDF (Helvetica, 8 pt). */
export function receiptPdf(c: Comprobante, options: { compress?: boolean } = {}): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'A5',
      margin: 36,
      compress: options.compress ?? true,
      info: { Title: `Comprobante de marca ${c.fecha} ${c.hora}`, Author: c.empleador.razonSocial, Subject: 'Comprobante de marca de asistencia' },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.font('Helvetica-Bold').fontSize(11).text('Comprobante de marca de asistencia');
    doc.font('Helvetica').fontSize(7).text('Res. Ex. N° 38 de 2024, Dirección del Trabajo').moveDown(0.8);
    for (const [label, value] of receiptLines(c)) {
      doc.font('Helvetica-Bold').fontSize(8).text(`${label}: `, { continued: true });
      doc.font('Helvetica').fontSize(8).text(value);
    }
    doc.moveDown(0.8).font('Helvetica').fontSize(8).text(`Verifica este comprobante en ${c.urlVerificacion}`);
    doc.end();
  });
}
