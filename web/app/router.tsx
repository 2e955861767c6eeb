import { type ComponentType, lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { SiteLayout } from '../components/layout/site-layout';
import { PageLoading } from '../components/ui/page-loading';
import { paths } from '../config/paths';
import { catalogueReady } from '../features/catalogue/starting-catalogue';
import { HeaderCart } from '../features/shop/header-cart';

/** A page that shows the catalogue: its chunk, and the catalogue it starts from (both at once). */
const withCatalogue = <T,>(page: Promise<T>) => Promise.all([page, catalogueReady()]).then(([module]) => module);

// Each page is its own chunk: a visitor downloads the shell and the page in front of them only.
const HomePage = lazy(() => withCatalogue(import('./routes/home')));
const AboutPage = lazy(() => import('./routes/about'));
const MassageTherapyPage = lazy(() => withCatalogue(import('./routes/massage-therapy')));
const BookingPage = lazy(() => withCatalogue(import('./routes/booking')));
const BookingConfirmationPage = lazy(() => import('./routes/booking-confirmation'));
const OrderConfirmationPage = lazy(() => import('./routes/order-confirmation'));
const GiftVouchersPage = lazy(() => withCatalogue(import('./routes/gift-vouchers')));
const GiftVoucherConfirmationPage = lazy(() => import('./routes/gift-voucher-confirmation'));
const PackagesPage = lazy(() => withCatalogue(import('./routes/packages')));
const PackageConfirmationPage = lazy(() => import('./routes/package-confirmation'));
const MyPage = lazy(() => import('./routes/my-page'));
const ShopPage = lazy(() => withCatalogue(import('./routes/shop')));
const FaqPage = lazy(() => import('./routes/faq'));
const AcademyPage = lazy(() => import('./routes/academy'));
const TermsOfServicePage = lazy(() => import('./routes/terms-of-service'));
const PrivacyPolicyPage = lazy(() => import('./routes/privacy-policy'));
const UnsubscribePage = lazy(() => import('./routes/unsubscribe'));
const AcademyConfirmPage = lazy(() => import('./routes/academy-confirm'));
const ManageBookingPage = lazy(() => withCatalogue(import('./routes/manage-booking')));
const ReviewPage = lazy(() => import('./routes/review'));
const VisitFormPage = lazy(() => import('./routes/visit-form'));
const TimeWaitlistLinkPage = lazy(() => import('./routes/waitlist-links'));
const NotFoundPage = lazy(() => import('./routes/not-found'));
// Staff pages live in their own chunk too: visitors never download them. No server renders them
// (the admin is an app shell), so the server's bundles leave them out: the Worker stays small.
const AdminApp = import.meta.env.SSR ? () => null : lazy(() => import('./routes/admin'));

/**
 * Every route of the site. Declarative routes (not the data router): the site needs no loaders
 * or actions, and this keeps about 17 KB (gzip) of router code off every visitor's first load.
 * The build's prerender passes the staff's login screen as `adminApp`, for the admin's shell.
 */
export function AppRoutes({ adminApp: Admin = AdminApp }: { adminApp?: ComponentType }) {
  return (
    <Routes>
      <Route element={<SiteLayout cart={<HeaderCart />} />}>
        <Route path={paths.home} element={<HomePage />} />
        <Route path={paths.about} element={<AboutPage />} />
        <Route path={paths.massageTherapy} element={<MassageTherapyPage />} />
        <Route path={paths.booking} element={<BookingPage />} />
        <Route path={paths.bookingConfirmation} element={<BookingConfirmationPage />} />
        <Route path={paths.orderConfirmation} element={<OrderConfirmationPage />} />
        <Route path={paths.giftVouchers} element={<GiftVouchersPage />} />
        <Route path={paths.giftVoucherConfirmation} element={<GiftVoucherConfirmationPage />} />
        <Route path={paths.packages} element={<PackagesPage />} />
        <Route path={paths.packageConfirmation} element={<PackageConfirmationPage />} />
        <Route path={paths.account} element={<MyPage />} />
        <Route path={paths.accountReceipt} element={<MyPage />} />
        <Route path={paths.shop} element={<ShopPage />} />
        <Route path={paths.faq} element={<FaqPage />} />
        <Route path={paths.academy} element={<AcademyPage />} />
        <Route path={paths.terms} element={<TermsOfServicePage />} />
        <Route path={paths.privacy} element={<PrivacyPolicyPage />} />
        <Route path={paths.unsubscribe} element={<UnsubscribePage />} />
        <Route path={paths.academyConfirm} element={<AcademyConfirmPage />} />
        <Route path={paths.manageBooking} element={<ManageBookingPage />} />
        <Route path={paths.review} element={<ReviewPage />} />
        <Route path={paths.visitForm} element={<VisitFormPage />} />
        <Route path="/time-waitlist/:token" element={<TimeWaitlistLinkPage />} />
        <Route path="/waitlist-offer/:token" element={<TimeWaitlistLinkPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
      {/* /login is the old site's login address: the admin chunk sends it on to /admin. */}
      {[paths.login, `${paths.admin}/*`].map((path) => (
        <Route
          key={path}
          path={path}
          element={
            <Suspense fallback={<PageLoading />}>
              <Admin />
            </Suspense>
          }
        />
      ))}
    </Routes>
  );
}
