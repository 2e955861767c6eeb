/**
 * The staff app's one table of its sections: each screen's path under /admin, its menu label and
 * heading, and the permission that opens it. The menu, the routes and where a person lands after
 * signing in are all read from it.
 */
import { can, type Permission, type StaffRole } from '../../worker/shared/permissions';

/** The menu's headings, in order (a screen without one, Your account, comes last). */
export const groups = ['The day', 'Clients', 'Selling', 'Messages', 'The studio'] as const;

/**
 * The staff screens in menu order, each under its heading with the permission that opens it
 * (null: everyone's). Near twenty screens: grouped, so a phone's menu reads at a glance.
 */
export const sections = [
  { path: 'today', label: 'Today', permission: 'calendar', group: 'The day' },
  { path: 'bookings', label: 'Bookings', permission: 'calendar', group: 'The day' },
  { path: 'calendar', label: 'Calendar', permission: 'calendar', group: 'The day' },
  { path: 'waitlist', label: 'Waitlist', permission: 'timeWaitlist', group: 'The day' },
  { path: 'clients', label: 'Clients', permission: 'clients', group: 'Clients' },
  { path: 'reviews', label: 'Reviews', permission: 'reviews', group: 'Clients' },
  { path: 'orders', label: 'Orders', permission: 'orders', group: 'Selling' },
  { path: 'vouchers', label: 'Gift Vouchers', permission: 'vouchers', group: 'Selling' },
  { path: 'packages', label: 'Packages', permission: 'catalogue', group: 'Selling' },
  { path: 'coupons', label: 'Coupons', permission: 'coupons', group: 'Selling' },
  { path: 'menu', label: 'Menu', permission: 'catalogue', group: 'Selling' },
  { path: 'shop', label: 'Shop', permission: 'catalogue', group: 'Selling' },
  { path: 'academy', label: 'Academy', permission: 'campaigns', group: 'Messages' },
  { path: 'messages', label: 'Messages', permission: 'campaigns', group: 'Messages' },
  { path: 'reports', label: 'Reports', permission: 'reports', group: 'The studio' },
  { path: 'therapists', label: 'Therapists', permission: 'settings', group: 'The studio' },
  { path: 'schedule', label: 'Schedule', permission: 'settings', group: 'The studio' },
  { path: 'team', label: 'Team', permission: 'team', group: 'The studio' },
  { path: 'activity', label: 'Activity', permission: 'team', group: 'The studio' },
  { path: 'account', label: 'Your account', permission: null, group: null },
] as const satisfies ReadonlyArray<{
  path: string;
  label: string;
  permission: Permission | null;
  group: (typeof groups)[number] | null;
}>;

export type Section = (typeof sections)[number];

/** The screens `role` may open: its menu, and the only routes the staff area has for it. */
export const sectionsFor = (role: StaffRole) =>
  sections.filter((section) => section.permission === null || can(role, section.permission));

/**
 * Where `role` lands after signing in: reception and therapists on Today (the day's work, one
 * hand on a phone), owners and managers on Bookings, else the first screen it may open.
 */
export function landingFor(role: StaffRole): string {
  const open = sectionsFor(role).map((section) => section.path as string);
  const wanted = role === 'owner' || role === 'manager' ? 'bookings' : 'today';
  return open.includes(wanted) ? wanted : (open[0] ?? 'account');
}
