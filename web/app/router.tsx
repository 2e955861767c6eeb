import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { SiteLayout } from '../components/layout/site-layout';
import { PageLoading } from '../components/ui/page-loading';
import { paths } from '../config/paths';
import { AboutPage } from './routes/about';
import { AcademyPage } from './routes/academy';
import { BookingPage } from './routes/booking';
import { BookingConfirmationPage } from './routes/booking-confirmation';
import { FaqPage } from './routes/faq';
import { HomePage } from './routes/home';
import { MassageTherapyPage } from './routes/massage-therapy';
import { NotFoundPage } from './routes/not-found';
import { OrderConfirmationPage } from './routes/order-confirmation';
import { PrivacyPolicyPage } from './routes/privacy-policy';
import { ShopPage } from './routes/shop';
import { TermsOfServicePage } from './routes/terms-of-service';

// Staff pages live in their own chunk: visitors never download them.
const AdminApp = lazy(() => import('./routes/admin'));

/**
 * Every route of the site. Declarative routes (not the data router): the site needs no loaders
 * or actions, and this keeps about 17 KB (gzip) of router code off every visitor's first load.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<SiteLayout />}>
        <Route path={paths.home} element={<HomePage />} />
        <Route path={paths.about} element={<AboutPage />} />
        <Route path={paths.massageTherapy} element={<MassageTherapyPage />} />
        <Route path={paths.booking} element={<BookingPage />} />
        <Route path={paths.bookingConfirmation} element={<BookingConfirmationPage />} />
        <Route path={paths.orderConfirmation} element={<OrderConfirmationPage />} />
        <Route path={paths.shop} element={<ShopPage />} />
        <Route path={paths.faq} element={<FaqPage />} />
        <Route path={paths.academy} element={<AcademyPage />} />
        <Route path={paths.terms} element={<TermsOfServicePage />} />
        <Route path={paths.privacy} element={<PrivacyPolicyPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
      <Route
        path={`${paths.admin}/*`}
        element={
          <Suspense fallback={<PageLoading />}>
            <AdminApp />
          </Suspense>
        }
      />
    </Routes>
  );
}
