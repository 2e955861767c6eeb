/**
 * Prices bookings and orders from the catalogue alone. The worker calls these before it asks
 * Paystack for money; the web calls them to show the same running totals the server will charge.
 */
import { noLongerOffered, type Priced } from '../bookings/booking-pricing';
import { MAX_LINE_QUANTITY } from './line-limit';

export { type BookingPrice, type Priced, type PricedTreatment, priceBooking } from '../bookings/booking-pricing';

/** What pricing needs of a product: the shop's (D1 on the server, the page's in the browser). */
export interface PricedProduct {
  id: string;
  name: string;
  sizes: ReadonlyArray<{ size: string; price: number }>;
  /** False when staff have hidden it: it can no longer be bought. */
  active?: boolean;
}

export { MAX_LINE_QUANTITY };

export interface OrderLineRequest {
  productId: string;
  size: string;
  quantity: number;
}

export interface OrderPrice {
  lines: Array<{ productId: string; productName: string; size: string; unitPrice: number; quantity: number }>;
  total: number;
}

/** Prices a cart: every line must name a product and size of `shop`, 1 to 20 of each. */
export function priceOrder(items: readonly OrderLineRequest[], shop: readonly PricedProduct[]): Priced<OrderPrice> {
  if (items.length === 0) return { ok: false, message: 'Your cart is empty.' };
  const seen = new Set<string>();
  const lines: OrderPrice['lines'] = [];
  for (const item of items) {
    const product = shop.find((candidate) => candidate.id === item.productId);
    if (!product) return { ok: false, message: `Unknown product: ${item.productId}` };
    if (product.active === false) return { ok: false, status: 409, message: noLongerOffered(product.name) };
    const size = product.sizes.find((candidate) => candidate.size === item.size);
    if (!size) return { ok: false, message: `${product.name} does not come in ${item.size}.` };
    if (!Number.isInteger(item.quantity) || item.quantity < 1 || item.quantity > MAX_LINE_QUANTITY) {
      return { ok: false, message: `Quantity must be a whole number from 1 to ${MAX_LINE_QUANTITY}.` };
    }
    const key = `${product.id}|${size.size}`;
    if (seen.has(key)) return { ok: false, message: `${product.name} ${size.size} is listed twice.` };
    seen.add(key);
    lines.push({
      productId: product.id,
      productName: product.name,
      size: size.size,
      unitPrice: size.price,
      quantity: item.quantity,
    });
  }
  return { ok: true, lines, total: sum(lines.map((line) => line.unitPrice * line.quantity)) };
}

/** A percentage coupon: the discount is rounded to whole naira and never exceeds the amount. */
export function percentDiscount(amount: number, percent: number): number {
  if (!Number.isFinite(percent) || percent <= 0) return 0;
  return Math.min(amount, Math.round((amount * Math.min(percent, 100)) / 100));
}

/** A coupon's discount on `amount`: a percentage, or a fixed number of naira (never more than the amount). */
export function couponDiscount(amount: number, coupon: { type: 'percent' | 'fixed'; discount: number }): number {
  if (coupon.type === 'percent') return percentDiscount(amount, coupon.discount);
  return Number.isFinite(coupon.discount) && coupon.discount > 0 ? Math.min(amount, Math.round(coupon.discount)) : 0;
}

function sum(values: readonly number[]): number {
  return values.reduce((total, value) => total + value, 0);
}
