/**
 * The Menu and Shop forms check their fields before saving, as the coupon form does, with the
 * words the API uses for the same rules (worker/shared/catalogue/catalogue-rules.ts): a message shown here
 * is the one the server would give. The API checks everything again and its answer is shown as it comes.
 */
import { catalogueFieldMessages, MAX_PRICE } from '../../../worker/shared/catalogue/catalogue-rules';

export {
  MAX_BUFFER_MINUTES,
  MAX_DURATION_MINUTES,
  MAX_PRICE,
} from '../../../worker/shared/catalogue/catalogue-rules';
/** The API's own messages for its rules (worker/shared/catalogue/catalogue-rules.ts). */
export const catalogueCheckMessages = catalogueFieldMessages;

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
