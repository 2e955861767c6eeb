/**
 * The staff area: one chunk, loaded on demand (React.lazy in the router), so it never weighs on
 * visitors. Its screens are imported statically: splitting them further would split modules the
 * public pages share into more, smaller chunks on the visitors' side.
 */
import { useAtomValue, useSetAtom } from 'jotai';
import { lazy, type ReactNode, Suspense, useEffect } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { can } from '../../../worker/shared/permissions';
import { sitePaths, studioName } from '../../../worker/shared/site-paths';
import { paths } from '../../config/paths';
import { api, request } from '../../lib/api-client';
import AcademyPage from '../../staff/academy/academy-page';
import MessagesPage from '../../staff/academy/messages-page';
import AccountPage from '../../staff/account/account-page';
import { ChoosePasswordPage } from '../../staff/account/choose-password-page';
import { LoginForm } from '../../staff/account/login-form';
import BookingsPage from '../../staff/bookings/bookings-page';
import CalendarPage from '../../staff/bookings/calendar-page';
import ClientPage from '../../staff/clients/client-page';
import ClientsPage from '../../staff/clients/clients-page';
import CouponsPage from '../../staff/coupons/coupons-page';
import { setUnauthorizedHandler } from '../../staff/frame/admin-api';
import { AdminLayout } from '../../staff/frame/admin-layout';
import {
  markSignedInAtom,
  markSignedOutAtom,
  secondFactorSetupRequiredAtom,
  staffUserAtom,
} from '../../staff/frame/admin-session';
import MenuPage from '../../staff/menu/menu-page';
import OrdersPage from '../../staff/orders/orders-page';
import PackagesPage from '../../staff/packages/packages-page';
import ReviewsPage from '../../staff/reviews/reviews-page';
import SchedulePage from '../../staff/schedule/schedule-page';
import TherapistsPage from '../../staff/schedule/therapists-page';
import { landingFor, sections, sectionsFor } from '../../staff/sections';
import ShopPage from '../../staff/shop/shop-page';
import ActivityPage from '../../staff/team/activity-page';
import TeamPage from '../../staff/team/team-page';
import StaffTimeWaitlistPage from '../../staff/time-waitlist/time-waitlist-page';
import TodayPage from '../../staff/today/today-page';
import VouchersPage from '../../staff/vouchers/vouchers-page';
import '../../styles/admin.css';

// Reports and its charts are read by owners and managers only: a chunk of their own.
const ReportsPage = lazy(() => import('../../staff/reports/reports-page'));

const sectionTitles: Record<string, string> = Object.fromEntries(
  sections.map((section) => [section.path, section.label]),
);

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
    // Installable on a phone's home screen, opening on Today (web/public/admin.webmanifest).
    if (!document.head.querySelector('link[rel="manifest"]')) {
      const manifest = document.createElement('link');
      manifest.rel = 'manifest';
      manifest.href = '/admin.webmanifest';
      document.head.append(manifest);
    }
  }, []);
  // Signed in, the staff area keeps its page and scripts for when the network goes
  // (web/public/admin-sw.js, scope /admin only: the public pages never load it).
  useEffect(() => {
    if (signedIn && 'serviceWorker' in navigator) {
      navigator.serviceWorker
        .register('/admin-sw.js', { scope: '/admin' })
        .then(() => navigator.serviceWorker.ready)
        .then((registration) => {
          // What this page loaded (the admin's lazy chunks among it), for the worker to keep.
          const urls = performance
            .getEntriesByType('resource')
            .map((entry) => entry.name)
            .filter((url) => new URL(url).pathname.startsWith('/assets/'));
          registration.active?.postMessage({ type: 'keep', urls });
        })
        .catch((error: unknown) => {
          console.info('The staff area could not be kept for offline use', error);
        });
    }
  }, [signedIn]);
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
  const setupRequired = useAtomValue(secondFactorSetupRequiredAtom);
  useAdminDocument(user !== null);

  // Any 401 from an admin call means the session is over: show the login.
  useEffect(() => setUnauthorizedHandler(markSignedOut), [markSignedOut]);

  // The server says who the cookie signs in (a browser that forgot its note goes straight in; a
  // role changed since is shown as it is now; a session that ended shows the login), again after
  // each sign-in, with whether a second factor must be added first.
  const setSetupRequired = useSetAtom(secondFactorSetupRequiredAtom);
  const signedInId = user?._id;
  // biome-ignore lint/correctness/useExhaustiveDependencies: asks again when someone signs in.
  useEffect(() => {
    let current = true;
    request(api.auth.session.$get()).then(
      (session) => {
        if (!current) return;
        if (session.authenticated) {
          markSignedIn(session.user);
          setSetupRequired('secondFactorSetupRequired' in session);
        } else markSignedOut();
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [markSignedIn, markSignedOut, setSetupRequired, signedInId]);

  if (location.pathname === paths.login) return <Navigate to={paths.admin} replace />;
  // The pages an invitation or reset email opens, signed in or not.
  if (location.pathname === sitePaths.staffWelcome) return <ChoosePasswordPage purpose="invitation" />;
  if (location.pathname === sitePaths.staffPasswordReset) return <ChoosePasswordPage purpose="password-reset" />;
  // Once signed in, the same address shows its page (bare /admin goes on to the first screen).
  if (!user) return <LoginForm />;

  // Until a second factor is added, only Your account.
  if (setupRequired) {
    return (
      <AdminLayout user={user} onlyAccount>
        <Routes>
          <Route path="*" element={<AccountPage secondFactorSetupRequired />} />
        </Routes>
      </AdminLayout>
    );
  }

  const roleSections = sectionsFor(user.role);
  const first = landingFor(user.role);
  return (
    <AdminLayout user={user}>
      <Routes>
        {roleSections.map((section) => (
          <Route key={section.path} path={section.path} element={screens[section.path]} />
        ))}
        {can(user.role, 'clients') ? <Route path="clients/:id" element={<ClientPage />} /> : null}
        <Route path="*" element={<Navigate to={`${paths.admin}/${first}`} replace />} />
      </Routes>
    </AdminLayout>
  );
}

/** Each section's screen (admin-layout.tsx lists the sections and who may open them). */
const screens: Record<string, ReactNode> = {
  today: <TodayPage />,
  bookings: <BookingsPage />,
  calendar: <CalendarPage />,
  waitlist: <StaffTimeWaitlistPage />,
  clients: <ClientsPage />,
  therapists: <TherapistsPage />,
  menu: <MenuPage />,
  orders: <OrdersPage />,
  shop: <ShopPage />,
  coupons: <CouponsPage />,
  packages: <PackagesPage />,
  reviews: <ReviewsPage />,
  vouchers: <VouchersPage />,
  academy: <AcademyPage />,
  messages: <MessagesPage />,
  schedule: <SchedulePage />,
  team: <TeamPage />,
  activity: <ActivityPage />,
  reports: (
    <Suspense fallback={<p>Loading...</p>}>
      <ReportsPage />
    </Suspense>
  ),
  account: <AccountPage />,
};
