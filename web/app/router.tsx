import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { SiteLayout } from '../components/layout/site-layout';
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

export const routes: RouteObject[] = [
  {
    element: <SiteLayout />,
    children: [
      { path: paths.home, element: <HomePage /> },
      { path: paths.about, element: <AboutPage /> },
      { path: paths.massageTherapy, element: <MassageTherapyPage /> },
      { path: paths.booking, element: <BookingPage /> },
      { path: paths.bookingConfirmation, element: <BookingConfirmationPage /> },
      { path: paths.orderConfirmation, element: <OrderConfirmationPage /> },
      { path: paths.shop, element: <ShopPage /> },
      { path: paths.faq, element: <FaqPage /> },
      { path: paths.academy, element: <AcademyPage /> },
      { path: paths.terms, element: <TermsOfServicePage /> },
      { path: paths.privacy, element: <PrivacyPolicyPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
  // Staff pages live in their own chunk: visitors never download them.
  { path: `${paths.admin}/*`, lazy: () => import('./routes/admin') },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
