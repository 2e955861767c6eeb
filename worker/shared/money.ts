/** Money helpers. Amounts are whole naira everywhere except at Paystack, which counts kobo. */
import { once } from './once.ts';

const nairaFormat = once(
  () =>
    new Intl.NumberFormat('en-NG', {
      style: 'currency',
      currency: 'NGN',
      currencyDisplay: 'narrowSymbol',
      maximumFractionDigits: 0,
    }),
);

/**
 * 1000000 → "1,000,000", without Intl: module-level messages use it, and an Intl formatter made
 * at import costs every cold start its locale data.
 */
export const groupDigits = (value: number) => String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** ₦100,000 */
export function formatNaira(amount: number): string {
  return nairaFormat().format(amount);
}

export function nairaToKobo(amount: number): number {
  return Math.round(amount * 100);
}

export function koboToNaira(amount: number): number {
  return amount / 100;
}
