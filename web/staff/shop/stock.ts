/** What a size's stock says at a glance: sold out at 0, low from 1 to 5, nothing when not counted. */

export const LOW_STOCK = 5;

export type StockState = 'sold-out' | 'low' | 'ok' | 'not-counted';

export function stockState(stock: number | null): StockState {
  if (stock === null) return 'not-counted';
  if (stock <= 0) return 'sold-out';
  return stock <= LOW_STOCK ? 'low' : 'ok';
}

/** "12 in stock", "Not counted". */
export const stockLabel = (stock: number | null) => (stock === null ? 'Not counted' : `${stock} in stock`);
