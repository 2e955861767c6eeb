/** The studio's delivery terms, shown in the cart and at checkout. */
export function ShippingNote() {
  return (
    <p className="shipping-note">
      <strong>Delivery:</strong> we send your shipping quote on WhatsApp within 1–2 hours of payment. You pay for the
      products now and for shipping on delivery.
    </p>
  );
}
