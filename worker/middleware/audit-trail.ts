/**
 * Who did what, recorded in one place: every change a member of the team makes through the API,
 * every sign-in (and failed one) and every password event, after the handler has answered. One
 * table names each such route's action and the few body fields that say what changed (never a
 * client's contact details, a password or a token); a test checks that every staff route that
 * changes something is in it, so a new one cannot go unrecorded.
 */
import type { Context } from 'hono';
import { routePath } from 'hono/route';
import { type AppEnv, factory } from '../env';
import type { BookingView } from '../services/bookings/bookings';
import { EMAIL_SHAPED } from '../services/staff/admin-login';
import { recordAudit } from '../services/staff/audit-log';
import type { AuditAction } from '../shared/audit-actions';
import { afterResponse } from './after-response';

interface AuditedRoute {
  /** The action, or how the body decides it (one route, several kinds of change). */
  action: AuditAction | ((body: Record<string, unknown>) => AuditAction);
  /** The body's fields that say what changed. */
  keep?: readonly string[];
}

const statusActions: Record<string, AuditAction> = {
  arrived: 'booking-arrived',
  'no-show': 'booking-no-show',
  booked: 'booking-reopened',
  completed: 'booking-complete',
  cancelled: 'booking-cancel',
};

const bookingChange = (body: Record<string, unknown>): AuditAction =>
  (typeof body.serviceStatus === 'string' ? statusActions[body.serviceStatus] : undefined) ??
  (body.payment ? 'booking-paid' : 'booking-move');

/** What a coupon's entry keeps: every field of it (none is personal). */
const couponFields = [
  'code',
  'type',
  'discount',
  'minAmount',
  'expiryDate',
  'active',
  'maxUses',
  'oncePerCustomer',
  'startsAt',
  'appliesTo',
];

export const auditedRoutes: Record<string, AuditedRoute> = {
  'POST /api/auth/login': { action: 'sign-in' },
  'POST /api/auth/login/totp': { action: 'sign-in' },
  'POST /api/auth/passkey-login': { action: 'sign-in' },
  'POST /api/auth/passkeys/options': { action: 'passkey-start' },
  'POST /api/auth/passkeys': { action: 'passkey-add', keep: ['name'] },
  'DELETE /api/auth/passkeys/:id': { action: 'passkey-remove' },
  'POST /api/auth/totp/setup': { action: 'totp-start' },
  'POST /api/auth/totp': { action: 'totp-enable' },
  'DELETE /api/auth/totp': { action: 'totp-disable' },
  'POST /api/auth/confirm': { action: 'identity-confirm' },
  'POST /api/auth/invitations/accept': { action: 'invitation-accepted' },
  'POST /api/auth/password/reset': { action: 'password-reset' },
  'POST /api/auth/password': { action: 'password-change' },
  'POST /api/auth/sign-out-everywhere': { action: 'sign-out-everywhere' },
  'POST /api/bookings': { action: 'booking-create', keep: ['date', 'time', 'therapistId', 'payment'] },
  // Never the notes themselves (health data).
  'POST /api/bookings/:id/notes': { action: 'visit-notes' },
  'POST /api/time-waitlist/:id/offer': { action: 'waitlist-offer', keep: ['date', 'time', 'therapistId'] },
  'DELETE /api/time-waitlist/:id': { action: 'waitlist-remove' },
  'POST /api/packages': { action: 'package-create', keep: ['name', 'sessions', 'price', 'validMonths', 'shown'] },
  'POST /api/packages/:id/sales': { action: 'package-sell', keep: ['payment'] },
  'POST /api/memberships': {
    action: 'membership-plan-create',
    keep: ['name', 'price', 'sessionsPerMonth', 'shopPercent', 'shown'],
  },
  'PUT /api/memberships/:id': {
    action: 'membership-plan-update',
    keep: ['name', 'price', 'sessionsPerMonth', 'shopPercent', 'shown'],
  },
  'PUT /api/commissions/:therapistId': { action: 'commission-update', keep: ['percent', 'treatments'] },
  'PUT /api/packages/:id': { action: 'package-update', keep: ['name', 'sessions', 'price', 'validMonths', 'shown'] },
  'PUT /api/bookings/:id': {
    action: bookingChange,
    keep: ['serviceStatus', 'refund', 'date', 'time', 'therapistId', 'payment'],
  },
  'PUT /api/orders/:id': { action: 'order-update', keep: ['orderStatus', 'refund'] },
  'POST /api/create-coupons': { action: 'coupon-create', keep: couponFields },
  'PUT /api/coupons/:id': { action: 'coupon-update', keep: couponFields },
  'PATCH /api/coupons/:id': { action: 'coupon-update', keep: ['active'] },
  'DELETE /api/coupons/:id': { action: 'coupon-delete' },
  'POST /api/vouchers': { action: 'voucher-sell', keep: ['amount', 'treatment', 'deliverOn', 'payment'] },
  'POST /api/vouchers/:id/resend': { action: 'voucher-resend' },
  'POST /api/vouchers/:id/void': { action: 'voucher-void', keep: ['reason'] },
  'PUT /api/reviews/:id': { action: 'review-moderate', keep: ['status', 'reply'] },
  'POST /api/send-bulk-email': { action: 'campaign-email', keep: ['subject'] },
  'POST /api/send-whatsapp-bulk': { action: 'campaign-whatsapp' },
  'POST /api/closures': { action: 'closure-add', keep: ['date', 'reason'] },
  'DELETE /api/closures/:date': { action: 'closure-remove' },
  'POST /api/staff': { action: 'therapist-create', keep: ['name'] },
  'PUT /api/staff/:id': { action: 'therapist-update', keep: ['name', 'active'] },
  'POST /api/staff/:id/time-off': { action: 'time-off-add', keep: ['date', 'reason'] },
  'DELETE /api/staff/:id/time-off/:date': { action: 'time-off-remove' },
  'POST /api/rooms': { action: 'room-create', keep: ['name'] },
  'PUT /api/rooms/:id': { action: 'room-update', keep: ['name', 'active'] },
  'PUT /api/schedule-settings': {
    action: 'settings-update',
    keep: [
      'startStepMinutes',
      'healthRetentionMonths',
      'voucherValidityMonths',
      'deskVoucherDailyLimit',
      'noShowLimit',
      'offerMinutes',
    ],
  },
  'POST /api/treatments': { action: 'treatment-create', keep: ['name', 'price', 'active'] },
  'PUT /api/treatments/:id': { action: 'treatment-update', keep: ['name', 'price', 'active', 'depositPercent'] },
  'POST /api/products': { action: 'product-create', keep: ['name', 'active'] },
  'PUT /api/products/:id': { action: 'product-update', keep: ['name', 'active'] },
  'POST /api/uploads': { action: 'photo-upload' },
  'POST /api/team': { action: 'team-invite', keep: ['name', 'email', 'role'] },
  'PUT /api/team/:id': { action: 'team-update', keep: ['role', 'active'] },
  'POST /api/team/:id/invitation': { action: 'team-invitation-resend' },
  'POST /api/team/:id/second-factor/reset': { action: 'team-second-factor-reset' },
  // Never the notes themselves, nor anything of an erased person.
  'PUT /api/clients/:id': { action: 'client-notes' },
  'POST /api/clients/:id/no-show-rule/lift': { action: 'client-no-show-lift' },
  'DELETE /api/clients/:id': { action: 'client-erase' },
};

