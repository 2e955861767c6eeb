/**
 * The shopping cart: lines of product id, size and quantity in local storage, so the cart survives
 * reloads and is shared by every tab (a change in one tab reaches the others through the storage
 * event). Only ids and quantities are stored; names and prices always come from the catalogue, so
 * a stored cart can never carry a price. A stored value is cleaned on load: unknown products or
 * sizes are dropped and quantities kept within 1 to 20.
 */
import { atom } from 'jotai';
import { atomWithStorage, createJSONStorage } from 'jotai/utils';
import { MAX_LINE_QUANTITY } from '../../../worker/shared/pricing';
import { findProduct, type Product } from '../../../worker/shared/products';
import { CART_KEY } from './shop-constants';

export interface CartLine {
  productId: string;
  size: string;
  quantity: number;
}

export interface CartItem extends CartLine {
  product: Product;
  unitPrice: number;
  lineTotal: number;
}

const sameLine = (a: Pick<CartLine, 'productId' | 'size'>, b: Pick<CartLine, 'productId' | 'size'>) =>
  a.productId === b.productId && a.size === b.size;

const clampQuantity = (quantity: number) => Math.min(MAX_LINE_QUANTITY, Math.max(1, Math.floor(quantity)));

/** A stored cart made safe: catalogue lines only, one line per product and size, sane quantities. */
export function cleanCart(value: unknown): CartLine[] {
  if (!Array.isArray(value)) return [];
  const lines: CartLine[] = [];
  for (const entry of value) {
    if (typeof entry !== 'object' || entry === null) continue;
    const { productId, size, quantity } = entry as Record<string, unknown>;
    if (typeof productId !== 'string' || typeof size !== 'string') continue;
    if (typeof quantity !== 'number' || !Number.isFinite(quantity)) continue;
    const product = findProduct(productId);
    if (!product?.sizes.some((option) => option.size === size)) continue;
    const line = { productId, size, quantity: clampQuantity(quantity) };
    const existing = lines.find((candidate) => sameLine(candidate, line));
    if (existing) existing.quantity = clampQuantity(existing.quantity + line.quantity);
    else lines.push(line);
  }
  return lines;
}

// globalThis: the build prerenders the page in Node, which has no web storage.
const localJson = createJSONStorage<CartLine[]>(() => globalThis.localStorage);
const cartStorage: typeof localJson = {
  ...localJson,
  getItem: (key, initialValue) => cleanCart(localJson.getItem(key, initialValue)),
  subscribe: (key, callback, initialValue) =>
    localJson.subscribe?.(key, (value) => callback(cleanCart(value)), initialValue) ?? (() => {}),
};

const linesAtom = atomWithStorage<CartLine[]>(CART_KEY, [], cartStorage, { getOnInit: true });

/** The cart's lines with their product and prices from the catalogue. */
export const cartItemsAtom = atom((get): CartItem[] =>
  get(linesAtom).flatMap((line) => {
    const product = findProduct(line.productId);
    const unitPrice = product?.sizes.find((option) => option.size === line.size)?.price;
    if (!product || unitPrice === undefined) return [];
    return [{ ...line, product, unitPrice, lineTotal: unitPrice * line.quantity }];
  }),
);

/** How many items the cart holds: the sum of the quantities. */
export const cartCountAtom = atom((get) => get(linesAtom).reduce((count, line) => count + line.quantity, 0));

export const cartSubtotalAtom = atom((get) => get(cartItemsAtom).reduce((total, item) => total + item.lineTotal, 0));

/**
 * Adds one of a product in a size: the same product and size raises that line's quantity, another
 * size is a new line. Returns false when the line is already at the most one order may hold.
 */
export const addToCartAtom = atom(null, (get, set, item: Pick<CartLine, 'productId' | 'size'>): boolean => {
  const lines = get(linesAtom);
  const existing = lines.find((line) => sameLine(line, item));
  if (!existing) {
    set(linesAtom, [...lines, { productId: item.productId, size: item.size, quantity: 1 }]);
    return true;
  }
  if (existing.quantity >= MAX_LINE_QUANTITY) return false;
  set(
    linesAtom,
    lines.map((line) => (line === existing ? { ...line, quantity: line.quantity + 1 } : line)),
  );
  return true;
});

/** Plus and minus: a line's quantity stays within 1 and 20. */
export const changeQuantityAtom = atom(
  null,
  (get, set, change: Pick<CartLine, 'productId' | 'size'> & { by: 1 | -1 }) => {
    set(
      linesAtom,
      get(linesAtom).map((line) =>
        sameLine(line, change) ? { ...line, quantity: clampQuantity(line.quantity + change.by) } : line,
      ),
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
