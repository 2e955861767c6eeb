import * as z from 'zod/mini';
import { sameOriginJson } from '../middleware/admin-session';
import { afterResponse } from '../middleware/after-response';
import { recordHealthView, recordStaffRead, recordVisitNotesView } from '../middleware/audit-trail';
import { staffMember } from '../middleware/staff-access';
import { validate } from '../middleware/validate';
import { forViewer } from '../services/booking-visibility';
import { refreshCataloguePages } from '../services/catalogue-pages';
import { clientExport, clientRecord, eraseClient, saveClientNotes, searchClients } from '../services/clients';
import { liftNoShowRule } from '../services/no-show-rule';
import { clientVisitNotes } from '../services/visit-notes';
import { escapeHtml } from '../shared/html';
import { formatNaira } from '../shared/money';
import { TOTAL_COUNT_HEADER } from '../shared/pagination';
import { can } from '../shared/permissions';
import { multiLine } from '../shared/plain-text';
import { pageQuery } from './list-query';
import { routeGroup } from './route-group';

export const clientMessages = {
  notFound: 'That client is no longer on record.',
  notes: 'Please keep notes to at most 2,000 characters.',
} as const;

const searchQuery = () => z.extend(pageQuery(), { q: z._default(z.string().check(z.maxLength(100)), '') });

const notesBody = () =>
  z.object({
    notes: z
      .string({ error: clientMessages.notes })
      .check(multiLine(), z.trim(), z.maxLength(2000, clientMessages.notes)),
  });

const exportQuery = () => z.object({ format: z._default(z.enum(['json', 'html']), 'json') });

/** The readable copy of a client's data: a plain page the owner can print or send. */
function exportPage(data: NonNullable<Awaited<ReturnType<typeof clientExport>>>): string {
  const cell = (value: unknown) => escapeHtml(value === null || value === undefined ? '-' : String(value));
  const rows = (pairs: Array<[string, unknown]>) =>
    pairs.map(([label, value]) => `<tr><th>${escapeHtml(label)}</th><td>${cell(value)}</td></tr>`).join('');
  const { client } = data;
  const visits = client.bookings
    .map(
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
    )
    .join('');
  const bought = client.orders
    .map(
      (order) =>
        `<h3>Order of ${cell(order.createdAt.slice(0, 10))}</h3><table>${rows([
          ['Status', order.orderStatus],
          ['Amount', formatNaira(order.amount)],
          [
            'Items',
            order.items.map((item) => `${item.productName} (${item.productSize}) × ${item.productQuantity}`).join(', '),
          ],
          ['Delivery address', order.shippingAddress],
        ])}</table>`,
    )
    .join('');
  const vouchers = data.vouchers
    .map(
      (voucher) =>
        `<h3>Gift voucher ${cell(voucher.role)} ${cell(String(voucher.createdAt).slice(0, 10))}</h3><table>${rows([
          ['Worth', voucher.treatment ?? formatNaira(Number(voucher.amount))],
          ['Left to spend', formatNaira(Number(voucher.balance))],
          ['From', voucher.buyerName],
          ['For', voucher.recipientName],
          ['Message', voucher.message],
          ['Code ends in', voucher.last4],
          ['Valid until', voucher.expiresOn],
          ['Status', voucher.status],
        ])}</table>`,
    )
    .join('');
  const reviews = data.reviews
    .map(
      (review) =>
        `<h3>Review of ${cell(review.about)}</h3><table>${rows([
          ['Stars', review.rating],
          ['Words', review.comment],
          ['Shown', review.status],
          ['The studio’s reply', review.reply],
          ['Written', review.writtenAt],
        ])}</table>`,
    )
    .join('');
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
    ['Client since', client.createdAt.slice(0, 10)],
    ['Marketing messages', client.marketingConsent ? 'Yes (academy list)' : 'No'],
    ['Staff notes', client.notes],
  ])}</table>
<h2>Visits</h2>${visits || '<p>None.</p>'}
<h2>Visit notes</h2>${data.visitNotes.length > 0 ? `<table>${rows(data.visitNotes.map((note) => [`${note.date} (${note.writtenBy})`, note.text]))}</table>` : '<p>None.</p>'}<h2>Orders</h2>${bought || '<p>None.</p>'}
<h2>Gift vouchers</h2>${vouchers || '<p>None.</p>'}<h2>Reviews</h2>${reviews || '<p>None.</p>'}
<h2>Messages sent</h2>${messages ? `<table>${messages}</table>` : '<p>None.</p>'}
<h2>Academy waitlist</h2>${data.waitlist.length > 0 ? `<table>${rows(data.waitlist.map((entry) => [entry.email, `joined ${entry.joinedAt}`]))}</table>` : '<p>Not on the list.</p>'}
</body></html>`;
}

/** Staff: find a client as they type, read their record, write notes; owners: their data and erasure. */
export const clientRoutes = routeGroup()
  .get('/clients', validate('query', searchQuery), async (c) => {
    const { q, page, pageSize } = c.req.valid('query');
    const { clients, total } = await searchClients(c.var.db, q, { page, pageSize }, new Date());
    return c.json(clients, 200, { [TOTAL_COUNT_HEADER]: String(total) });
  })
  .get('/clients/:id', async (c) => {
    const record = await clientRecord(c.var.db, c.req.param('id'), new Date());
    if (!record) return c.json({ message: clientMessages.notFound }, 404);
    const member = staffMember(c);
    const bookings = record.bookings.map((booking) => forViewer(booking, member));
    // Visit notes are health data: only for those who may read health answers.
    const visitNotes = can(member.role, 'healthAnswers') ? await clientVisitNotes(c.var.db, record._id) : [];
    recordStaffRead(c, 'client-view', { target: record._id });
    recordHealthView(c, bookings);
    recordVisitNotesView(
      c,
      visitNotes.map((note) => note.bookingId),
    );
    return c.json({ ...record, bookings, visitNotes });
  })
  .put('/clients/:id', sameOriginJson, validate('json', notesBody), async (c) => {
    const id = c.req.param('id');
    if (!(await saveClientNotes(c.var.db, id, c.req.valid('json').notes))) {
      return c.json({ message: clientMessages.notFound }, 404);
    }
    return c.json({ success: true as const, notes: c.req.valid('json').notes || null });
  })
  .post('/clients/:id/no-show-rule/lift', sameOriginJson, async (c) => {
    if (!(await liftNoShowRule(c.var.db, c.req.param('id'), new Date()))) {
      return c.json({ message: clientMessages.notFound }, 404);
    }
    return c.json({ success: true as const, noShows: 0 });
  })
  .get('/clients/:id/export', validate('query', exportQuery), async (c) => {
    const id = c.req.param('id');
    const data = await clientExport(c.var.db, id, new Date());
    if (!data) return c.json({ message: clientMessages.notFound }, 404);
    const format = c.req.valid('query').format;
    recordStaffRead(c, 'client-export', { target: id, details: { format: format ?? 'json' } });
    const headers = { 'Cache-Control': 'no-store' };
    if (format === 'html') return c.html(exportPage(data), 200, headers);
    return c.json(data, 200, {
      ...headers,
      'Content-Disposition': `attachment; filename="client-${id}.json"`,
    });
  })
  .delete('/clients/:id', sameOriginJson, async (c) => {
    if (!(await eraseClient(c.var.db, c.req.param('id')))) return c.json({ message: clientMessages.notFound }, 404);
    // Their approved reviews leave the pages that showed them.
    afterResponse(c, refreshCataloguePages(c.env));
    return c.json({ success: true as const });
  });
