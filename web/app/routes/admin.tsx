/** The staff area, loaded on demand (React.lazy in the router), so it never weighs on visitors. */
import { useAtomValue, useSetAtom } from 'jotai';
import { lazy, Suspense, useEffect } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { studioName } from '../../../worker/shared/site-pages';
import { AdminLayout } from '../../features/admin/admin-layout';
import { isSignedInAtom, markSignedInAtom } from '../../features/admin/admin-session';
import { LoginForm } from '../../features/admin/login-form';
import { api, request } from '../../lib/api-client';
import '../../styles/admin.css';

const BookingsPage = lazy(() => import('../../features/admin/bookings-page'));
const OrdersPage = lazy(() => import('../../features/admin/orders-page'));
const CouponsPage = lazy(() => import('../../features/admin/coupons-page'));
const AcademyPage = lazy(() => import('../../features/admin/academy-page'));

const sectionTitles: Record<string, string> = {
  bookings: 'Bookings',
  orders: 'Orders',
  coupons: 'Coupons',
  academy: 'Academy',
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
  useAdminDocument(signedIn);

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

  // Once signed in, the same address shows its page (bare /admin goes on to the bookings).
  if (!signedIn) return <LoginForm />;

  return (
    <AdminLayout>
      <Suspense
        fallback={
          <p className="admin-list__loading" role="status">
            Loading...
          </p>
        }
      >
        <Routes>
          <Route index element={<Navigate to="bookings" replace />} />
          <Route path="bookings" element={<BookingsPage />} />
          <Route path="orders" element={<OrdersPage />} />
          <Route path="coupons" element={<CouponsPage />} />
          <Route path="academy" element={<AcademyPage />} />
          <Route path="*" element={<Navigate to="bookings" replace />} />
        </Routes>
      </Suspense>
    </AdminLayout>
  );
}
