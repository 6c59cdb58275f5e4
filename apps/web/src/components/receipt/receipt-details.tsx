import { receiptLines, type Comprobante } from '@jornada/contracts';
import classes from './receipt-details.module.css';

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
