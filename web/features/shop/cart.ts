/**
 * The shopping cart: lines of product id, size and quantity in local storage, so the cart survives
 * reloads and is shared by every tab (a change in one tab reaches the others through the storage
 * event). Only ids and quantities are stored; names, prices and what is left always come from the
 * shop (live-shop.ts), so a stored cart can never carry a price. A stored value is cleaned on load
 * (one line per product and size, quantities within 1 to 20); lines the shop no longer sells are
 * left out of the cart's items, and no line asks for more than its size has left.
 */
import { atom } from 'jotai';
import { atomWithStorage, createJSONStorage } from 'jotai/utils';
import { MAX_LINE_QUANTITY } from '../../../worker/shared/catalogue/line-limit';
import type { ShopProduct } from '../catalogue/catalogue-types';
import { shopAtom, stockOf } from '../catalogue/live-shop';
import { CART_KEY } from './shop-constants';
import { announceCartChange, type CartLine, clampQuantity, cleanCart, sameLine } from './stored-cart';

export type { CartLine } from './stored-cart';

export interface CartItem extends CartLine {
  product: ShopProduct;
  unitPrice: number;
  lineTotal: number;
  /** The most this line may hold: 20, or fewer when that is all that is left. */
  maxQuantity: number;
}

// globalThis: the build prerenders the page in Node, which has no web storage.
const localJson = createJSONStorage<CartLine[]>(() => globalThis.localStorage);
const cartStorage: typeof localJson = {
  ...localJson,
  getItem: (key, initialValue) => cleanCart(localJson.getItem(key, initialValue)),
  // The header's count (header-cart.tsx) hears a change in this tab too, not only in others.
  setItem: (key, value) => {
    localJson.setItem(key, value);
    announceCartChange();
  },
  subscribe: (key, callback, initialValue) =>
    localJson.subscribe?.(key, (value) => callback(cleanCart(value)), initialValue) ?? (() => {}),
};

const linesAtom = atomWithStorage<CartLine[]>(CART_KEY, [], cartStorage, { getOnInit: true });

/** The most of a size one order may take: 20, or what is left when that is less. */
const mostOf = (left: number | null | undefined) => Math.min(MAX_LINE_QUANTITY, left ?? MAX_LINE_QUANTITY);

/**
 * The cart's lines the shop still sells, with their product and prices; a line asking for more
 * than is left counts what is left (a sold-out size stays, at 0, so the visitor sees why).
 */
export const cartItemsAtom = atom((get): CartItem[] => {
  const shop = get(shopAtom);
  return get(linesAtom).flatMap((line) => {
    const product = shop.find((candidate) => candidate.id === line.productId);
    const unitPrice = product?.sizes.find((option) => option.size === line.size)?.price;
    if (!product || unitPrice === undefined) return [];
    const maxQuantity = mostOf(stockOf(product, line.size));
    const quantity = Math.min(line.quantity, maxQuantity);
    return [{ ...line, quantity, product, unitPrice, lineTotal: unitPrice * quantity, maxQuantity }];
  });
});

/** What the checkout sends: the lines that can be bought (none at 0). */
export const orderableItemsAtom = atom((get) => get(cartItemsAtom).filter((item) => item.quantity > 0));

/** How many items the cart holds: the sum of the quantities of what the shop still sells. */
export const cartCountAtom = atom((get) => get(cartItemsAtom).reduce((count, item) => count + item.quantity, 0));

export const cartSubtotalAtom = atom((get) => get(cartItemsAtom).reduce((total, item) => total + item.lineTotal, 0));

/** Why one more could not be added: the most one order may take, or all that is left. */
export type AddResult = { added: true } | { added: false; reason: 'line-limit' | 'no-more-left'; left: number };

/**
 * Adds one of a product in a size: the same product and size raises that line's quantity, another
 * size is a new line. Refused when the line is already at the most one order may take, or at all
 * the size has left.
 */
export const addToCartAtom = atom(null, (get, set, item: Pick<CartLine, 'productId' | 'size'>): AddResult => {
  const lines = get(linesAtom);
  const existing = lines.find((line) => sameLine(line, item));
  const left = stockOf(
    get(shopAtom).find((product) => product.id === item.productId),
    item.size,
  );
  const most = mostOf(left);
  const has = Math.min(existing?.quantity ?? 0, most);
  if (has >= most) {
    return {
      added: false,
      reason: left !== null && left !== undefined && left <= has ? 'no-more-left' : 'line-limit',
      left: left ?? most,
    };
  }
  if (!existing) {
    set(linesAtom, [...lines, { productId: item.productId, size: item.size, quantity: 1 }]);
    return { added: true };
  }
  set(
    linesAtom,
    lines.map((line) => (line === existing ? { ...line, quantity: has + 1 } : line)),
  );
  return { added: true };
});

/** Plus and minus: a line's quantity stays within 1 and 20, and within what is left. */
export const changeQuantityAtom = atom(
  null,
  (get, set, change: Pick<CartLine, 'productId' | 'size'> & { by: 1 | -1 }) => {
    const shop = get(shopAtom);
    set(
      linesAtom,
      get(linesAtom).map((line) => {
        if (!sameLine(line, change)) return line;
        const most = mostOf(
          stockOf(
            shop.find((product) => product.id === line.productId),
            line.size,
          ),
        );
        return { ...line, quantity: Math.max(1, Math.min(most, clampQuantity(line.quantity + change.by))) };
      }),
    );
  },
);

/** Removes one line: that product in that size only. */
export const removeFromCartAtom = atom(null, (get, set, item: Pick<CartLine, 'productId' | 'size'>) => {
  set(
    linesAtom,
    get(linesAtom).filter((line) => !sameLine(line, item)),
  );
});

/** Empties the cart, once its order is paid. */
export const clearCartAtom = atom(null, (_get, set) => {
  set(linesAtom, []);
});
