import { recordStaffRead } from '../../middleware/audit-trail';
import { validate } from '../../middleware/validate';
import { listAcademyWaitlist } from '../../services/academy/academy-waitlist';
import { type BookingView, listBookings } from '../../services/bookings/bookings';
import { type CsvColumns, csvOf, toCsv } from '../../services/csv';
import { listOrders, type OrderView } from '../../services/shop/orders';
import { orderStatuses, serviceStatuses } from '../../shared/statuses';
import { lagosDate } from '../../shared/time';
import { statusQuery } from '../list-query';
import { routeGroup } from '../route-group';

const csvHeaders = (name: string) => ({
  'Content-Type': 'text/csv; charset=utf-8',
  'Content-Disposition': `attachment; filename="${name}-${lagosDate(new Date())}.csv"`,
});

/** The booking spreadsheet's columns: each header beside its value. */
const bookingColumns: CsvColumns<BookingView> = [
  ['Name', (booking) => booking.name],
  ['Treatments', (booking) => booking.subservices.join('; ')],
  ['Date', (booking) => booking.date],
  ['Time', (booking) => booking.time],
  ['Ends', (booking) => booking.endTime],
  ['Minutes', (booking) => booking.durationMinutes],
  ['Therapist', (booking) => booking.therapist?.name ?? ''],
  ['Room', (booking) => booking.room?.name ?? ''],
  ['Status', (booking) => booking.serviceStatus],
  ['Email', (booking) => booking.email],
  ['Phone', (booking) => booking.phone],
  ['Payment', (booking) => booking.payment],
  ['Amount (NGN)', (booking) => booking.amount],
  ['Paid (NGN)', (booking) => booking.amountPaid],
  ['Balance due (NGN)', (booking) => booking.balanceDue],
  ['Coupon', (booking) => booking.couponCode],
  ['Payment reference', (booking) => booking.paymentReference],
  ['Previous massage therapy', (booking) => booking.previousMassageTherapy],
  ['Referral source', (booking) => booking.referralSource],
  ['Over capacity', (booking) => booking.needsAttention],
  ['Booked at (UTC)', (booking) => booking.createdAt],
];

/** The order spreadsheet's columns: each header beside its value. */
const orderColumns: CsvColumns<OrderView> = [
  ['Name', (order) => order.name],
  ['Ordered at (UTC)', (order) => order.createdAt],
  ['Status', (order) => order.orderStatus],
  ['Amount paid (NGN)', (order) => order.amount],
  [
    'Items',
    (order) =>
      order.items.map((item) => `${item.productName} (${item.productSize}) × ${item.productQuantity}`).join('; '),
  ],
  ['Email', (order) => order.email],
  ['Phone', (order) => order.phone],
  ['Shipping address', (order) => order.shippingAddress],
  ['Coupon', (order) => order.couponCode],
  ['Payment reference', (order) => order.paymentReference],
  [
    'Refund (NGN)',
    (order) =>
      order.refund ? `${order.refund.amount} (${order.refund.testMode ? 'test mode' : order.refund.status})` : '',
  ],
];

/**
 * Staff only: each admin list as a spreadsheet (the tab's status, or everything). The clients'
 * health answers and their notes for the therapist are never exported: they stay in D1 for the
 * visit's care (NDPA 2023).
 */
export const exportRoutes = routeGroup()
  .get(
    '/export/bookings.csv',
    validate('query', () => statusQuery(serviceStatuses)),
    async (c) => {
      const { status } = c.req.valid('query');
      const { bookings } = await listBookings(c.var.db, status);
      const csv = csvOf(bookingColumns, bookings);
      recordStaffRead(c, 'csv-export', {
        details: { list: 'bookings', status: status ?? 'all', rows: bookings.length },
      });
      return c.body(csv, 200, csvHeaders(status ? `bookings-${status}` : 'bookings'));
    },
  )
  .get(
    '/export/orders.csv',
    validate('query', () => statusQuery(orderStatuses)),
    async (c) => {
      const { status } = c.req.valid('query');
      const { orders } = await listOrders(c.var.db, status);
      const csv = csvOf(orderColumns, orders);
      recordStaffRead(c, 'csv-export', { details: { list: 'orders', status: status ?? 'all', rows: orders.length } });
      return c.body(csv, 200, csvHeaders(status ? `orders-${status}` : 'orders'));
    },
  )
  .get('/export/waitlist.csv', async (c) => {
    const { waitlist } = await listAcademyWaitlist(c.var.db);
    const csv = toCsv(
      ['First name', 'Email', 'WhatsApp', 'State', 'Joined at (UTC)'],
      waitlist.map((entry) => [entry.firstName, entry.email, entry.whatsapp, entry.state, entry.joinedAt]),
    );
    recordStaffRead(c, 'csv-export', { details: { list: 'waitlist', rows: waitlist.length } });
    return c.body(csv, 200, csvHeaders('waitlist'));
  });
