import type { InferResponseType } from 'hono/client';
import { formatNaira } from '../../../worker/shared/money';
import { studioName } from '../../../worker/shared/site-paths';
import { formatDate, lagosDate } from '../../../worker/shared/time';
import { Link } from '../../components/ui/link';
import { paths } from '../../config/paths';
import type { api } from '../../lib/api-client';

export type Receipt = InferResponseType<(typeof api.account.receipts)[':reference']['$get'], 200>;

/** One payment's receipt, laid out to print (the page's own print styles hide the rest of the site). */
export function MyPageReceipt({ receipt }: { receipt: Receipt }) {
  const rows: Array<[string, number]> = [
    ...receipt.lines.map((line) => [line.label, line.amount] as [string, number]),
    ...(receipt.packageSessions
      ? ([
          [
            `Package (${receipt.packageSessions.sessions} ${receipt.packageSessions.sessions === 1 ? 'session' : 'sessions'})`,
            -receipt.packageSessions.value,
          ],
        ] as Array<[string, number]>)
      : []),
    ...(receipt.discount > 0 ? ([['Discount', -receipt.discount]] as Array<[string, number]>) : []),
    ...(receipt.voucher > 0 ? ([['Gift voucher', -receipt.voucher]] as Array<[string, number]>) : []),
    ...(receipt.dueAtStudio > 0 ? ([['To pay at the studio', -receipt.dueAtStudio]] as Array<[string, number]>) : []),
  ];
  return (
    <article className="receipt card" aria-labelledby="receipt-title">
      <header className="receipt__head">
        <p className="receipt__studio">{studioName}</p>
        <p className="account-muted">{receipt.studio.address}</p>
        <h2 id="receipt-title">Receipt</h2>
        <p>{`${receipt.reference} · ${formatDate(lagosDate(new Date(receipt.paidAt)))}`}</p>
      </header>
      <table className="receipt__lines">
        <caption className="visually-hidden">{receipt.description}</caption>
        <tbody>
          {rows.map(([label, amount]) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              <td>{amount < 0 ? `−${formatNaira(-amount)}` : formatNaira(amount)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Paid</th>
            <td>{formatNaira(receipt.paid)}</td>
          </tr>
          <tr>
            <th scope="row">Paid by</th>
            <td>{receipt.method}</td>
          </tr>
        </tfoot>
      </table>
      <div className="receipt__actions">
        <button type="button" className="button button--primary" onClick={() => window.print()}>
          Print receipt
        </button>
        <Link to={paths.account} className="button button--secondary">
          Back to my page
        </Link>
      </div>
    </article>
  );
}
