/**
 * Prices a booking from the treatments alone (pricing.ts re-exports it beside the order's price).
 * Its own module, so the booking page downloads the treatments and not the products.
 */
import { findTreatmentByName } from './treatments';

export type Priced<T> = ({ ok: true } & T) | { ok: false; message: string };

export interface BookingPrice {
  lines: Array<{ name: string; price: number }>;
  total: number;
}

/** Prices the chosen treatments, given by their catalogue names. */
export function priceBooking(subservices: readonly string[]): Priced<BookingPrice> {
  if (subservices.length === 0) {
    return { ok: false, message: 'Please select at least one service option.' };
  }
  if (new Set(subservices).size !== subservices.length) {
    return { ok: false, message: 'Each service option can be chosen only once.' };
  }
  const lines: BookingPrice['lines'] = [];
  for (const name of subservices) {
    const treatment = findTreatmentByName(name);
    if (!treatment) return { ok: false, message: `Unknown service option: ${name}` };
    lines.push({ name: treatment.name, price: treatment.price });
  }
  return { ok: true, lines, total: lines.reduce((total, line) => total + line.price, 0) };
}
