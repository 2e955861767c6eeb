import { sitePages } from '../../worker/shared/site-pages';

/** Every route of the site in one place, so links and the router never disagree. */
export const paths = {
  home: sitePages.home.path,
  about: sitePages.about.path,
  massageTherapy: sitePages.massageTherapy.path,
  booking: sitePages.booking.path,
  bookingConfirmation: sitePages.bookingConfirmation.path,
  orderConfirmation: sitePages.orderConfirmation.path,
  shop: sitePages.shop.path,
  faq: sitePages.faq.path,
  academy: sitePages.academy.path,
  terms: sitePages.terms.path,
  privacy: sitePages.privacy.path,
  unsubscribe: sitePages.unsubscribe.path,
  academyConfirm: sitePages.academyConfirm.path,
  manageBooking: `${sitePages.manageBooking.path}/:token`,
  admin: '/admin',
  login: '/login',
} as const;
