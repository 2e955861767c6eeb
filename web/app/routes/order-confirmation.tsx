import { useSetAtom } from 'jotai';
import { formatNaira } from '../../../worker/shared/money';
import { Link } from '../../components/ui/link';
import { paths } from '../../config/paths';
import { PaidConfirmation, Unconfirmed } from '../../features/checkout-payment/confirmation-frames';
import { usePaymentVerification } from '../../features/checkout-payment/use-payment-verification';
import { clearCartAtom } from '../../features/shop/cart';
import { ShippingNote } from '../../features/shop/shipping-note';
import { usePageMeta } from '../../lib/page-meta';
import '../../styles/shop.css';
import { withShortReference } from '../../../worker/shared/short-reference';

type Order = {
  reference: string;
  name: string;
  shippingAddress: string;
  items: Array<{ productName: string; productSize: string; unitPrice: number; quantity: number }>;
  amount: number;
  /** Older answers have neither: paid in full. */
  amountPaid?: number;
  balanceDue?: number;
  subtotal: number;
  discount: number;
  couponCode: string | null;
};

export default function OrderConfirmationPage() {
  usePageMeta('orderConfirmation');
  // Only once the order is paid and recorded is the cart emptied.
  const clearCart = useSetAtom(clearCartAtom);
  const state = usePaymentVerification('order', clearCart);

  if (state.step !== 'success') return <Unconfirmed step={state.step} what="order" />;
  return <OrderConfirmed order={state.data} />;
}

function OrderConfirmed({ order }: { order: Order }) {
  return (
    <PaidConfirmation
      eyebrow="Order confirmed"
      name={order.name}
      lead="Your order is paid and we are preparing it. Look out for our WhatsApp message with your shipping quote."
      heading="Your order"
    >
      <ul className="order-lines">
        {order.items.map((item) => (
          <li key={`${item.productName}|${item.productSize}`}>
            <span>
              {item.productName} {item.productSize} × {item.quantity}
            </span>
            <span>{formatNaira(item.unitPrice * item.quantity)}</span>
          </li>
        ))}
      </ul>
      <dl className="order-totals">
        {order.discount > 0 ? (
          <>
            <div>
              <dt>Subtotal</dt>
              <dd>{formatNaira(order.subtotal)}</dd>
            </div>
            <div>
              <dt>Discount{order.couponCode ? ` (${order.couponCode})` : ''}</dt>
              <dd>−{formatNaira(order.discount)}</dd>
            </div>
          </>
        ) : null}
        <div className="order-totals__paid">
          <dt>Amount paid</dt>
          <dd>{formatNaira(order.amountPaid ?? order.amount)}</dd>
        </div>
        {order.balanceDue ? (
          <div>
            <dt>To pay on delivery</dt>
            <dd>{formatNaira(order.balanceDue)}</dd>
          </div>
        ) : null}
      </dl>
      <dl className="confirmation__details">
        <div>
          <dt>Delivering to</dt>
          <dd>{order.shippingAddress}</dd>
        </div>
        <div>
          <dt>Reference</dt>
          <dd>{withShortReference(order.reference)}</dd>
        </div>
      </dl>
      <ShippingNote />
      <Link to={paths.shop} className="button button--primary">
        Continue Shopping
      </Link>
    </PaidConfirmation>
  );
}
