/** What a coupon may be: percent or naira off, for bookings, the shop or both (schema and forms alike). */
export const couponTypes = ['percent', 'fixed'] as const;
export const couponScopes = ['bookings', 'shop', 'both'] as const;

export type CouponType = (typeof couponTypes)[number];
export type CouponScope = (typeof couponScopes)[number];

/** What a payment is for, in the coupon's terms: a booking is for `bookings`, an order for `shop`. */
export const scopeOfKind = { booking: 'bookings', order: 'shop' } as const satisfies Record<string, CouponScope>;

export const couponScopeLabels: Record<CouponScope, string> = {
  both: 'Bookings and the shop',
  bookings: 'Bookings only',
  shop: 'The shop only',
};
