/** The readable copy of a client's data (GET /clients/:id/export?format=html): a plain page the owner can print or send. */
import type { clientExport } from '../../services/client-files/client-export';
import { escapeHtml } from '../../shared/html';
import { formatNaira } from '../../shared/money';
import { lagosDate } from '../../shared/time';

type ClientData = NonNullable<Awaited<ReturnType<typeof clientExport>>>;

/** The Lagos day of a stored instant (an ISO time in UTC): a payment at 23:30 UTC is the next day there. */
const dayOf = (instant: unknown) => lagosDate(new Date(String(instant)));

const cell = (value: unknown) => escapeHtml(value === null || value === undefined ? '-' : String(value));
const rows = (pairs: Array<[string, unknown]>) =>
  pairs.map(([label, value]) => `<tr><th>${escapeHtml(label)}</th><td>${cell(value)}</td></tr>`).join('');
const naira = (value: unknown) => formatNaira(Number(value));
/** One heading and table per item, or "None." */
const each = <T>(items: T[], item: (value: T) => string) =>
  items.length > 0 ? items.map(item).join('') : '<p>None.</p>';

function visitsAndOrders({ client }: ClientData) {
  const visits = each(
    client.bookings,
    (booking) => `<h3>${cell(booking.date)} ${cell(booking.time)}: ${cell(booking.subservices.join(', '))}</h3>
      <table>${rows([
        ['Status', booking.serviceStatus],
        ['Therapist', booking.therapist?.name],
        ['Amount', formatNaira(booking.amount)],
        ['Notes for the therapist', booking.notes],
        ['Heard of us through', booking.referralSource],
        ['Health conditions', booking.healthConditions?.join(', ') || 'None declared'],
        ['Medication', booking.onMedication ? booking.medicationDetails || 'Yes' : 'No'],
        [
          'Exercise',
          booking.exercising
            ? `${booking.exerciseFrequency ?? '-'} times, ${booking.exerciseHours ?? '-'} hours a week`
            : 'No',
        ],
      ])}</table>`,
  );
  const orders = each(
    client.orders,
    (order) =>
      `<h3>Order of ${cell(dayOf(order.createdAt))}</h3><table>${rows([
        ['Status', order.orderStatus],
        ['Amount', formatNaira(order.amount)],
        [
          'Items',
          order.items.map((item) => `${item.productName} (${item.productSize}) × ${item.productQuantity}`).join(', '),
        ],
        ['Delivery address', order.shippingAddress],
      ])}</table>`,
  );
  return { visits, orders };
}

function vouchersAndReviews(data: ClientData) {
  const vouchers = each(
    data.vouchers,
    (voucher) =>
      `<h3>Gift voucher ${cell(voucher.role)} ${cell(dayOf(voucher.createdAt))}</h3><table>${rows([
        ['Worth', voucher.treatment ?? naira(voucher.amount)],
        ['Left to spend', naira(voucher.balance)],
        ['From', voucher.buyerName],
        ['For', voucher.recipientName],
        ['Message', voucher.message],
        ['Code ends in', voucher.last4],
        ['Valid until', voucher.expiresOn],
        ['Status', voucher.status],
      ])}</table>`,
  );
  const reviews = each(
    data.reviews,
    (review) =>
      `<h3>Review of ${cell(review.about)}</h3><table>${rows([
        ['Stars', review.rating],
        ['Words', review.comment],
        ['Shown', review.status],
        ['The studio’s reply', review.reply],
        ['Written', review.writtenAt],
      ])}</table>`,
  );
  return { vouchers, reviews };
}

