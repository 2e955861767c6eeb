/**
 * The cart as local storage holds it: lines of product id, size and quantity, cleaned on reading.
 * No jotai and no shop here, so the header's count (header-cart.tsx) stays small on every page.
 */
import { MAX_LINE_QUANTITY } from '../../../worker/shared/catalogue/line-limit';
import { CART_KEY } from './shop-constants';

export interface CartLine {
  productId: string;
  size: string;
  quantity: number;
}

/** Sent on the window when this tab changes the cart (other tabs hear the storage event). */
const CART_CHANGED = 'spa:cart-changed';

export const sameLine = (a: Pick<CartLine, 'productId' | 'size'>, b: Pick<CartLine, 'productId' | 'size'>) =>
  a.productId === b.productId && a.size === b.size;

export const clampQuantity = (quantity: number) => Math.min(MAX_LINE_QUANTITY, Math.max(1, Math.floor(quantity)));

/** A stored cart made safe: well-formed lines, one per product and size, sane quantities. */
export function cleanCart(value: unknown): CartLine[] {
  if (!Array.isArray(value)) return [];
  const lines: CartLine[] = [];
  for (const entry of value) {
    if (typeof entry !== 'object' || entry === null) continue;
    const { productId, size, quantity } = entry as Record<string, unknown>;
    if (typeof productId !== 'string' || typeof size !== 'string') continue;
    if (typeof quantity !== 'number' || !Number.isFinite(quantity)) continue;
    const line = { productId, size, quantity: clampQuantity(quantity) };
    const existing = lines.find((candidate) => sameLine(candidate, line));
    if (existing) existing.quantity = clampQuantity(existing.quantity + line.quantity);
    else lines.push(line);
  }
  return lines;
}

export function announceCartChange(): void {
  window.dispatchEvent(new Event(CART_CHANGED));
}

/** How many items the stored cart holds (0 where storage is blocked or holds nonsense). */
export function storedCartCount(): number {
  try {
    const lines = cleanCart(JSON.parse(localStorage.getItem(CART_KEY) ?? '[]'));
    return lines.reduce((count, line) => count + line.quantity, 0);
  } catch {
    return 0;
  }
}

/** Calls `onChange` whenever the cart changes, in this tab or another; returns what stops it. */
export function onCartChange(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === CART_KEY || event.key === null) onChange();
  };
  window.addEventListener(CART_CHANGED, onChange);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(CART_CHANGED, onChange);
    window.removeEventListener('storage', onStorage);
  };
}
