import { shippingQuoteWhen } from '../../../worker/shared/catalogue/shipping-quote';

/** The studio's delivery terms, shown in the cart and at checkout: when the quote comes, as it will. */
export function ShippingNote() {
  const when = shippingQuoteWhen(new Date());
  return (
    <p className="shipping-note">
      <strong>Delivery:</strong> we send your shipping quote on WhatsApp{' '}
      {when === 'within 1–2 hours' ? 'within 1–2 hours of payment' : `${when} (the desk answers 9 AM to 5 PM)`}. You pay
      for the products now and for shipping on delivery.
    </p>
  );
}
