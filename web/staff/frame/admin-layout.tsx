import { useSetAtom } from 'jotai';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { can, roleLabels } from '../../../worker/shared/permissions';
import { CloseIcon, MenuIcon } from '../../components/ui/icons';
import { NavLink } from '../../components/ui/link';
import { paths } from '../../config/paths';
import { StatsStrip } from '../kits/stats-strip';
import { groups, type Section, sections, sectionsFor } from '../sections';
import { forgetTodayData, waitingChanges } from '../today/offline-day';
import { adminRequest, api } from './admin-api';
import { markSignedOutAtom, type StaffUser } from './admin-session';
import { SetupChecklist } from './setup-checklist';

/** The spec's breakpoint: the sidebar starts open at 768 px and wider. */
const wideScreen = '(min-width: 768px)';

/**
 * Whether the screen is wide and the sidebar open: it follows the breakpoint, and on a narrow
 * screen (an overlay) closes on navigation or Escape and holds the focus while open.
 */
function useSidebar() {
  const [wide, setWide] = useState(() => window.matchMedia(wideScreen).matches);
  const [open, setOpen] = useState(wide);
  const location = useLocation();
  const toggleRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const query = window.matchMedia(wideScreen);
    const update = () => {
      setWide(query.matches);
      setOpen(query.matches);
    };
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);

  // On a narrow screen, choosing a page closes the overlay.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation only.
  useEffect(() => {
    if (!wide) setOpen(false);
  }, [location.pathname]);

  // Beside the page, the sidebar keeps the current screen's item in view (it scrolls on a short screen).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation too.
  useEffect(() => {
    if (wide && open)
      document.querySelector('#admin-sidebar a[aria-current="page"]')?.scrollIntoView({ block: 'nearest' });
  }, [wide, open, location.pathname]);

  // The overlay takes the focus while it is open and gives it back to the menu button after.
  useEffect(() => {
    if (wide || !open) return;
    // The current screen's item, in view however long the menu (else the first item).
    const current = document.querySelector<HTMLElement>('#admin-sidebar a[aria-current="page"]');
    (current ?? document.querySelector<HTMLElement>('#admin-sidebar a'))?.focus();
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      toggleRef.current?.focus();
    };
  }, [wide, open]);

  return { wide, open, setOpen, toggleRef };
}

/** The screens that show the figures at a glance: the working screens (Today, Calendar …) keep the room for the work. */
const FIGURES_ON: readonly string[] = ['bookings', 'reports'];

/** The section in the address: `bookings` for `/admin/bookings`. */
function useSectionHere() {
  const { pathname } = useLocation();
  return pathname.slice(paths.admin.length + 1).split('/')[0] ?? '';
}

/**
 * The staff frame: a sidebar titled Dashboard (beside the page on wide screens, an overlay on
 * narrow ones that closes on a tap outside or Escape), the figures at a glance on Bookings and
 * Reports, then the page.
 */
export function AdminLayout({
  user,
  onlyAccount,
  children,
}: {
  user: StaffUser;
  /** A second factor must be added first: the menu holds Your account alone, and no figures. */
  onlyAccount?: boolean;
  children: ReactNode;
}) {
  const menu = onlyAccount ? sections.filter((section) => section.path === 'account') : sectionsFor(user.role);
  const { wide, open, setOpen, toggleRef } = useSidebar();
  const here = useSectionHere();

  const overlay = open && !wide;
  return (
    <div className={`admin${open ? ' admin--sidebar-open' : ''}`}>
      <header className="admin-topbar">
        <button
          ref={toggleRef}
          type="button"
          className="admin-topbar__toggle"
          aria-expanded={open}
          aria-controls="admin-sidebar"
          onClick={() => setOpen((isOpen) => !isOpen)}
        >
          {overlay ? <CloseIcon size={22} /> : <MenuIcon size={22} />}
          <span className="visually-hidden">{open ? 'Close menu' : 'Open menu'}</span>
        </button>
        <span className="admin-topbar__title">Studio admin</span>
      </header>
      {overlay ? <div className="admin-backdrop" aria-hidden="true" onClick={() => setOpen(false)} /> : null}
      <aside id="admin-sidebar" className="admin-sidebar" hidden={!open} aria-labelledby="admin-sidebar-title">
        <h2 id="admin-sidebar-title" className="admin-sidebar__title">
          Dashboard
        </h2>
        <nav aria-label="Admin sections">
          {groups.map((group) => (
            <MenuGroup key={group} heading={group} sections={menu.filter((section) => section.group === group)} />
          ))}
          <MenuGroup sections={menu.filter((section) => section.group === null)} />
        </nav>
        <p className="admin-sidebar__user">
          {user.name}
          <span className="admin-sidebar__role">{roleLabels[user.role]}</span>
        </p>
        <LogoutButton />
      </aside>
      <main className="admin-main" id="admin-main">
        {can(user.role, 'revenue') && !onlyAccount && FIGURES_ON.includes(here) ? <StatsStrip /> : null}
        {user.role === 'owner' && !onlyAccount && here === 'bookings' ? <SetupChecklist /> : null}
        {children}
      </main>
    </div>
  );
}

/** A group of the menu's links, named by its visible label (a list's name, not a heading: the page's own h1 may share it). */
function MenuGroup({ heading, sections: shown }: { heading?: string; sections: readonly Section[] }) {
  const labelId = useId();
  if (shown.length === 0) return null;
  return (
    <>
      {heading ? (
        <p className="admin-sidebar__group" id={labelId}>
          {heading}
        </p>
      ) : null}
      <ul
        className={heading ? 'admin-sidebar__links' : 'admin-sidebar__links admin-sidebar__links--apart'}
        aria-labelledby={heading ? labelId : undefined}
      >
        {shown.map((section) => (
          <li key={section.path}>
            <NavLink to={`${paths.admin}/${section.path}`} className="admin-sidebar__link">
              {section.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </>
  );
}

function LogoutButton() {
  const markSignedOut = useSetAtom(markSignedOutAtom);
  const [busy, setBusy] = useState(false);
  async function logout() {
    const waiting = waitingChanges().filter((change) => !change.refused).length;
    if (
      waiting > 0 &&
      !window.confirm(
        `${waiting} ${waiting === 1 ? 'change is' : 'changes are'} still waiting to send. Log out and lose them?`,
      )
    ) {
      return;
    }
    forgetTodayData();
    setBusy(true);
    try {
      await adminRequest(api.auth.logout.$post());
    } catch (error) {
      // The session may already be gone; the browser forgets it either way.
      console.info('Logout call failed', error);
    }
    markSignedOut();
    // A full reload, as the spec has it: nothing of the staff pages stays in memory.
    window.location.assign(paths.admin);
  }
  return (
    <button type="button" className="admin-sidebar__logout" disabled={busy} onClick={logout}>
      {busy ? 'Logging out...' : 'Logout'}
    </button>
  );
}
