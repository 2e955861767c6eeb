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

/** Each permission and the roles that have it. */
export const permissions = {
  /** Reading the calendar and the bookings list. */
  calendar: ['owner', 'manager', 'reception', 'therapist'],
  /** Every therapist's bookings; without it a person sees only the bookings they give. */
  allBookings: ['owner', 'manager', 'reception'],
  /**
   * The clients' health answers (sensitive data, NDPA 2023): for those who care for the client. A
   * therapist sees only their own bookings, so only their own clients' answers.
   */
  healthAnswers: ['owner', 'manager', 'therapist'],
  /**
   * Marking a visit arrived, completed or a no-show (or booked again the same day): a therapist
   * their own visits only, as `allBookings` says.
   */
  visitStatus: ['owner', 'manager', 'reception', 'therapist'],
  /** Taking a booking by phone and changing one: moving, cancelling, marking paid. */
  bookings: ['owner', 'manager', 'reception'],
  /**
   * Booking a client's next visit with oneself, to be paid at the studio: a therapist after a
   * visit ("Book the next visit" on Today). With `bookings`, any booking.
   */
  ownNextVisit: ['owner', 'manager', 'reception', 'therapist'],
  /** The waitlist for full times: who waits for a day, offering a freed place by hand, removing an entry. */
  timeWaitlist: ['owner', 'manager', 'reception'],
  /** The Clients screen: finding a person, their visits, orders and contact details, staff notes. */
  clients: ['owner', 'manager', 'reception'],
  /** A client's full copy of their data, and erasing them (NDPA 2023). */
  clientData: ['owner'],
  /** The shop's orders: shipping, delivering and cancelling them. */
  orders: ['owner', 'manager', 'reception'],
  /** Reading the team, the rooms, the menu and the schedule settings, as booking needs them. */
  scheduleRead: ['owner', 'manager', 'reception', 'therapist'],
  /** Revenue figures (the dashboard's numbers). */
  revenue: ['owner', 'manager'],
  /** The Reports screen, the commissions for payroll and the therapists' commission settings. */
  reports: ['owner', 'manager'],
  /** CSV exports of bookings, orders and the waitlist. */
  exports: ['owner', 'manager'],
  coupons: ['owner', 'manager'],
  /** The Vouchers screen: finding, resending and selling gift vouchers at the desk. */
  vouchers: ['owner', 'manager', 'reception'],
  /** Voiding a gift voucher (money the studio owes). */
  voucherVoid: ['owner', 'manager'],
  /** The Reviews screen: approving, hiding and answering clients' reviews (what the public reads). */
  reviews: ['owner', 'manager'],
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

/**
 * Roles that must sign in with a second factor (a passkey or an authenticator app) wherever the
 * site is public: those who can see the money and change everything.
 */
export const secondFactorRoles = ['owner', 'manager'] as const satisfies readonly StaffRole[];

/** A signed-in member of staff, as the session and the routes know them. */
export interface StaffMember {
  _id: string;
  name: string;
  email: string | null;
  role: StaffRole;
  therapistId: string | null;
}
