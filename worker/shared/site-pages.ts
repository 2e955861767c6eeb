import { sitePaths, studioName } from './site-paths.ts';

/**
 * The public pages: their paths, titles and descriptions. The web sets each page's title and
 * meta tags from here; the worker lists the indexable ones in /sitemap.xml.
 */
export interface SitePage {
  path: string;
  title: string;
  description: string;
  /** Prerendered, listed in the sitemap and open to search engines. */
  indexable: boolean;
  /** The link-preview picture (1200×630 PNG under web/public); the studio's own when absent. */
  image?: string;
}

/** The link-preview picture of pages that have none of their own. */
export const defaultPreviewImage = '/og/studio.png';

export { EMBEDDED_CATALOGUE_ID, studioName } from './site-paths.ts';

export const sitePages = {
  home: {
    path: sitePaths.home,
    title: `${studioName} · Massage and skincare in Lagos`,
    description:
      'Awaken your best self with every touch: professional massage therapy and skincare in Lagos. Book online in minutes and shop our skincare range.',
    indexable: true,
  },
  about: {
    path: sitePaths.about,
    title: `About the spa · ${studioName}`,
    description:
      'A calm, private studio for luxury skincare and personalised treatments, from facials to massages, on your journey to flawless skin.',
    indexable: true,
  },
  massageTherapy: {
    path: sitePaths.massageTherapy,
    title: `Massage Therapy · Treatments and prices · ${studioName}`,
    description:
      'Our full massage menu with prices in naira and durations from 30 to 90 minutes: Swedish, Deep Tissue, Hot Stone, signature rituals and more.',
    indexable: true,
    image: '/og/massage-therapy.png',
  },
  booking: {
    path: sitePaths.booking,
    title: `Book a Service · ${studioName}`,
    description: 'Choose your treatments, pick a date and time, and pay securely to confirm your massage appointment.',
    indexable: true,
  },
  bookingConfirmation: {
    path: sitePaths.bookingConfirmation,
    title: `Booking confirmation · ${studioName}`,
    description: 'The confirmation of your booking.',
    indexable: false,
  },
  giftVouchers: {
    path: sitePaths.giftVouchers,
    title: `Gift Vouchers · Massage and skincare gifts · ${studioName}`,
    description:
      'Give a massage or skincare gift voucher for a birthday, Valentine’s Day or Mother’s Day: any amount or a treatment, sent by email and WhatsApp on the day you choose.',
    indexable: true,
  },
  giftVoucherConfirmation: {
    path: sitePaths.giftVoucherConfirmation,
    title: `Gift voucher confirmation · ${studioName}`,
    description: 'The confirmation of your gift voucher.',
    indexable: false,
  },
  packages: {
    path: sitePaths.packages,
    title: `Massage Packages · Prepaid sessions · ${studioName}`,
    description:
      'Buy several massage sessions at once and pay less for each: prepaid packages with the price per session and what you save against single visits.',
    indexable: true,
  },
  account: {
    path: sitePaths.account,
    title: `Your page · ${studioName}`,
    description: 'Your visits, packages, membership, gift vouchers and receipts.',
    indexable: false,
  },
  packageConfirmation: {
    path: sitePaths.packageConfirmation,
    title: `Package confirmation · ${studioName}`,
    description: 'The confirmation of your package.',
    indexable: false,
  },
  orderConfirmation: {
    path: sitePaths.orderConfirmation,
    title: `Order confirmation · ${studioName}`,
    description: 'The confirmation of your order.',
    indexable: false,
  },
  manageBooking: {
    path: sitePaths.manageBooking,
    title: `Manage your booking · ${studioName}`,
    description: 'Reschedule or cancel your appointment.',
    indexable: false,
  },
  review: {
    path: sitePaths.review,
    title: `Your review · ${studioName}`,
    description: 'Rate your visit or your order.',
    indexable: false,
  },
  visitForm: {
    path: sitePaths.visitForm,
    title: `Before your visit · ${studioName}`,
    description: 'A few health questions before your appointment.',
    indexable: false,
  },
  timeWaitlist: {
    // Not in sitePaths: every page's entry script carries those; only the router needs these.
    path: '/time-waitlist',
    title: `Your place on the waitlist · ${studioName}`,
    description: 'See or leave your place on the waitlist for a full time.',
    indexable: false,
  },
  waitlistOffer: {
    path: '/waitlist-offer',
    title: `A place for you · ${studioName}`,
    description: 'A freed time offered to you from the waitlist.',
    indexable: false,
  },
  academyConfirm: {
    path: sitePaths.academyConfirm,
    title: `Confirm your place · ${studioName}`,
    description: 'Confirm your email address for the academy waitlist.',
    indexable: false,
  },
  unsubscribe: {
    path: sitePaths.unsubscribe,
    title: `Unsubscribe · ${studioName}`,
    description: 'Stop receiving academy updates.',
    indexable: false,
  },
  shop: {
    path: sitePaths.shop,
    title: `Skincare Products · Shop · ${studioName}`,
    description: 'Body oils, scrubs, facial oils, night cream and goat milk soap, made for glowing skin. Order online.',
    indexable: true,
    image: '/og/shop.png',
  },
  faq: {
    path: sitePaths.faq,
    title: `Frequently Asked Questions · ${studioName}`,
    description:
      'Answers about our massage sessions, appointments and rescheduling, and our skincare products, returns and consultations.',
    indexable: true,
  },
  academy: {
    path: sitePaths.academy,
    title: `Massage Training Academy · Coming soon · ${studioName}`,
    description:
      'Our professional massage training academy is coming soon. Join the waitlist: the first 50 get a special tuition discount.',
    indexable: true,
    image: '/og/academy.png',
  },
  terms: {
    path: sitePaths.terms,
    title: `Terms of Service · ${studioName}`,
    description: 'The terms that apply to our spa services, training programmes and product purchases.',
    indexable: true,
  },
  privacy: {
    path: sitePaths.privacy,
    title: `Privacy Policy · ${studioName}`,
    description: 'What information we collect, how we use and protect it, and your rights.',
    indexable: true,
  },
  notFound: {
    path: sitePaths.notFound,
    title: `Page not found · ${studioName}`,
    description: 'The page you were looking for does not exist.',
    indexable: false,
  },
} as const satisfies Record<string, SitePage>;

