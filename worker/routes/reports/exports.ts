import { recordStaffRead } from '../../middleware/audit-trail';
import { validate } from '../../middleware/validate';
import { listWaitlist } from '../../services/academy/academy-waitlist';
import { listBookings } from '../../services/bookings/bookings';
import { toCsv } from '../../services/csv';
import { listOrders } from '../../services/shop/orders';
import { orderStatuses, serviceStatuses } from '../../shared/statuses';
import { lagosDate } from '../../shared/time';
import { statusQuery } from '../list-query';
import { routeGroup } from '../route-group';

const csvHeaders = (name: string) => ({
  'Content-Type': 'text/csv; charset=utf-8',
  'Content-Disposition': `attachment; filename="${name}-${lagosDate(new Date())}.csv"`,
});

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
      const csv = toCsv(
        [
          'Name',
          'Treatments',
          'Date',
          'Time',
          'Ends',
          'Minutes',
          'Therapist',
          'Room',
          'Status',
          'Email',
          'Phone',
          'Payment',
          'Amount (NGN)',
          'Paid (NGN)',
          'Balance due (NGN)',
          'Coupon',
          'Payment reference',
          'Previous massage therapy',
          'Referral source',
          'Over capacity',
          'Booked at (UTC)',
        ],
        bookings.map((booking) => [
          booking.name,
          booking.subservices.join('; '),
          booking.date,
          booking.time,
          booking.endTime,
          booking.durationMinutes,
          booking.therapist?.name ?? '',
          booking.room?.name ?? '',
          booking.serviceStatus,
          booking.email,
          booking.phone,
          booking.payment,
          booking.amount,
          booking.amountPaid,
          booking.balanceDue,
          booking.couponCode,
          booking.paymentReference,
          booking.previousMassageTherapy,
          booking.referralSource,
          booking.needsAttention,
          booking.createdAt,
        ]),
      );
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
      const csv = toCsv(
        [
          'Name',
          'Ordered at (UTC)',
          'Status',
          'Amount paid (NGN)',
          'Items',
          'Email',
          'Phone',
          'Shipping address',
          'Coupon',
          'Payment reference',
          'Refund (NGN)',
        ],
        orders.map((order) => [
          order.name,
          order.createdAt,
          order.orderStatus,
          order.amount,
          order.items.map((item) => `${item.productName} (${item.productSize}) × ${item.productQuantity}`).join('; '),
          order.email,
          order.phone,
          order.shippingAddress,
          order.couponCode,
          order.paymentReference,
          order.refund ? `${order.refund.amount} (${order.refund.testMode ? 'test mode' : order.refund.status})` : '',
        ]),
      );
      recordStaffRead(c, 'csv-export', { details: { list: 'orders', status: status ?? 'all', rows: orders.length } });
      return c.body(csv, 200, csvHeaders(status ? `orders-${status}` : 'orders'));
    },
  )
  .get('/export/waitlist.csv', async (c) => {
    const { waitlist } = await listWaitlist(c.var.db);
    const csv = toCsv(
      ['First name', 'Email', 'WhatsApp', 'State', 'Joined at (UTC)'],
      waitlist.map((entry) => [entry.firstName, entry.email, entry.whatsapp, entry.state, entry.joinedAt]),
    );
    recordStaffRead(c, 'csv-export', { details: { list: 'waitlist', rows: waitlist.length } });
    return c.body(csv, 200, csvHeaders('waitlist'));
  });
