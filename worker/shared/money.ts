/** Money helpers. Amounts are whole naira everywhere except at Paystack, which counts kobo. */

const nairaFormat = new Intl.NumberFormat('en-NG', {
  style: 'currency',
  currency: 'NGN',
  currencyDisplay: 'narrowSymbol',
  maximumFractionDigits: 0,
});

/** ₦100,000 */
export function formatNaira(amount: number): string {
  return nairaFormat.format(amount);
}

export function nairaToKobo(amount: number): number {
  return Math.round(amount * 100);
}

export function koboToNaira(amount: number): number {
  return amount / 100;
}
