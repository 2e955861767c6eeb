/** Money helpers. Amounts are whole naira everywhere except at Paystack, which counts kobo. */

// Made on first use: an Intl formatter built at import would cost every cold Worker start its
// locale data, formatting or not.
let nairaFormat: Intl.NumberFormat | undefined;

/**
 * 1000000 → "1,000,000", without Intl: module-level messages use it, and an Intl formatter made
 * at import costs every cold start its locale data.
 */
export const groupDigits = (value: number) => String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** ₦100,000 */
export function formatNaira(amount: number): string {
  nairaFormat ??= new Intl.NumberFormat('en-NG', {
    style: 'currency',
    currency: 'NGN',
    currencyDisplay: 'narrowSymbol',
    maximumFractionDigits: 0,
  });
  return nairaFormat.format(amount);
}

export function nairaToKobo(amount: number): number {
  return Math.round(amount * 100);
}

export function koboToNaira(amount: number): number {
  return amount / 100;
}