/** Packages, memberships with Paystack's events, the payments for them, and the client page's sign-ins. */
function salesAndSignIns(data: ClientData) {
  const packages = each(
    data.packages,
    (bought) =>
      `<h3>${cell(bought.name)}, bought ${cell(dayOf(bought.boughtAt))}</h3><table>${rows([
        ['Sessions', bought.sessions],
        ['Sessions left', bought.sessionsLeft],
        ['Price', naira(bought.price)],
        ['Valid until', bought.expiresOn],
        ['Status', bought.status],
        ['Code ends in', bought.last4],
      ])}</table>`,
  );
  const memberships = each(
    data.memberships,
    (member) =>
      `<h3>${cell(member.plan)}, joined ${cell(dayOf(member.joinedAt))}</h3><table>${rows([
        ['Status', member.status],
        ['Paid until', member.paidUntil],
        ['Months paid', member.months],
        ['Sessions left', member.sessionsLeft],
        ['Code ends in', member.last4],
      ])}</table>`,
  );
  const events =
    data.membershipEvents.length > 0
      ? `<table>${rows(data.membershipEvents.map((event) => [String(event.date), event.event]))}</table>`
      : '<p>None.</p>';
  const payments =
    data.payments.length > 0
      ? `<table>${rows(data.payments.map((payment) => [String(payment.reference), `${payment.kind}, ${naira(payment.amount)}, ${payment.status}, paid ${payment.paidAt ?? '-'}`]))}</table>`
      : '<p>None.</p>';
  const signIns =
    data.signIns.length > 0
      ? `<table>${rows(data.signIns.map((code) => [`Code by ${code.channel}, ${code.createdAt}`, code.usedAt ? `used ${code.usedAt}` : `not used (expires ${code.expiresAt})`]))}</table>`
      : '<p>None.</p>';
  const wrongCodes =
    data.wrongCodes.length > 0
      ? `<table>${rows(data.wrongCodes.map((tried) => ['Wrong code typed', String(tried.triedAt)]))}</table>`
      : '<p>None.</p>';
  const sessions =
    data.sessions.length > 0
      ? `<table>${rows(data.sessions.map((session) => [`Signed in ${session.createdAt}`, `until ${session.expiresAt}`]))}</table>`
      : '<p>None.</p>';
  return `<h2>Packages</h2>${packages}<h2>Memberships</h2>${memberships}
<h2>Membership payments Paystack reported</h2>${events}<h2>Package and membership payments</h2>${payments}
<h2>Sign-ins to their page</h2><h3>Codes asked for</h3>${signIns}<h3>Wrong codes typed</h3>${wrongCodes}<h3>Signed-in browsers</h3>${sessions}`;
}

export function exportPage(data: ClientData): string {
  const { client } = data;
  const { visits, orders } = visitsAndOrders(data);
  const { vouchers, reviews } = vouchersAndReviews(data);
  const messages = data.messages
    .map(
      (message) =>
        `<tr><td>${cell(message.createdAt)}</td><td>${cell(message.channel)}</td><td>${cell(message.subject)}</td></tr>`,
    )
    .join('');
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>${cell(client.name)}: data held</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem;color:#2b1d14}
th{text-align:left;padding:.25rem 1rem .25rem 0;vertical-align:top;color:#5c4a3d}td{padding:.25rem 0}table{border-collapse:collapse;margin-bottom:1rem}</style>
</head><body><h1>Everything we hold on ${cell(client.name)}</h1><p>Exported ${cell(data.exportedAt)}.</p>
<h2>Contact</h2><table>${rows([
    ['Name', client.name],
    ['Email', client.email],
    ['Phone', client.phone],
    ['Client since', dayOf(client.createdAt)],
    ['Marketing messages', client.marketingConsent ? 'Yes (academy list)' : 'No'],
    ['Staff notes', client.notes],
  ])}</table>
<h2>Visits</h2>${visits}
<h2>Visit notes</h2>${data.visitNotes.length > 0 ? `<table>${rows(data.visitNotes.map((note) => [`${note.date} (${note.writtenBy})`, note.text]))}</table>` : '<p>None.</p>'}<h2>Orders</h2>${orders}
<h2>Gift vouchers</h2>${vouchers}<h2>Reviews</h2>${reviews}
${salesAndSignIns(data)}
<h2>Messages sent</h2>${messages ? `<table>${messages}</table>` : '<p>None.</p>'}
<h2>Academy waitlist</h2>${data.waitlist.length > 0 ? `<table>${rows(data.waitlist.map((entry) => [entry.email, `joined ${entry.joinedAt}`]))}</table>` : '<p>Not on the list.</p>'}
</body></html>`;
}
