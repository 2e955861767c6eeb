/** Money helpers. Amounts are whole naira everywhere except at Paystack, which counts kobo. */

/**
 * 1000000 → "1,000,000", without Intl: an Intl.NumberFormat costs its locale data when first made,
 * about 10 ms on a slow phone (44 ms in Lighthouse's mobile run) in the middle of a page's
 * hydration, and every cold Worker start that formats an amount.
 */
export const groupDigits = (value: number) => String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** ₦100,000 (whole naira, rounded; "-₦5,000" below zero), as Intl's en-NG narrow symbol writes it. */
export function formatNaira(amount: number): string {
  const whole = Math.round(Math.abs(amount));
  return `${amount < 0 && whole !== 0 ? '-' : ''}₦${groupDigits(whole)}`;
}

export function nairaToKobo(amount: number): number {
  return Math.round(amount * 100);
}

export function koboToNaira(amount: number): number {
  return amount / 100;
}
