/**
 * The studio's catalogue: treatments and products with their prices in naira. Two modules, so a
 * page downloads only the half it shows (the booking form never needs the products).
 */
export * from './products';
export * from './treatments';