export const indexablePages: SitePage[] = Object.values(sitePages).filter((page) => page.indexable);

/**
 * Routes of the SPA that are never prerendered (their content is the visitor's own): the worker
 * answers each with its route's app shell: neutral, noindex, an empty #root the browser renders
 * into, and the route's own scripts preloaded so they download beside the entry script instead of
 * after it. wrangler.toml's run_worker_first lists the same paths; every other unknown path is the
 * prerendered not-found page, with status 404.
 */
export const appShells = [
  { module: 'admin', paths: ['/admin', '/admin/*', '/login'] },
  { module: 'booking-confirmation', paths: [sitePages.bookingConfirmation.path] },
  { module: 'order-confirmation', paths: [sitePages.orderConfirmation.path] },
  { module: 'gift-voucher-confirmation', paths: [sitePages.giftVoucherConfirmation.path] },
  { module: 'package-confirmation', paths: [sitePages.packageConfirmation.path] },
  { module: 'my-page', paths: [sitePages.account.path, `${sitePages.account.path}/*`] },
  { module: 'unsubscribe', paths: [sitePages.unsubscribe.path] },
  { module: 'academy-confirm', paths: [sitePages.academyConfirm.path] },
  { module: 'manage-booking', paths: [`${sitePages.manageBooking.path}/*`] },
  { module: 'review', paths: [`${sitePages.review.path}/*`] },
  { module: 'visit-form', paths: [`${sitePages.visitForm.path}/*`] },
  { module: 'waitlist-links', paths: [`${sitePages.timeWaitlist.path}/*`, `${sitePages.waitlistOffer.path}/*`] },
] as const;

// Pure: the browser's bundle, which never uses it, leaves it out.
export const appShellPaths: string[] = /* @__PURE__ */ appShells.flatMap((shell) => shell.paths);

/** The static file a route's app-shell paths answer (written by the build's prerender). */
export const appShellAsset = (module: string) => `/app-shell-${module}`;

/**
 * The admin's shell with its login screen already in it, for a browser that holds no staff
 * session: the login paints with the HTML and the stylesheet, and React adopts it once the
 * admin's scripts arrive. A browser with a session gets the empty admin shell, as before; so do
 * the old /login address and the pages an invitation or a reset email opens (not the login).
 */
export const adminLoginShell = {
  asset: `${appShellAsset('admin')}-login`,
  title: `Admin Login · Admin · ${studioName}`,
  notFor: ['/login', sitePaths.staffWelcome, sitePaths.staffPasswordReset] as string[],
};

/**
 * The pages that show the catalogue (prices, treatments, products, the studio's price range): the
 * Worker renders them again from D1 after staff change it (worker/services/pages/catalogue-pages.ts).
 */
export const cataloguePagePaths: string[] = [
  sitePages.home.path,
  sitePages.massageTherapy.path,
  sitePages.booking.path,
  sitePages.giftVouchers.path,
  sitePages.packages.path,
  sitePages.shop.path,
];

/**
 * The public pages whose only part the catalogue changes is the menu: while nothing is on sale at
 * /packages, the header and footer leave its link out. The Worker serves them as built, marked
 * (worker/services/pages/catalogue-pages.ts); so it does the public app shells.
 */
export const menuPagePaths: string[] = [
  sitePages.about.path,
  sitePages.faq.path,
  sitePages.academy.path,
  sitePages.terms.path,
  sitePages.privacy.path,
];
