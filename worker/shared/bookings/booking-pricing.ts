/**
 * Prices a booking from the treatments alone (pricing.ts re-exports it beside the order's price).
 * Its own module, so the booking page downloads the treatments and not the products.
 */
import { sameTreatment, treatmentKey } from '../catalogue/treatments';

/** A failure says why; 409 when the item exists but is no longer sold (hidden by staff). */
export type Priced<T> = ({ ok: true } & T) | { ok: false; message: string; status?: 409 };

/** What pricing needs of a treatment: the menu's (D1 on the server, the page's in the browser). */
export interface PricedTreatment {
  name: string;
  price: number;
  /** False when staff have hidden it: it can no longer be bought. */
  active?: boolean;
  /** Percent paid online when booked, the rest at the studio; 0 or absent: in full online. */
  depositPercent?: number;
}

export const noLongerOffered = (name: string) =>
  `${name} is no longer offered. Please choose from the menu as it is now.`;

export interface BookingPrice {
  lines: Array<{ name: string; price: number; depositPercent?: number }>;
  total: number;
}

/** Prices the chosen treatments, given by their names on `menu`. */
export function priceBooking(subservices: readonly string[], menu: readonly PricedTreatment[]): Priced<BookingPrice> {
  if (subservices.length === 0) {
    return { ok: false, message: 'Please select at least one service option.' };
  }
  if (new Set(subservices.map(treatmentKey)).size !== subservices.length) {
    return { ok: false, message: 'Each service option can be chosen only once.' };
  }
  const lines: BookingPrice['lines'] = [];
  for (const name of subservices) {
    const treatment = menu.find((candidate) => sameTreatment(candidate.name, name));
    if (!treatment) return { ok: false, message: `Unknown service option: ${name}` };
    if (treatment.active === false) return { ok: false, status: 409, message: noLongerOffered(treatment.name) };
    lines.push({
      name: treatment.name,
      price: treatment.price,
      ...(treatment.depositPercent ? { depositPercent: treatment.depositPercent } : {}),
    });
  }
  return { ok: true, lines, total: lines.reduce((total, line) => total + line.price, 0) };
}
