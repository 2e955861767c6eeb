/**
 * What a size has left to sell, and what the shop and the server say about it. Shared by the
 * worker (which decides) and the shop pages (which show the same words before anyone pays).
 */

/** A counted size with this many or fewer left is shown as running low. */
export const LOW_STOCK = 5;

/** Units left to sell: the shelf less what open payments hold; null when the studio does not count. */
export const unitsLeft = (stock: number | null, held = 0): number | null =>
  stock === null ? null : Math.max(0, stock - held);

export const stockMessages = {
  /** Starts with "Only N left" whatever N is: clients and checks read that phrase. */
  onlyLeft: (left: number, name: string, size: string) =>
    left === 0
      ? `Only 0 left of ${name} (${size}): it has sold out. Please remove it from your cart.`
      : `Only ${left} left of ${name} (${size}). Please lower the quantity in your cart.`,
  soldOut: 'Sold out',
  fewLeft: (left: number) => `Only ${left} left`,
} as const;
