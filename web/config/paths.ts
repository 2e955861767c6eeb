import { sitePaths } from '../../worker/shared/site-paths';

/** Every route of the site in one place, so links and the router never disagree. */
export const paths = {
  home: sitePaths.home,
  about: sitePaths.about,
  massageTherapy: sitePaths.massageTherapy,
  booking: sitePaths.booking,
  bookingConfirmation: sitePaths.bookingConfirmation,
  orderConfirmation: sitePaths.orderConfirmation,
  giftVouchers: sitePaths.giftVouchers,
  giftVoucherConfirmation: sitePaths.giftVoucherConfirmation,
  packages: sitePaths.packages,
  packageConfirmation: sitePaths.packageConfirmation,
  account: sitePaths.account,
  accountReceipt: `${sitePaths.account}/receipts/:reference`,
  shop: sitePaths.shop,
  faq: sitePaths.faq,
  academy: sitePaths.academy,
  terms: sitePaths.terms,
  privacy: sitePaths.privacy,
  unsubscribe: sitePaths.unsubscribe,
  academyConfirm: sitePaths.academyConfirm,
  manageBooking: `${sitePaths.manageBooking}/:token`,
  review: `${sitePaths.review}/:token`,
  visitForm: `${sitePaths.visitForm}/:token`,
  admin: '/admin',
  login: '/login',
} as const;
