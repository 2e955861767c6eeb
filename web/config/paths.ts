/** Every route of the site in one place, so links and the router never disagree. */
export const paths = {
  home: '/',
  about: '/about',
  massageTherapy: '/massage-therapy',
  booking: '/booking',
  bookingConfirmation: '/booking-confirmation-pg',
  orderConfirmation: '/order-confirmation-pg',
  shop: '/ecommerce',
  faq: '/faq',
  academy: '/academy',
  terms: '/terms-of-service',
  privacy: '/privacy-policy',
  admin: '/admin',
} as const;
