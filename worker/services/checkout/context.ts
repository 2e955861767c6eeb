/**
 * What every step of the payment flow shares: its context (database, gateway, origin, clock,
 * outbox), what it tells the visitor, the limits on unpaid holds, and what a start answers.
 */
import type { Database } from '../../db/client';
import type { StudioDetails } from '../../messages/layout';
import { lagosDate } from '../../shared/time';
import type { NewMessage } from '../outbox/outbox';
import { type PaymentGateway, paymentSetupMessages } from '../payments/gateway';
import { HOLD_MINUTES, slotMessages } from '../schedule/slots';

export interface PaymentContext {
  db: Database;
  /** Undefined when payments are not configured (gateway.ts): nothing may start. */
  gateway: PaymentGateway | undefined;
  /** The site's own origin: callback URLs are built from it, never from the client. */
  origin: string;
  /** The secret the bookings' manage links are derived from (the pepper; services/bookings/manage-tokens.ts). */
  linkSecret: string;
  now: Date;
  /**
   * Queues messages through the outbox without making the visitor wait; the promise is there for
   * a caller that must know they are queued before it records that they were sent.
   */
  notify: (messages: NewMessage[]) => Promise<unknown>;
  /** The outbox's queue, for a gift voucher's delivery (it writes its messages in its own batch). */
  queue: Queue;
  /** A paid order took units off the shelf: the shop's page is rendered again (catalogue-pages.ts). */
  stockMoved: () => void;
  studio: StudioDetails;
}

export const paymentMessages = {
  initializeFailed: 'Payment initialization failed. Please try again.',
  amountChanged: 'The price has changed since you started. Please review the amount and try again.',
  payInFull: 'This booking must be paid in full. Please review the amount and try again.',
  slotFull: slotMessages.full,
  closed: slotMessages.closed,
  slotPast: 'That time has already passed. Please choose a later time.',
  datePast: 'That date has passed. Please choose a date from today onwards.',
  unknownReference: 'We could not find that payment.',
  notCompleted: 'Your payment has not been completed.',
  stillProcessing: 'Your payment is still being processed. Please check again in a moment.',
  checkedRecently: 'We asked Paystack about this payment less than a minute ago. Please check again in a minute.',
  mismatch: 'This payment does not match what was ordered. Please contact us and quote your reference.',
  tooManyHolds: (minutes: number) =>
    `You already have ${MAX_OPEN_HOLDS} bookings waiting for payment. Please finish paying for one of them, cancel one with "Cancel this payment" on the booking page, or try again in ${inMinutes(minutes)}.`,
  busyNetwork: (minutes: number) =>
    `Many bookings from your network are waiting for payment right now. Please try again in ${inMinutes(minutes)}, or message us on WhatsApp and we will book you in.`,
  tooManyOrders: (minutes: number) =>
    `You already have ${MAX_OPEN_HOLDS} orders waiting for payment. Please finish paying for one of them, or try again in ${inMinutes(minutes)}.`,
  busyNetworkOrders: (minutes: number) =>
    `Many orders from your network are waiting for payment right now. Please try again in ${inMinutes(minutes)}, or message us on WhatsApp and we will take your order.`,
  notConfigured: paymentSetupMessages.notConfigured,
  tooManyVouchers: (holds: number) =>
    `You already have ${holds} gift vouchers waiting for payment. Please finish paying for one of them, or try again in ${HOLD_MINUTES} minutes.`,
  alreadyPaid:
    'This payment has already been made. You can manage your booking from the link in your confirmation email.',
} as const;

const inMinutes = (minutes: number) => `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;

/**
 * Unpaid holds one email address may have at once. Each hold keeps a place for 30 minutes;
 * without a cap one script could hold every slot of a day without paying. A new start for the
 * same slot replaces the visitor's earlier hold instead of adding one, so retrying a declined
 * card never counts against it.
 */
export const MAX_OPEN_HOLDS = 3;

/**
 * Unpaid holds one network (an IPv4 address or IPv6 /64) may have at once: higher than a
 * person's, because Nigerian mobile carriers put many customers behind one address (CGNAT).
 */
export const MAX_OPEN_HOLDS_PER_NETWORK = 10;

export const confirmationPaths = {
  booking: '/booking-confirmation-pg',
  order: '/order-confirmation-pg',
  voucher: '/gift-voucher-confirmation',
  package: '/package-confirmation',
  // One page confirms what was bought on /packages: a package or a membership.
  membership: '/package-confirmation',
} as const;

export type InitializeResult =
  | { ok: true; reference: string; authorizationUrl: string }
  | {
      ok: false;
      status: 400 | 409 | 502 | 503;
      message: string;
      expectedAmount?: number;
      /** A cart asking for more than is left: what each such size has. */
      stock?: Array<{ productId: string; size: string; left: number }>;
    }
  | { ok: false; status: 429; message: string; retryAfterSeconds: number };

export interface InitializeRequest {
  /** What the client thinks it pays, in kobo. */
  amount: number;
  email: string;
  /** `{"details": {...}}`, as JSON text (as the spec's client sends it) or as an object. */
  metadata: unknown;
  /** The client's network as a keyed digest (services/signing.ts), when Cloudflare gave one. */
  clientKey?: string;
  /** The hash of the paying browser's key (middleware/payer-cookie.ts). */
  browserKeyHash: string;
}

/** A Paystack-safe reference (letters, digits and dashes), unique and unguessable. */
export function newReference(prefix: string): string {
  return `${prefix}-${lagosDate(new Date()).replace(/-/g, '')}-${crypto.randomUUID().replace(/-/g, '').slice(0, 16)}`;
}
