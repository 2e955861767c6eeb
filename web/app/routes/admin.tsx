/**
 * The staff area: one chunk, loaded on demand (React.lazy in the router), so it never weighs on
 * visitors. Its screens are imported statically: splitting them further would split modules the
 * public pages share into more, smaller chunks on the visitors' side.
 */
import { useAtomValue, useSetAtom } from 'jotai';
import { type ReactNode, useEffect } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { studioName } from '../../../worker/shared/site-paths';
import { paths } from '../../config/paths';
import AcademyPage from '../../features/admin/academy-page';
import { setUnauthorizedHandler } from '../../features/admin/admin-api';
import { AdminLayout, sectionsFor } from '../../features/admin/admin-layout';
import { markSignedInAtom, markSignedOutAtom, staffUserAtom } from '../../features/admin/admin-session';
import { AdminPageHeader } from '../../features/admin/admin-ui';
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
  const user = useAtomValue(staffUserAtom);
  const markSignedIn = useSetAtom(markSignedInAtom);
  const markSignedOut = useSetAtom(markSignedOutAtom);
  const location = useLocation();
  useAdminDocument(user !== null);

  // Any 401 from an admin call means the session is over: show the login.
  useEffect(() => setUnauthorizedHandler(markSignedOut), [markSignedOut]);

  // The server says who the cookie signs in (a browser that forgot its note goes straight in; a
  // role changed since is shown as it is now; a session that ended shows the login).
  useEffect(() => {
    let current = true;
    request(api.auth.session.$get()).then(
      (session) => {
        if (!current) return;
        if (session.authenticated) markSignedIn(session.user);
        else markSignedOut();
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [markSignedIn, markSignedOut]);

  if (location.pathname === paths.login) return <Navigate to={paths.admin} replace />;
  // Once signed in, the same address shows its page (bare /admin goes on to the first screen).
  if (!user) return <LoginForm />;

  const sections = sectionsFor(user.role);
  const first = sections[0];
  return (
    <AdminLayout user={user}>
      <Routes>
        {sections.map((section) => (
          <Route key={section.path} path={section.path} element={screens[section.path]} />
        ))}
        <Route
          path="*"
          element={first ? <Navigate to={`${paths.admin}/${first.path}`} replace /> : <NothingForRole />}
        />
      </Routes>
    </AdminLayout>
  );
}

/** Each section's screen (admin-layout.tsx lists the sections and who may open them). */
const screens: Record<string, ReactNode> = {
  bookings: <BookingsPage />,
  calendar: <CalendarPage />,
  therapists: <TherapistsPage />,
  menu: <MenuPage />,
  orders: <OrdersPage />,
  shop: <ShopPage />,
  coupons: <CouponsPage />,
  academy: <AcademyPage />,
  messages: <MessagesPage />,
  schedule: <SchedulePage />,
};

/** A role with no screen yet (a therapist, until their own calendar comes). */
function NothingForRole() {
  return (
    <div className="admin-page">
      <AdminPageHeader title="Nothing to show yet" />
      <p>Your account has no screens yet. Please ask the studio owner.</p>
    </div>
  );
}
