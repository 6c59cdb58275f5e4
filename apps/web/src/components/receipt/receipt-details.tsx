import { publicReceiptLines, receiptLines, type Comprobante, type ComprobantePublico } from '@jornada/contracts';
import classes from './receipt-details.module.css';

type Props = { label?: string } & ({ comprobante: Comprobante; publico?: never } | { publico: ComprobantePublico; comprobante?: never });

/**
 * The receipt's fields as a two-column table named by `label` (for screen readers and tests): the
 * whole receipt for its worker and employer, or the public verification's proof (`publico`).
 */
export function ReceiptDetails({ comprobante, publico, label = 'Datos del comprobante' }: Props) {
  const lines = comprobante ? receiptLines(comprobante) : publicReceiptLines(publico!);
  return (
    <table className={classes.table} aria-label={label}>
      <tbody>
        {lines.map(([term, value]) => (
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
