import { useId, useState } from 'react';
import { formatNaira } from '../../../worker/shared/money';
import { phoneKeyOf } from '../../../worker/shared/phone-key';
import { studio } from '../../config/studio';

interface QuotedOrder {
  name: string;
  phone: string;
  paymentReference: string;
  shippingAddress: string;
}

/** The WhatsApp message that quotes an order's delivery, as the client reads it. */
export const shippingQuoteText = (order: QuotedOrder, naira: number) =>
  `Hello ${order.name}, thank you for your order ${order.paymentReference} from ${studio.name}. ` +
  `Delivery to ${order.shippingAddress} costs ${formatNaira(naira)}, paid on delivery. ` +
  'Reply here to confirm, or to ask for another time or address.';

/**
 * The shipping quote the studio promises on WhatsApp: the desk types the delivery's price and
 * opens a chat with the client holding the message, to check and send.
 */
export function ShippingQuote({ order }: { order: QuotedOrder }) {
  const id = useId();
  const [price, setPrice] = useState('');
  const naira = Number(price);
  const digits = phoneKeyOf(order.phone);
  if (digits.length < 7) return null;
  return (
    <div className="shipping-quote">
      <label className="field__label" htmlFor={id}>
        Shipping price (₦)
      </label>
      <div className="shipping-quote__row">
        <input
          id={id}
          className="field__control"
          type="number"
          inputMode="numeric"
          min={0}
          step={100}
          value={price}
          onChange={(event) => setPrice(event.target.value)}
        />
        {Number.isFinite(naira) && naira > 0 ? (
          <a
            className="button button--secondary"
            href={`https://wa.me/${digits}?text=${encodeURIComponent(shippingQuoteText(order, naira))}`}
            target="_blank"
            rel="noopener noreferrer"
          >
            Send shipping quote on WhatsApp
          </a>
        ) : (
          <p className="field__hint">Type the delivery’s price to send the quote.</p>
        )}
      </div>
    </div>
  );
}
