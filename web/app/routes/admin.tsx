/**
 * The staff area: one chunk, loaded on demand (React.lazy in the router), so it never weighs on
 * visitors. Its screens are imported statically: splitting them further would split modules the
 * public pages share into more, smaller chunks on the visitors' side.
 */
import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { studioName } from '../../../worker/shared/site-paths';
import { paths } from '../../config/paths';
import AcademyPage from '../../features/admin/academy-page';
import { setUnauthorizedHandler } from '../../features/admin/admin-api';
import { AdminLayout } from '../../features/admin/admin-layout';
import { isSignedInAtom, markSignedInAtom, markSignedOutAtom } from '../../features/admin/admin-session';
import BookingsPage from '../../features/admin/bookings-page';
import CalendarPage from '../../features/admin/calendar-page';
import CouponsPage from '../../features/admin/coupons-page';
import { LoginForm } from '../../features/admin/login-form';
import MenuPage from '../../features/admin/menu/menu-page';
import MessagesPage from '../../features/admin/messages-page';
import OrdersPage from '../../features/admin/orders-page';
import SchedulePage from '../../features/admin/schedule-page';
import ShopPage from '../../features/admin/shop/shop-page';
import TherapistsPage from '../../features/admin/therapists-page';
import { api, request } from '../../lib/api-client';
import '../../styles/admin.css';

const sectionTitles: Record<string, string> = {
  bookings: 'Bookings',
  calendar: 'Calendar',
  therapists: 'Therapists',
  menu: 'Menu',
  orders: 'Orders',
  shop: 'Shop',
  coupons: 'Coupons',
  academy: 'Academy',
  messages: 'Messages',
  schedule: 'Schedule',
};

/** Staff pages are never indexed, and each tab says which section it shows. */
function useAdminDocument(signedIn: boolean) {
  const location = useLocation();
  useEffect(() => {
    let robots = document.head.querySelector<HTMLMetaElement>('meta[name="robots"]');
    if (!robots) {
      robots = document.createElement('meta');
      robots.name = 'robots';
      document.head.append(robots);
    }
    robots.content = 'noindex, nofollow';
  }, []);
  useEffect(() => {
    const section = sectionTitles[location.pathname.split('/')[2] ?? ''];
    document.title = `${signedIn && section ? section : 'Admin Login'} · Admin · ${studioName}`;
  }, [location.pathname, signedIn]);
}

export default function AdminApp() {
  const signedIn = useAtomValue(isSignedInAtom);
  const markSignedIn = useSetAtom(markSignedInAtom);
  const markSignedOut = useSetAtom(markSignedOutAtom);
  const location = useLocation();
  useAdminDocument(signedIn);

  // Any 401 from an admin call means the session is over: show the login.
  useEffect(() => setUnauthorizedHandler(markSignedOut), [markSignedOut]);

  // A browser that forgot its note (another tab logged in, storage cleared) but still holds a live
  // session cookie goes straight in.
  useEffect(() => {
    if (signedIn) return;
    let current = true;
    request(api.auth.session.$get()).then(
      (session) => current && session.authenticated && markSignedIn(),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [signedIn, markSignedIn]);

  if (location.pathname === paths.login) return <Navigate to={paths.admin} replace />;
  // Once signed in, the same address shows its page (bare /admin goes on to the bookings).
  if (!signedIn) return <LoginForm />;

  return (
    <AdminLayout>
      <Routes>
        <Route index element={<Navigate to="bookings" replace />} />
        <Route path="bookings" element={<BookingsPage />} />
        <Route path="calendar" element={<CalendarPage />} />
        <Route path="therapists" element={<TherapistsPage />} />
        <Route path="menu" element={<MenuPage />} />
        <Route path="orders" element={<OrdersPage />} />
        <Route path="shop" element={<ShopPage />} />
        <Route path="coupons" element={<CouponsPage />} />
        <Route path="academy" element={<AcademyPage />} />
        <Route path="messages" element={<MessagesPage />} />
        <Route path="schedule" element={<SchedulePage />} />
        <Route path="*" element={<Navigate to="bookings" replace />} />
      </Routes>
    </AdminLayout>
  );
}
