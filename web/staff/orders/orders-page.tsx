import { formatNaira } from '../../../worker/shared/money';
import { DEFAULT_PAGE_SIZE } from '../../../worker/shared/pagination';
import { withShortReference } from '../../../worker/shared/short-reference';
import { formatShortDateTime } from '../../../worker/shared/time';
import { CancelWithRefund, refundWords } from '../bookings/cancel-with-refund';
import { adminPage, adminRequest, api } from '../frame/admin-api';
import { Detail, RefundBadge, StatusBadge } from '../kits/admin-ui';
import { ClientPhone } from '../kits/client-phone';
import { type AdminAction, ExpandableRow, TabbedList } from '../kits/tabbed-list';
import { ShippingQuote } from './shipping-quote';

const tabs = [
  { value: 'processing', label: 'Processing' },
  { value: 'shipped', label: 'Shipped' },
  { value: 'delivered', label: 'Delivered' },
  { value: 'cancelled', label: 'Cancelled' },
] as const;
type Tab = (typeof tabs)[number]['value'];

/** The one step forward from each status, and the button that takes it. */
const nextStep = {
  processing: { to: 'shipped', label: 'Ship' },
  shipped: { to: 'delivered', label: 'Deliver' },
} as const;

const loadOrders = (status: Tab | undefined, page: number, q: string) =>
  adminPage(
    api.orders.$get({
      query: {
        ...(status ? { status } : {}),
        ...(q ? { q } : {}),
        page: String(page),
        pageSize: String(DEFAULT_PAGE_SIZE),
      },
    }),
  );
type Order = Awaited<ReturnType<typeof loadOrders>>['rows'][number];

export const ORDERS_FETCH_ERROR = 'Error fetching orders';
export const ORDER_UPDATE_ERROR = 'Error updating order';

const moveTo = (order: Order, orderStatus: 'shipped' | 'delivered') =>
  adminRequest(api.orders[':id'].$put({ param: { id: order._id }, json: { orderStatus } }));

const cancel = (order: Order, refund: boolean) =>
  adminRequest(api.orders[':id'].$put({ param: { id: order._id }, json: { orderStatus: 'cancelled', refund } }));

/**
 * Orders: Processing, Shipped, Delivered, Cancelled. Ship and Deliver move an order one step
 * forward; an order not yet shipped can be cancelled, with or without a refund.
 */
export default function OrdersPage() {
  return (
    <TabbedList
      title="Orders"
      exportName="orders"
      tabs={tabs}
      load={loadOrders}
      search={{ label: 'Find an order', hint: 'A name, an email, a phone or a reference (the short code too)' }}
      errorMessage={ORDERS_FETCH_ERROR}
      emptyMessage={(tab) => `No ${tab} orders found`}
      renderRow={(order, act) => <OrderRow key={order._id} order={order} act={act} />}
    />
  );
}

function OrderRow({ order, act }: { order: Order; act: AdminAction }) {
  const step =
    order.orderStatus === 'processing' || order.orderStatus === 'shipped' ? nextStep[order.orderStatus] : undefined;
  const summary = (
    <>
      <h2 className="admin-row__name">{order.name}</h2>
      <p className="admin-row__when">{formatShortDateTime(order.createdAt)}</p>
      <p className="admin-row__amount">{formatNaira(order.amount)}</p>
      <div className="admin-row__badges">
        <StatusBadge status={order.orderStatus} />
        {order.refund ? <RefundBadge refund={order.refund} /> : null}
        {order.balanceDue > 0 ? (
          <StatusBadge status={`${formatNaira(order.balanceDue)} to collect`} tone="warning" />
        ) : null}
      </div>
    </>
  );
  const action = step
    ? {
        label: step.label,
        run: () => act(() => moveTo(order, step.to), `${order.name}’s order is marked ${step.to}.`, ORDER_UPDATE_ERROR),
      }
    : undefined;

  return (
    <ExpandableRow name={order.name} summary={summary} action={action}>
      <dl className="admin-details">
        <Detail label="Email">
          <a href={`mailto:${order.email}`}>{order.email}</a>
        </Detail>
        <Detail label="Phone">
          <ClientPhone phone={order.phone} name={order.name} />
        </Detail>
        <Detail label="Shipping address" wide>
          {order.shippingAddress}
        </Detail>
        <Detail label="Items" wide>
          <ul className="admin-details__items">
            {order.items.map((item) => (
              <li key={`${item.productName}-${item.productSize}`}>
                {item.productName} × {item.productQuantity}{' '}
                <span className="admin-details__muted">
                  ({item.productSize}, {formatNaira(item.unitPrice)} each)
                </span>
              </li>
            ))}
          </ul>
        </Detail>
        <Detail label="Coupon">{order.couponCode || '-'}</Detail>
        {order.paidByVoucher > 0 ? (
          <Detail label="Paid by gift voucher">{formatNaira(order.paidByVoucher)}</Detail>
        ) : null}
        {order.balanceDue > 0 ? (
          // Paid after its hold ended, when the coupon's last use or the voucher's balance had gone.
          <Detail label="To collect on delivery">{formatNaira(order.balanceDue)}</Detail>
        ) : null}
        <Detail label="Payment reference">
          {order.paymentReference ? withShortReference(order.paymentReference) : '-'}
        </Detail>
        {order.refund ? (
          <Detail label="Refund">
            {formatNaira(order.refund.amount)}:{' '}
            {order.refund.testMode ? 'processed (TEST MODE, no money moved)' : order.refund.status}
          </Detail>
        ) : null}
        <Detail label="History" wide>
          <ol className="admin-history">
            <li>Ordered and paid · {formatShortDateTime(order.createdAt)}</li>
            {order.history.map((event) => (
              <li key={`${event.orderStatus}-${event.at}`}>
                {orderStepLabels[event.orderStatus]}
                {event.refund ? ' with a refund' : ''} by {event.by ?? 'staff'} · {formatShortDateTime(event.at)}
              </li>
            ))}
          </ol>
        </Detail>
      </dl>
      {order.orderStatus === 'processing' ? <ShippingQuote order={order} /> : null}
      {order.orderStatus === 'processing' ? <CancelOrderForm order={order} act={act} /> : null}
    </ExpandableRow>
  );
}

const orderStepLabels: Record<Order['orderStatus'], string> = {
  processing: 'Back to processing',
  shipped: 'Marked shipped',
  delivered: 'Marked delivered',
  cancelled: 'Cancelled',
};

/** Cancel, after a second click that says what will happen; the units go back on the shelf. */
function CancelOrderForm({ order, act }: { order: Order; act: AdminAction }) {
  const amount = refundWords(order, 'customer');
  return (
    <CancelWithRefund
      thing="order"
      name={order.name}
      paid={order}
      payee="customer"
      question={(refund) =>
        `Cancel ${order.name}’s order${refund ? ` and refund ${amount}` : ' without a refund'}? The items go back into stock and the customer is told by email.`
      }
      onCancel={(refund) =>
        act(
          () => cancel(order, refund),
          `${order.name}’s order is cancelled${refund ? ` and ${amount} is being refunded` : ', with no refund'}.`,
          ORDER_UPDATE_ERROR,
        )
      }
    />
  );
}
