/** The shop's fixed words and numbers, importable anywhere (no browser storage or React here). */
import { MAX_LINE_QUANTITY } from '../../../worker/shared/catalogue/pricing';

/** Where the cart lives in local storage. */
export const CART_KEY = 'spa.cart';

/** How long the "added" toast stays. */
export const TOAST_MS = 3_000;

export const shopMessages = {
  added: 'Item has been added to your cart!',
  lineLimit: `You can order up to ${MAX_LINE_QUANTITY} of each item at a time.`,
  allLeft: (left: number) => `Only ${left} left: your cart already has ${left === 1 ? 'it' : `all ${left}`}.`,
} as const;
