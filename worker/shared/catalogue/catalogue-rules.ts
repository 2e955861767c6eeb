/**
 * The catalogue's limits and the words for each, in one place: the database's checks
 * (db/schema.ts), the API's validation (routes/catalogue/catalogue.ts) and the staff's Menu and Shop forms
 * (web/features/admin/menu, shop) read them from here, so a form says exactly what the server would.
 */
import { groupDigits } from '../money.ts';

/** The highest price in naira: a mistyped extra zero is refused, not charged. */
export const MAX_PRICE = 10_000_000;
/** The longest treatment: 16 hours (the overnight one has no length; it lasts the night). */
export const MAX_DURATION_MINUTES = 960;
export const MAX_BUFFER_MINUTES = 120;
export const MAX_STOCK = 1_000_000;
export const MAX_SIZES = 10;
export const MAX_PICTURES = 8;
/** The largest product photo staff may upload (the Worker refuses more; the Shop screen says so first). */
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;

export const catalogueFieldMessages = {
  name: 'Please give a name (at most 60 characters).',
  productName: 'Please give a name (at most 80 characters).',
  group: 'Please choose one of the menu’s groups.',
  description: 'Please give a description (at most 600 characters).',
  price: `Please give a price in whole naira, from ₦1 to ₦${groupDigits(MAX_PRICE)}.`,
  duration: `A treatment lasts 15 minutes to ${MAX_DURATION_MINUTES / 60} hours, in steps of 15 minutes.`,
  buffer: `A buffer is 0 to ${MAX_BUFFER_MINUTES} minutes, in steps of 15.`,
  depositPercent: 'A deposit is a whole percent from 1 to 100, or 0 to be paid online in full.',
  category: 'Please give a category (at most 40 characters).',
  ingredients: 'Ingredients are at most 600 characters.',
  image: 'Each picture must be an address on this site (/images/… or /media/…).',
  pictures: `At most ${MAX_PICTURES} pictures.`,
  sizes: `Please give at least one size, and at most ${MAX_SIZES}.`,
  sizeLabel: 'Each size needs a label (at most 30 characters), e.g. 100ml.',
  duplicateSizes: 'Each size label can be used only once.',
  stock: 'Stock is a whole number of 0 or more, or empty when you do not count it.',
  version: 'Please reload the page and save again.',
  position: 'The position must be a whole number of 1 or more.',
} as const;
