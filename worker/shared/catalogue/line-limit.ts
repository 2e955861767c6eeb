/**
 * The most of one product and size an order may take. Its own module: the header's cart count
 * (web/features/shop/stored-cart.ts) is on every public page and must not bring the pricing rules.
 */
export const MAX_LINE_QUANTITY = 20;