/** Routes whose refusal is a failed sign-in (recorded too). */
const signInRoutes: ReadonlySet<string> = new Set([
  'POST /api/auth/login',
  'POST /api/auth/login/totp',
  'POST /api/auth/passkey-login',
]);

const MAX_DETAIL_LENGTH = 200;

/** The kept fields of a JSON body (a multipart upload keeps none). */
async function keptFields(c: Context<AppEnv>, keep: readonly string[]): Promise<Record<string, unknown>> {
  if (keep.length === 0 || !c.req.header('Content-Type')?.startsWith('application/json')) return {};
  const body = (await c.req.json().catch(() => ({}))) as Record<string, unknown>;
  const kept: Record<string, unknown> = {};
  for (const key of keep) {
    const value = body[key];
    if (value === undefined) continue;
    kept[key] = typeof value === 'string' ? value.slice(0, MAX_DETAIL_LENGTH) : value;
  }
  return kept;
}

/** What the answer was about and who it signed in: its `_id` (or its booking's), its user. */
async function answered(c: Context<AppEnv>) {
  try {
    const body = (await c.res.clone().json()) as {
      _id?: unknown;
      booking?: { _id?: unknown };
      data?: { user?: { _id: string; name: string } };
    };
    const id = body._id ?? body.booking?._id;
    return { id: typeof id === 'string' ? id : null, user: body.data?.user ?? null };
  } catch {
    return { id: null, user: null };
  }
}

/**
 * The name a failed sign-in typed, kept only when it is a name (an email, the install's username,
 * or one that matched an account): people type their password into the username field, and that
 * must not sit in the log for two years. Any other text is withheld, and the entry says so.
 */
function typedName(typed: string, adminUsername: string, matchedAccount: boolean) {
  if (typed === '' || EMAIL_SHAPED.test(typed) || typed === adminUsername.trim().toLowerCase() || matchedAccount) {
    return { username: typed };
  }
  return { username: null, usernameWithheld: true };
}

