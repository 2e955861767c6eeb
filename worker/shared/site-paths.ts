/**
 * What the browser's entry script needs of the site's map: the studio's name and the paths of its
 * pages. The pages' titles and descriptions (site-pages.ts) are not part of it: a page arrives
 * with its own head, and they load only when the visitor moves to another page.
 */
export const studioName = 'Spa & Skincare Studio';

export const sitePaths = {
  home: '/',
  about: '/about',
  massageTherapy: '/massage-therapy',
  booking: '/booking',
  bookingConfirmation: '/booking-confirmation-pg',
  orderConfirmation: '/order-confirmation-pg',
  giftVouchers: '/gift-vouchers',
  giftVoucherConfirmation: '/gift-voucher-confirmation',
  packages: '/packages',
  packageConfirmation: '/package-confirmation',
  account: '/account',
  manageBooking: '/manage-booking',
  review: '/review',
  visitForm: '/visit-form',
  academyConfirm: '/academy/confirm',
  unsubscribe: '/unsubscribe',
  shop: '/ecommerce',
  faq: '/faq',
  academy: '/academy',
  terms: '/terms-of-service',
  privacy: '/privacy-policy',
  notFound: '/404',
  /** The staff area's pages an email links to: choosing a first password, and a new one. */
  staffWelcome: '/admin/welcome',
  staffPasswordReset: '/admin/reset-password',
} as const;

/** The id of the script element (JSON) a page rendered by the Worker carries its catalogue in. */
export const EMBEDDED_CATALOGUE_ID = 'catalogue-data';
