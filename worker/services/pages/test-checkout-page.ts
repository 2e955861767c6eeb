/**
 * The built-in checkout page (no Paystack key): it says TEST MODE loudly, shows what is being
 * paid, and offers Pay and Cancel, each returning to the callback URL as Paystack's page does.
 * Plain HTML forms and a stylesheet of its own: the site's CSP allows no inline script or style.
 */

import { escapeHtml, privatePageStart } from '../../shared/html';
import { formatNaira } from '../../shared/money';
import { formatAppointment } from '../../shared/time';
import type { StoredBookingPayment, StoredOrderPayment } from '../checkout/fulfilment';
import type { Payment } from '../payments/payment-rows';
import type { StoredPackagePayment } from '../prepaid/package-sales';
import type { StoredVoucherPayment } from '../prepaid/vouchers';

/** One line saying what is being paid for (plainly "a booking" when the details are not there). */
function purchase(payment: Payment): string {
  if (payment.kind === 'package') {
    const { purchase: bought } = payment.details as Partial<StoredPackagePayment>;
    return bought ? `The ${bought.name} package (${bought.sessions} sessions)` : 'A package';
  }
  if (payment.kind === 'voucher') {
    const { voucher } = payment.details as Partial<StoredVoucherPayment>;
    return voucher ? `A gift voucher for ${voucher.recipientName}` : 'A gift voucher';
  }
  if (payment.kind === 'order') {
    const { lines } = payment.details as Partial<StoredOrderPayment>;
    return lines ? lines.map((line) => `${line.productName} ${line.size} × ${line.quantity}`).join(', ') : 'An order';
  }
  const { booking } = payment.details as Partial<StoredBookingPayment>;
  return booking
    ? `${booking.subservices.join(', ')} on ${formatAppointment(booking.appointmentDate, booking.appointmentTime)}`
    : 'A booking';
}

export function renderTestCheckout(payment: Payment): string {
  const action = `/api/payment/test-checkout/${encodeURIComponent(payment.reference)}`;
  const settled = payment.status === 'paid';
  return `${privatePageStart(`TEST MODE checkout · ${payment.reference}`, '/api/payment/test-checkout.css')}
<p class="banner" role="note"><strong>TEST MODE</strong> No real payment is taken. Set PAYSTACK_SECRET_KEY to use Paystack.</p>
<h1>Test checkout</h1>
<dl>
<dt>Amount</dt><dd class="amount">${formatNaira(payment.amount)}</dd>
<dt>For</dt><dd>${escapeHtml(purchase(payment))}</dd>
<dt>Email</dt><dd>${escapeHtml(payment.email)}</dd>
<dt>Reference</dt><dd>${escapeHtml(payment.reference)}</dd>
</dl>
${
  settled
    ? '<p>This payment is already complete.</p>'
    : `<form method="post" action="${action}"><input type="hidden" name="outcome" value="paid"><button class="pay" type="submit">Pay ${formatNaira(payment.amount)}</button></form>
<form method="post" action="${action}"><input type="hidden" name="outcome" value="cancelled"><button class="cancel" type="submit">Cancel payment</button></form>`
}
</main>
</body>
</html>`;
}

export const testCheckoutStyles = `
body { margin: 0; font-family: system-ui, sans-serif; background: #f4f1ec; color: #1f1a17; }
main { max-width: 28rem; margin: 2rem auto; padding: 1.5rem; background: #fff; border-radius: 1rem; }
.banner { margin: 0 0 1rem; padding: .75rem 1rem; border-radius: .5rem; background: #fff4ce; color: #5c4400; }
h1 { margin: 0 0 1rem; font-size: 1.5rem; }
dl { display: grid; grid-template-columns: auto 1fr; gap: .5rem 1rem; margin: 0 0 1.5rem; }
dt { color: #5a4a3f; }
dd { margin: 0; font-weight: 600; }
.amount { font-size: 1.25rem; }
form { margin: 0 0 .75rem; }
button { width: 100%; min-height: 3rem; border: 0; border-radius: 999px; font: inherit; font-weight: 700; cursor: pointer; }
.pay { background: #0d7a3e; color: #fff; }
.cancel { background: #ece6de; color: #1f1a17; }
`;
