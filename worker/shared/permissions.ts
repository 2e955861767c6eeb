/**
 * Who on the team may do what: one table, read by the Worker's one access middleware (every staff
 * route names the permission it needs in worker/middleware/staff-access.ts) and by the admin's
 * menus (a screen a role may not use is not offered). Never `if (role === …)` anywhere else.
 */

export const staffRoles = ['owner', 'manager', 'reception', 'therapist'] as const;
export type StaffRole = (typeof staffRoles)[number];

export const roleLabels: Record<StaffRole, string> = {
  owner: 'Owner',
  manager: 'Manager',
  reception: 'Reception',
  therapist: 'Therapist',
};

/**
 * Each permission and the roles that have it. A therapist's own calendar and bookings come with
 * the scheduling of the bookings they give (not yet: until then a therapist's account opens no
 * staff screen).
 */
export const permissions = {
  /** The calendar, the bookings list, taking a booking by phone and changing one. */
  bookings: ['owner', 'manager', 'reception'],
  /** The shop's orders: shipping, delivering and cancelling them. */
  orders: ['owner', 'manager', 'reception'],
  /** Reading the team, the rooms, the menu and the schedule settings, as booking needs them. */
  scheduleRead: ['owner', 'manager', 'reception'],
  /** Revenue figures (the dashboard's numbers). */
  revenue: ['owner', 'manager'],
  /** CSV exports of bookings, orders and the waitlist. */
  exports: ['owner', 'manager'],
  coupons: ['owner', 'manager'],
  /** The academy waitlist, bulk email and WhatsApp, and the message log. */
  campaigns: ['owner', 'manager'],
  /** Therapists, rooms, hours, days off, closed days and the schedule's settings. */
  settings: ['owner', 'manager'],
  /** Treatments, products, prices, stock and photos. */
  catalogue: ['owner', 'manager'],
  /** Staff accounts and the activity log. */
  team: ['owner'],
} as const satisfies Record<string, readonly StaffRole[]>;

export type Permission = keyof typeof permissions;

export const can = (role: StaffRole, permission: Permission): boolean =>
  (permissions[permission] as readonly StaffRole[]).includes(role);

export const accessMessages = {
  forbidden: 'Your role does not include this. Please ask the studio owner.',
} as const;
