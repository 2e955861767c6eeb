/** The shop's fixed words and numbers, importable anywhere (no browser storage or React here). */
import { MAX_LINE_QUANTITY } from '../../../worker/shared/catalogue/line-limit';

/** Where the cart lives in local storage. */
export const CART_KEY = 'spa.cart';

/**
 * Where the header's cart goes: the shop, with its cart open (shop.tsx opens it on this hash). Here,
 * not in header-cart.tsx: the shop's chunk importing the header's module split React out of the
 * entry, a script more on every page (the budget test counts them).
 */
export const CART_HASH = '#cart';

/** How long the "added" toast stays. */
export const TOAST_MS = 3_000;

export const shopMessages = {
  added: 'Item has been added to your cart!',
  lineLimit: `You can order up to ${MAX_LINE_QUANTITY} of each item at a time.`,
  allLeft: (left: number) => `Only ${left} left: your cart already has ${left === 1 ? 'it' : `all ${left}`}.`,
} as const;