export const auditTrail = factory.createMiddleware(async (c, next) => {
  const route = `${c.req.method} ${routePath(c, -1)}`;
  const audited = auditedRoutes[route];
  if (!audited) return next();
  await next();
  const status = c.res.status;
  const signIn = signInRoutes.has(route);
  // A refused sign-in is recorded; a malformed request (400) changes nothing, as any bad input.
  if (status >= 400 && !(signIn && (status === 401 || status === 429))) return;
  const address = c.req.header('CF-Connecting-IP') ?? null;
  if (status >= 400) {
    const { username } = (await c.req.json().catch(() => ({}))) as { username?: unknown };
    const typed = typeof username === 'string' ? username.trim().toLowerCase().slice(0, 100) : '';
    const how =
      route === 'POST /api/auth/login' ? {} : { with: route.endsWith('totp') ? 'authenticator code' : 'passkey' };
    const account = c.var.signInAccount;
    const details = {
      ...typedName(typed, c.env.ADMIN_USERNAME, Boolean(account)),
      ...how,
      ...(account ? { account: account.name } : {}),
      ...(status === 429 ? { locked: true } : {}),
    };
    const target = account?._id ?? null;
    afterResponse(c, recordAudit(c.var.db, { actor: null, action: 'sign-in-failed', target, details, address }));
    return;
  }
  const body = c.req.header('Content-Type')?.startsWith('application/json')
    ? ((await c.req.json().catch(() => ({}))) as Record<string, unknown>)
    : {};
  const action = typeof audited.action === 'function' ? audited.action(body) : audited.action;
  const reply = await answered(c);
  const params = c.req.param() as Record<string, string | undefined>;
  const member = c.var.staff;
  const actor = member ? { _id: member._id, name: member.name } : reply.user;
  // A right password with a second step to come is not a sign-in yet.
  if (signIn && !actor) return;
  const target = params.id ?? params.date ?? reply.id ?? null;
  const details = {
    ...(await keptFields(c, audited.keep ?? [])),
    ...(params.id && params.date ? { date: params.date } : {}),
  };
  afterResponse(c, recordAudit(c.var.db, { actor, action, target, details, address }));
});

/**
 * A read of personal data by a member of the team (a client's record, a CSV export, a client's
 * data download, the Messages screen's list, a message or its preview): one entry with who, what,
 * about whom and from where, after the answer.
 */
export function recordStaffRead(
  c: Context<AppEnv>,
  action: 'client-view' | 'csv-export' | 'client-export' | 'messages-view',
  about: { target?: string; details?: Record<string, unknown> } = {},
): void {
  recordStaffEntry(c, action, about);
}

/**
 * A signed-in member's refused proof of who they are (a wrong current password when changing it,
 * a wrong password or code when confirming it is them): the middleware records no refusal but a
 * sign-in's, so the route records this one itself, with `locked: true` for a 429.
 */
export function recordStaffRefusal(
  c: Context<AppEnv>,
  action: 'password-change-failed' | 'identity-confirm-failed',
  details: Record<string, unknown>,
): void {
  recordStaffEntry(c, action, { details });
}

function recordStaffEntry(
  c: Context<AppEnv>,
  action: AuditAction,
  about: { target?: string; details?: Record<string, unknown> },
): void {
  const member = c.var.staff;
  if (!member) return;
  const entry = {
    actor: { _id: member._id, name: member.name },
    action,
    target: about.target ?? null,
    details: about.details ?? {},
    address: c.req.header('CF-Connecting-IP') ?? null,
  };
  afterResponse(c, recordAudit(c.var.db, entry));
}

/**
 * A view of clients' health answers: the bookings whose declared answers (a condition or a
 * medication) just went to the member, in one entry.
 */
export function recordHealthView(
  c: Context<AppEnv>,
  shown: Array<Pick<BookingView, '_id' | 'healthConditions' | 'onMedication' | 'notes'>>,
): void {
  const bookings = shown
    .filter(
      (booking) =>
        (booking.healthConditions?.length ?? 0) > 0 || booking.onMedication === true || Boolean(booking.notes),
    )
    .map((booking) => booking._id);
  recordBookingsView(c, 'health-view', bookings);
}

/** A view of visit notes (health data): the visits whose notes, or whose client's last notes, went to the member. */
export function recordVisitNotesView(c: Context<AppEnv>, bookings: string[]): void {
  recordBookingsView(c, 'visit-notes-view', bookings);
}

/** One entry for what health data of which bookings went to the member; none when none did. */
function recordBookingsView(c: Context<AppEnv>, action: 'health-view' | 'visit-notes-view', bookings: string[]) {
  const member = c.var.staff;
  if (!member || bookings.length === 0) return;
  const entry = {
    actor: { _id: member._id, name: member.name },
    action,
    details: { bookings },
    address: c.req.header('CF-Connecting-IP') ?? null,
  };
  afterResponse(c, recordAudit(c.var.db, entry));
}
