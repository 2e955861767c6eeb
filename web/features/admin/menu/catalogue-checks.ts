/**
 * The Menu and Shop forms check their fields before saving, as the coupon form does, with the
 * words the API uses for the same rules (worker/routes/catalogue.ts): a message shown here is the
 * one the server would give. The API checks everything again and its answer is shown as it comes.
 */

export const MAX_PRICE = 10_000_000;
export const MAX_DURATION_MINUTES = 960;
export const MAX_BUFFER_MINUTES = 120;

export const catalogueCheckMessages = {
  name: 'Please give a name (at most 60 characters).',
  productName: 'Please give a name (at most 80 characters).',
  group: 'Please choose one of the menu’s groups.',
  description: 'Please give a description (at most 600 characters).',
  price: `Please give a price in whole naira, from ₦1 to ₦${MAX_PRICE.toLocaleString('en-NG')}.`,
  category: 'Please give a category (at most 40 characters).',
  ingredients: 'Ingredients are at most 600 characters.',
  sizes: 'Please give at least one size, and at most 10.',
  sizeLabel: 'Each size needs a label (at most 30 characters), e.g. 100ml.',
  duplicateSizes: 'Each size label can be used only once.',
  stock: 'Stock is a whole number of 0 or more, or empty when you do not count it.',
} as const;

export type FieldErrors = Record<string, string>;

/** A whole number typed in a field, or undefined when the text is not one. */
export function wholeNumber(text: string): number | undefined {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return undefined;
  const value = Number(trimmed);
  return Number.isSafeInteger(value) ? value : undefined;
}

/** A price in whole naira from ₦1 to the most the API takes, or undefined. */
export function priceOf(text: string): number | undefined {
  const value = wholeNumber(text.replace(/[₦,\s]/g, ''));
  return value !== undefined && value >= 1 && value <= MAX_PRICE ? value : undefined;
}

/** Text of 1 to `max` characters once trimmed. */
export const filled = (text: string, max: number) => text.trim().length >= 1 && text.trim().length <= max;

/** "45 min", "1 h", "1 h 30 min"; the overnight treatment has no length. */
export function lengthLabel(minutes: number | null): string {
  if (minutes === null) return 'Overnight';
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/** 15, 30 … up to `max` minutes (from `from`). */
export const quarterHours = (from: number, max: number) =>
  Array.from({ length: Math.floor((max - from) / 15) + 1 }, (_, index) => from + index * 15);
