/**
 * The admin lists come a page at a time (the studio may hold thousands of bookings): `?page=` from
 * 1 and `?pageSize=` up to 200; the answer stays the list itself, with the total in X-Total-Count.
 */
export const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 200;
export const TOTAL_COUNT_HEADER = 'X-Total-Count';
