import type { Comprobante } from '@jornada/contracts';
import classes from './receipt-details.module.css';

function isoToCl(date: string): string {
  const [y, m, d] = date.split('-');
  return y && m && d ? `${d}/${m}/${y}` : date;
}

/**
 * The receipt as label/value lines: every field DT Res. Ex. 38 lists, with the same labels as the
 * e-mail and the PDF the API sends.
 */
export function receiptLines(c: Comprobante): [string, string][] {
  const lines: [string, string][] = [
    ['Fecha', c.fecha],
    ['Hora', `${c.hora} (${c.zonaHoraria})`],
    ['Trabajador', c.trabajador.nombre],
    ['RUT del trabajador', c.trabajador.rut],
    ['Tipo de marca', c.tipoEtiqueta],
    ['Método', c.metodoEtiqueta],
    ['Empleador', c.empleador.razonSocial],
    ['RUT del empleador', c.empleador.rut],
    ['Lugar de trabajo', c.lugarTrabajo.nombre ? `${c.lugarTrabajo.nombre}, ${c.lugarTrabajo.direccion}` : c.lugarTrabajo.direccion],
  ];
  if (c.resolucionExcepcional) {
    const { numero, fecha } = c.resolucionExcepcional;
    lines.push(['Resolución de jornada excepcional', fecha ? `N° ${numero} del ${isoToCl(fecha)}` : `N° ${numero}`]);
  }
  lines.push([
    'Posición',
    c.posicion
      ? `${c.posicion.lat.toFixed(6)}, ${c.posicion.lng.toFixed(6)} (precisión ${Math.round(c.posicion.precisionM)} m)${c.fueraDeGeocerca ? ', fuera de la geocerca' : ''}`
      : 'Sin ubicación (no se tomó al marcar)',
  ]);
  if (c.offline && c.horaOriginal) lines.push(['Marca sin conexión', `hora del dispositivo ${c.horaOriginal}`]);
  lines.push(['Código de verificación (hash SHA-256)', c.hash]);
  return lines;
}

/** The receipt's fields as a two-column table named by `label` (for screen readers and tests). */
export function ReceiptDetails({ comprobante, label = 'Datos del comprobante' }: { comprobante: Comprobante; label?: string }) {
  return (
    <table className={classes.table} aria-label={label}>
      <tbody>
        {receiptLines(comprobante).map(([term, value]) => (
          <tr key={term} className={classes.row}>
            <th scope="row" className={classes.term}>
              {term}
            </th>
            <td className={term.startsWith('Código') ? `${classes.value} ${classes.hash}` : classes.value}>{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
