/**
 * The D1 schema. Money is whole naira (kobo exist only at the Paystack boundary); timestamps are
 * ISO-8601 UTC text; appointment dates and times are the studio's local (Africa/Lagos) wall time.
 * Rules the data must always keep are constraints here, so no code path can break them.
 */
import { sql } from 'drizzle-orm';
import {
  type AnySQLiteColumn,
  check,
  index,
  integer,
  primaryKey,
  real,
  sqliteTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/sqlite-core';
import { MAX_DURATION_MINUTES, MAX_PRICE } from '../shared/catalogue/catalogue-rules';
import { couponScopes, couponTypes } from '../shared/catalogue/coupon-rules';
import { messageChannels, messageStatuses, messageTemplates } from '../shared/message-kinds';
import { staffRoles } from '../shared/permissions';
import { MEMBERSHIP_SESSIONS, MEMBERSHIP_SHOP_PERCENT_MAX } from '../shared/prepaid/membership-rules';
import { PACKAGE_NAME_MAX, PACKAGE_SESSIONS, PACKAGE_VALID_MONTHS } from '../shared/prepaid/package-rules';
import {
  orderStatuses,
  paymentKinds,
  paymentMethods,
  paymentStatuses,
  reviewKinds,
  reviewStatuses,
  serviceStatuses,
  studioPaymentMethods,
  testCheckoutOutcomes,
} from '../shared/statuses';
import { emailKeyColumn, phoneKeyColumn } from './contact-keys';

const id = () =>
  text('id')
    .primaryKey()
    .$defaultFn(() => crypto.randomUUID());

const utcNow = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;
const createdAt = () => text('created_at').notNull().default(utcNow);

const oneOf = (column: string, values: readonly string[]) =>
  sql.raw(`${column} in (${values.map((value) => `'${value}'`).join(', ')})`);

/** One row per Paystack transaction, created at initialize and settled by verify, webhook or cron. */
export const payments = sqliteTable(
  'payments',
  {
    reference: text('reference').primaryKey(),
    kind: text('kind', { enum: paymentKinds }).notNull(),
    status: text('status', { enum: paymentStatuses }).notNull().default('pending'),
    /**
     * What this payment takes, in naira: the catalogue total less the coupon, less what a gift
     * voucher pays and what is left to pay at the studio (a deposit's rest).
     */
    amount: integer('amount').notNull(),
    /** Catalogue total before the coupon, in naira. */
    subtotal: integer('subtotal').notNull(),
    discount: integer('discount').notNull().default(0),
    /** A treatment paid by deposit: the rest, paid at the studio at the visit. */
    dueAtStudio: integer('due_at_studio').notNull().default(0),
    /** The gift voucher that pays part (or all) of it, and how much of its balance. */
    voucherId: text('voucher_id'),
    voucherAmount: integer('voucher_amount').notNull().default(0),
    couponCode: text('coupon_code'),
    email: text('email').notNull(),
    /** The server's own priced copy of the booking or order details (JSON). */
    details: text('details', { mode: 'json' }).notNull(),
    /** Booking slot held while the payment is pending (Lagos date and hour). */
    slotDate: text('slot_date'),
    slotTime: text('slot_time'),
    holdExpiresAt: text('hold_expires_at'),
    createdAt: createdAt(),
    paidAt: text('paid_at'),
    /** Only without a Paystack key: what the visitor chose on the built-in test checkout. */
    testCheckoutOutcome: text('test_checkout_outcome', { enum: testCheckoutOutcomes }),
    /**
     * A keyed digest of the client's address (services/signing.ts), never the address: counts
     * the unpaid holds one connection has open at once.
     */
    clientKey: text('client_key'),
    /**
     * SHA-256 of the random cookie set on the browser that started the payment: verify gives the
     * manage link and personal details only to that browser (the reference alone travels widely).
     */
    browserKeyHash: text('browser_key_hash'),
    /** When verify last asked Paystack about it: at most once a minute per reference (services/checkout/settle.ts). */
    gatewayCheckedAt: text('gateway_checked_at'),
    method: text('method', { enum: paymentMethods }).notNull().default('paystack'),
    /** The coupon that priced it (its code may change; its uses are counted by this). */
    couponId: text('coupon_id'),
    /**
     * The customer's phone as digits (a Nigerian 0803… as 234803…): with the email, how a coupon
     * for one use per customer knows them again.
     */
    phoneKey: text('phone_key'),
    /** The email as the records key it (db/contact-keys.ts): a client's receipts are found by it. */
    emailKey: emailKeyColumn('email'),
    /** A booking's therapist and room, chosen by the server when the hold was taken. */
    therapistId: text('therapist_id'),
    roomId: text('room_id'),
    /** The visit's length, buffers included (the blocks it holds in time_blocks). */
    durationMinutes: integer('duration_minutes'),
  },
  (table) => [
    check('payments_kind', oneOf('kind', paymentKinds)),
    check(
      'payments_test_checkout_outcome',
      sql`${table.testCheckoutOutcome} is null or ${table.testCheckoutOutcome} in ('paid', 'cancelled')`,
    ),
    check('payments_status', oneOf('status', paymentStatuses)),
    check('payments_method', oneOf('method', paymentMethods)),
    check(
      'payments_amounts',
      sql`${table.amount} >= 0 and ${table.discount} >= 0 and ${table.dueAtStudio} >= 0 and ${table.voucherAmount} >= 0
        and ${table.amount} + ${table.voucherAmount} + ${table.dueAtStudio} = ${table.subtotal} - ${table.discount}`,
    ),
    index('payments_slot').on(table.slotDate, table.slotTime),
    index('payments_status_created').on(table.status, table.createdAt),
    index('payments_coupon').on(table.couponId, table.status),
    // Reports count money by the day it arrived: only what was paid in the period is read, from
    // the index alone.
    index('payments_status_paid_at').on(table.status, table.paidAt, table.kind, table.method, table.amount),
    index('payments_email_key').on(table.emailKey),
    index('payments_phone_key').on(table.phoneKey),
  ],
);

export const bookings = sqliteTable(
  'bookings',
  {
    id: id(),
    /** One booking per payment: the guard that makes confirmation happen exactly once. */
    paymentReference: text('payment_reference')
      .notNull()
      .references(() => payments.reference),
    service: text('service').notNull(),
    subservices: text('subservices', { mode: 'json' }).$type<string[]>().notNull(),
    date: text('date').notNull(),
    time: text('time').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    /** The address as the records key it (db/contact-keys.ts): the client's page finds the row by it. */
    emailKey: emailKeyColumn('email'),
    phoneKey: phoneKeyColumn('phone'),
    notes: text('notes'),
    referralSource: text('referral_source'),
    previousMassageTherapy: integer('previous_massage_therapy', { mode: 'boolean' }).notNull().default(false),
    onMedication: integer('on_medication', { mode: 'boolean' }).notNull().default(false),
    medicationDetails: text('medication_details'),
    exercising: integer('exercising', { mode: 'boolean' }).notNull().default(false),
    exerciseFrequency: integer('exercise_frequency'),
    exerciseHours: integer('exercise_hours'),
    healthConditions: text('health_conditions', { mode: 'json' }).$type<string[]>().notNull().default(sql`'[]'`),
    /** The visit's price, after the coupon. */
    amount: integer('amount').notNull(),
    /** What has been paid of it: online, by gift voucher, and at the studio. */
    amountPaid: integer('amount_paid').notNull().default(0),
    /** A deposit's rest, paid at the studio: how, and when staff marked it. */
    balanceMethod: text('balance_method', { enum: studioPaymentMethods }),
    balancePaidAt: text('balance_paid_at'),
    serviceStatus: text('service_status', { enum: serviceStatuses }).notNull().default('booked'),
    /** Paid after its hold expired into a slot that had filled: staff must find it a place. */
    needsAttention: integer('needs_attention', { mode: 'boolean' }).notNull().default(false),
    reminderSentAt: text('reminder_sent_at'),
    /**
     * SHA-256 of the booking's manage link token (services/bookings/manage-tokens.ts): the link itself is
     * never stored, so a copy of the database opens no booking.
     */
    manageTokenHash: text('manage_token_hash'),
    cancelledAt: text('cancelled_at'),
    /** When staff marked the visit completed (the client came): a review request follows a day later. */
    completedAt: text('completed_at'),
    createdAt: createdAt(),
    /** The person (clients.id), linked in the batch that records the booking. */
    clientId: text('client_id').references((): AnySQLiteColumn => clients.id),
    /** Who gives the treatments and where: held for the whole visit in time_blocks. */
    therapistId: text('therapist_id').references(() => therapists.id),
    roomId: text('room_id').references(() => rooms.id),
    /** The visit's length in minutes, buffers included; an overnight one lasts into the next day. */
    durationMinutes: integer('duration_minutes').notNull().default(60),
    /**
     * The menu's ids of `subservices`, as they were when booked: a move finds suitable therapists
     * and rooms by them even after staff rename or hide a treatment.
     */
    treatmentIds: text('treatment_ids', { mode: 'json' }).$type<string[]>(),
    /**
     * When the client answered the health questions and gave consent for this visit: at booking
     * online, or from the visit's form link (a booking staff took). Null: not yet.
     */
    healthFormAt: text('health_form_at'),
    /**
     * A visit a therapist without the desk's permission booked with themselves: their staff
     * account's id (null: the desk or the client made it). Until `confirmedAt` such a visit is
     * only the therapist's word: it earns no commission unless paid, counts no no-show, and opens
     * no earlier notes (services/bookings/visit-origin.ts).
     */
    bookedByTherapist: text('booked_by_therapist'),
    /** When the desk (paid, moved, a status set) or the client (visit form, manage link) confirmed it. */
    confirmedAt: text('confirmed_at'),
  },
  (table) => [
    index('bookings_email_key').on(table.emailKey),
    index('bookings_phone_key').on(table.phoneKey),
    uniqueIndex('bookings_payment_reference').on(table.paymentReference),
    index('bookings_therapist_date').on(table.therapistId, table.date),
    uniqueIndex('bookings_manage_token_hash').on(table.manageTokenHash),
    index('bookings_slot').on(table.date, table.time),
    // A tab of the staff list in its order, and its count, without reading the other tabs' rows.
    index('bookings_status_slot').on(table.serviceStatus, table.date, table.time, table.createdAt),
    // A client's visits by date (their page, their file); with the status, the reports' "new
    // client" check reads the index alone.
    index('bookings_client').on(table.clientId, table.date, table.serviceStatus),
    // Reports: whether a client booked again after a visit, from the index alone.
    index('bookings_client_created').on(table.clientId, table.createdAt, table.serviceStatus),
    // Reports: a deposit's rest counts on the day it was paid at the studio.
    index('bookings_balance_paid_at').on(table.balancePaidAt),
    // Reports: a period's appointments and booked time from the index alone (a year is 25,000 rows).
    index('bookings_period').on(
      table.date,
      table.serviceStatus,
      table.needsAttention,
      table.therapistId,
      table.roomId,
      table.time,
      table.durationMinutes,
      table.cancelledAt,
    ),
    check('bookings_service_status', oneOf('service_status', serviceStatuses)),
    check('bookings_amount', sql`${table.amount} >= 0`),
    check('bookings_amount_paid', sql`${table.amountPaid} between 0 and ${table.amount}`),
    check(
      'bookings_balance_method',
      sql`${table.balanceMethod} is null or ${oneOf('balance_method', studioPaymentMethods)}`,
    ),
    check('bookings_time', sql`${table.time} glob '[0-2][0-9]:[0-5][0-9]'`),
    check('bookings_date', sql`${table.date} glob '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'`),
  ],
);

export const orders = sqliteTable(
  'orders',
  {
    id: id(),
    paymentReference: text('payment_reference')
      .notNull()
      .references(() => payments.reference),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    /** The address as the records key it (db/contact-keys.ts): the client's page finds the row by it. */
    emailKey: emailKeyColumn('email'),
    phoneKey: phoneKeyColumn('phone'),
    shippingAddress: text('shipping_address').notNull(),
    amount: integer('amount').notNull(),
    orderStatus: text('order_status', { enum: orderStatuses }).notNull().default('processing'),
    /** When staff marked it delivered: a review request for its products follows a day later. */
    deliveredAt: text('delivered_at'),
    /** The person (clients.id), linked in the batch that records the order. */
    clientId: text('client_id').references((): AnySQLiteColumn => clients.id),
    createdAt: createdAt(),
  },
  (table) => [
    index('orders_email_key').on(table.emailKey),
    index('orders_phone_key').on(table.phoneKey),
    uniqueIndex('orders_payment_reference').on(table.paymentReference),
    index('orders_status_created').on(table.orderStatus, table.createdAt),
    index('orders_client').on(table.clientId, table.createdAt),
    check('orders_order_status', oneOf('order_status', orderStatuses)),
    check('orders_amount', sql`${table.amount} >= 0`),
  ],
);

export const orderItems = sqliteTable(
  'order_items',
  {
    id: id(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: text('product_id').notNull(),
    productName: text('product_name').notNull(),
    productSize: text('product_size').notNull(),
    unitPrice: integer('unit_price').notNull(),
    quantity: integer('quantity').notNull(),
  },
  (table) => [
    index('order_items_order').on(table.orderId),
    uniqueIndex('order_items_line').on(table.orderId, table.productId, table.productSize),
    check('order_items_quantity', sql`${table.quantity} between 1 and 20`),
    check('order_items_unit_price', sql`${table.unitPrice} >= 0`),
  ],
);

export const coupons = sqliteTable(
  'coupons',
  {
    id: id(),
    /** Stored upper case; unique whatever the case it is typed in. */
    code: text('code').notNull(),
    /** `percent` off the amount, or a `fixed` number of naira off (never below zero). */
    type: text('type', { enum: couponTypes }).notNull().default('percent'),
    /** Percent off (0 to 100), or naira off for a fixed coupon. */
    discount: integer('discount').notNull(),
    /** Smallest amount, in naira, the coupon applies to. */
    minAmount: integer('min_amount').notNull().default(0),
    /** Last day (Africa/Lagos) the coupon is valid, yyyy-MM-dd. */
    expiryDate: text('expiry_date').notNull(),
    active: integer('active', { mode: 'boolean' }).notNull().default(true),
    createdAt: createdAt(),
    /** Payments it may pay for in all (paid ones and live holds); null: unlimited. */
    maxUses: integer('max_uses'),
    /** One payment per customer, known by their email or their phone. */
    oncePerCustomer: integer('once_per_customer', { mode: 'boolean' }).notNull().default(false),
    /** First day (Africa/Lagos) it works, yyyy-MM-dd; null: from its creation. */
    startsAt: text('starts_at'),
    /** What it may pay for: bookings, the shop, or both. */
    appliesTo: text('applies_to', { enum: couponScopes }).notNull().default('both'),
  },
  (table) => [
    uniqueIndex('coupons_code_nocase').on(sql`upper(${table.code})`),
    check('coupons_type', oneOf('type', couponTypes)),
    check('coupons_applies_to', oneOf('applies_to', couponScopes)),
    check(
      'coupons_discount',
      sql`(${table.type} = 'percent' and ${table.discount} between 0 and 100) or (${table.type} = 'fixed' and ${table.discount} between 1 and ${sql.raw(String(MAX_PRICE))})`,
    ),
    check('coupons_max_uses', sql`${table.maxUses} is null or ${table.maxUses} >= 1`),
    check('coupons_min_amount', sql`${table.minAmount} >= 0`),
    check('coupons_code', sql`length(${table.code}) between 1 and 40`),
  ],
);

export const academyWaitlistEntries = sqliteTable(
  'waitlist_entries',
  {
    id: id(),
    firstName: text('first_name').notNull(),
    /** Stored trimmed and lower case. */
    email: text('email').notNull(),
    /** Normalised to +234… or another international form. */
    whatsapp: text('whatsapp').notNull(),
    state: text('state').notNull(),
    joinedAt: text('joined_at').notNull().default(utcNow),
    /** Set when the subscriber unsubscribed from bulk messages (ISO time). */
    unsubscribedAt: text('unsubscribed_at'),
    /**
     * Set when the address was confirmed from the emailed link (double opt-in); until then the
     * entry gets no welcome or campaign, does not count toward the first 50, and expires after 7 days.
     */
    confirmedAt: text('confirmed_at'),
    /**
     * Set when the WhatsApp number first wrote to the studio (a reply, a button): only then does
     * it get WhatsApp campaigns (a number typed into a form may be someone else's).
     */
    whatsappConfirmedAt: text('whatsapp_confirmed_at'),
  },
  (table) => [
    uniqueIndex('waitlist_entries_email').on(sql`lower(${table.email})`),
    index('waitlist_entries_joined').on(table.joinedAt),
    check('waitlist_entries_email_length', sql`length(${table.email}) <= 254`),
  ],
);

/** A bulk send to the waitlist: one outbox message per subscriber. */
export const campaigns = sqliteTable(
  'campaigns',
  {
    id: id(),
    channel: text('channel', { enum: messageChannels }).notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    total: integer('total').notNull().default(0),
    createdAt: createdAt(),
  },
  () => [check('campaigns_channel', oneOf('channel', messageChannels))],
);

/**
 * Every email and WhatsApp message the studio sends, written before it is sent. The idempotency
 * key (one per event, channel and recipient) is UNIQUE, so an event recorded twice queues one
 * message; `claimed_until` is the consumer's lease, so two deliveries of one queue message cannot
 * send it twice at once.
 */
export const outboxMessages = sqliteTable(
  'outbox_messages',
  {
    id: id(),
    channel: text('channel', { enum: messageChannels }).notNull(),
    recipient: text('recipient').notNull(),
    template: text('template', { enum: messageTemplates }).notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    /** WhatsApp only: the approved template's name and its body parameters (JSON). */
    whatsappTemplate: text('whatsapp_template', { mode: 'json' }).$type<{ name: string; parameters: string[] }>(),
    /** Email only: extra headers sent with it (a campaign's List-Unsubscribe, RFC 8058), JSON. */
    headers: text('headers', { mode: 'json' }).$type<Record<string, string>>(),
    status: text('status', { enum: messageStatuses }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    idempotencyKey: text('idempotency_key').notNull(),
    campaignId: text('campaign_id').references(() => campaigns.id),
    claimedUntil: text('claimed_until'),
    createdAt: createdAt(),
    sentAt: text('sent_at'),
    /** When the stored copy's links and codes were replaced by "[link removed]" (services/outbox/outbox-links.ts). */
    linksRemovedAt: text('links_removed_at'),
  },
  (table) => [
    uniqueIndex('outbox_messages_idempotency').on(table.idempotencyKey),
    index('outbox_messages_status').on(table.status, table.createdAt),
    index('outbox_messages_campaign').on(table.campaignId, table.status),
    check('outbox_messages_channel', oneOf('channel', messageChannels)),
    check('outbox_messages_status', oneOf('status', messageStatuses)),
  ],
);

/**
 * Days the studio is closed (public holidays, training days): no slot of the date takes a
 * booking, and the booking page shows the reason.
 */
export const closures = sqliteTable(
  'closures',
  {
    date: text('date').primaryKey(),
    reason: text('reason').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    check('closures_date', sql`${table.date} glob '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'`),
    check('closures_reason', sql`length(${table.reason}) between 1 and 120`),
  ],
);

/**
 * The therapists: the people a booking takes for the whole visit. Deactivated ones keep their past
 * bookings but are offered no more.
 */
export const therapists = sqliteTable(
  'therapists',
  {
    id: id(),
    name: text('name').notNull(),
    active: integer('active', { mode: 'boolean' }).notNull().default(true),
    createdAt: createdAt(),
    /** Percent of what a completed visit earned (after discounts) paid to them; per treatment: therapist_commissions. */
    commissionPercent: integer('commission_percent').notNull().default(0),
  },
  (table) => [
    check('therapists_name', sql`length(${table.name}) between 1 and 60`),
    check('therapists_commission_percent', sql`${table.commissionPercent} between 0 and 100`),
  ],
);

/** A therapist's commission on one treatment, instead of their own percent (reports' commissions). */
export const therapistCommissions = sqliteTable(
  'therapist_commissions',
  {
    therapistId: text('therapist_id')
      .notNull()
      .references(() => therapists.id, { onDelete: 'cascade' }),
    treatmentId: text('treatment_id').notNull(),
    percent: integer('percent').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.therapistId, table.treatmentId] }),
    check('therapist_commissions_percent', sql`${table.percent} between 0 and 100`),
  ],
);

/** Which treatments each therapist gives. */
export const therapistTreatments = sqliteTable(
  'therapist_treatments',
  {
    therapistId: text('therapist_id')
      .notNull()
      .references(() => therapists.id, { onDelete: 'cascade' }),
    treatmentId: text('treatment_id').notNull(),
  },
  (table) => [primaryKey({ columns: [table.therapistId, table.treatmentId] })],
);

/**
 * Weekly working hours: one or more ranges per weekday (0 is Sunday), in minutes from midnight,
 * Lagos time. A weekday without a range is a day the therapist does not work.
 */
export const therapistHours = sqliteTable(
  'therapist_hours',
  {
    therapistId: text('therapist_id')
      .notNull()
      .references(() => therapists.id, { onDelete: 'cascade' }),
    weekday: integer('weekday').notNull(),
    startMinute: integer('start_minute').notNull(),
    endMinute: integer('end_minute').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.therapistId, table.weekday, table.startMinute] }),
    check('therapist_hours_weekday', sql`${table.weekday} between 0 and 6`),
    check(
      'therapist_hours_range',
      sql`${table.startMinute} >= 0 and ${table.endMinute} <= 1440 and ${table.startMinute} < ${table.endMinute}`,
    ),
  ],
);

/** A therapist's days off (leave, training, sick days), with the reason staff gave. */
export const therapistTimeOff = sqliteTable(
  'therapist_time_off',
  {
    therapistId: text('therapist_id')
      .notNull()
      .references(() => therapists.id, { onDelete: 'cascade' }),
    date: text('date').notNull(),
    reason: text('reason').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.therapistId, table.date] }),
    index('therapist_time_off_date').on(table.date),
    check('therapist_time_off_date', sql`${table.date} glob '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'`),
    check('therapist_time_off_reason', sql`length(${table.reason}) between 1 and 120`),
  ],
);

/** The treatment rooms: a booking also takes a room suited to all its treatments. */
export const rooms = sqliteTable(
  'rooms',
  {
    id: id(),
    name: text('name').notNull(),
    active: integer('active', { mode: 'boolean' }).notNull().default(true),
    createdAt: createdAt(),
  },
  (table) => [check('rooms_name', sql`length(${table.name}) between 1 and 60`)],
);

/** Which treatments each room suits (the shower room for Soapy/Shower, the suite for Sleepover). */
export const roomTreatments = sqliteTable(
  'room_treatments',
  {
    roomId: text('room_id')
      .notNull()
      .references(() => rooms.id, { onDelete: 'cascade' }),
    treatmentId: text('treatment_id').notNull(),
  },
  (table) => [primaryKey({ columns: [table.roomId, table.treatmentId] })],
);

/**
 * The catalogue as staff edit it: the menu's groups, its treatments, and the shop's products with
 * their sizes. Money is whole naira. A booking or order copies the names and prices it was sold at
 * into its own rows, so editing or hiding an item never changes a record. `version` counts saves,
 * so a save made from an out-of-date form is told so instead of overwriting the newer one.
 */
export const treatmentGroups = sqliteTable('treatment_groups', {
  id: text('id').primaryKey(),
  title: text('title').notNull(),
  intro: text('intro').notNull(),
  position: integer('position').notNull(),
});

export const treatments = sqliteTable(
  'treatments',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    groupId: text('group_id')
      .notNull()
      .references(() => treatmentGroups.id),
    description: text('description').notNull(),
    price: integer('price').notNull(),
    /** Minutes; null for the overnight treatment, which holds its therapist until the next morning. */
    durationMinutes: integer('duration_minutes'),
    /** Minutes after it before the therapist and room take the next visit (cleaning, changing). */
    bufferMinutes: integer('buffer_minutes').notNull().default(0),
    active: integer('active', { mode: 'boolean' }).notNull().default(true),
    position: integer('position').notNull(),
    version: integer('version').notNull().default(1),
    /** Percent paid online when booked, the rest at the studio; 0: paid online in full. */
    depositPercent: integer('deposit_percent').notNull().default(0),
  },
  (table) => [
    check('treatments_deposit_percent', sql`${table.depositPercent} between 0 and 100`),
    // One name per treatment, case and spaces aside, as bookings match them (sameTreatment).
    uniqueIndex('treatments_name').on(sql`lower(replace(${table.name}, ' ', ''))`),
    check('treatments_name', sql`length(${table.name}) between 1 and 60`),
    check('treatments_price', sql`${table.price} between 1 and ${sql.raw(String(MAX_PRICE))}`),
    check(
      'treatments_duration',
      sql`${table.durationMinutes} is null or (${table.durationMinutes} between 15 and ${sql.raw(String(MAX_DURATION_MINUTES))} and ${table.durationMinutes} % 15 = 0)`,
    ),
    check('treatments_buffer', sql`${table.bufferMinutes} between 0 and 120 and ${table.bufferMinutes} % 15 = 0`),
  ],
);

export const products = sqliteTable(
  'products',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    category: text('category').notNull(),
    description: text('description').notNull(),
    ingredients: text('ingredients'),
    /** JSON array of picture URLs, the first one shown in the grid. */
    images: text('images', { mode: 'json' }).$type<string[]>().notNull().default(sql`'[]'`),
    active: integer('active', { mode: 'boolean' }).notNull().default(true),
    position: integer('position').notNull(),
    version: integer('version').notNull().default(1),
  },
  (table) => [
    uniqueIndex('products_name').on(sql`lower(${table.name})`),
    check('products_name', sql`length(${table.name}) between 1 and 80`),
  ],
);

export const productSizes = sqliteTable(
  'product_sizes',
  {
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    size: text('size').notNull(),
    price: integer('price').notNull(),
    /** Units on the shelf; null when the studio does not count them (never sold out). */
    stock: integer('stock'),
    position: integer('position').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.productId, table.size] }),
    check('product_sizes_size', sql`length(${table.size}) between 1 and 30`),
    check('product_sizes_price', sql`${table.price} between 1 and ${sql.raw(String(MAX_PRICE))}`),
    check('product_sizes_stock', sql`${table.stock} is null or ${table.stock} >= 0`),
  ],
);

/** The studio's scheduling settings: one row. */
export const scheduleSettings = sqliteTable(
  'schedule_settings',
  {
    id: integer('id').primaryKey(),
    /** Start times every 60 minutes (the spec's hourly times) or every 30. */
    startStepMinutes: integer('start_step_minutes').notNull().default(60),
    /** Months after a visit its health answers are erased (NDPA 2023: kept only for the visit's care). */
    healthRetentionMonths: integer('health_retention_months').notNull().default(12),
    /** Months a gift voucher may be used from its delivery date. */
    voucherValidityMonths: integer('voucher_validity_months').notNull().default(12),
    /** Naira of desk gift vouchers reception may sell in a Lagos day, all receptionists together. */
    deskVoucherDailyLimit: integer('desk_voucher_daily_limit').notNull().default(200_000),
    /**
     * After this many no-shows within 12 months a client books online only by paying in full
     * (0: never). Checked by the settings' API (0 to 10), not a CHECK: that would rebuild the table.
     */
    noShowLimit: integer('no_show_limit').notNull().default(2),
    /** Minutes a freed place is held for the waitlist client it is offered to (5 to 120, checked by the API). */
    waitlistOfferMinutes: integer('waitlist_offer_minutes').notNull().default(15),
  },
  (table) => [
    check('schedule_settings_one_row', sql`${table.id} = 1`),
    check('schedule_settings_step', sql`${table.startStepMinutes} in (30, 60)`),
    check('schedule_settings_health_retention', sql`${table.healthRetentionMonths} between 1 and 120`),
    check('schedule_settings_voucher_validity', sql`${table.voucherValidityMonths} between 1 and 60`),
  ],
);

/**
 * A number that every write to what availability is made of moves on (the triggers of migration
 * 0032: time blocks, the payments whose holds own them, the team, rooms, treatments, closures,
 * days off and settings). An availability answer cached with the number it was read under can
 * never be stale for a write (services/schedule/availability-answers.ts). One row.
 */
export const scheduleVersion = sqliteTable(
  'schedule_version',
  {
    id: integer('id').primaryKey(),
    version: integer('version').notNull().default(0),
  },
  (table) => [check('schedule_version_one_row', sql`${table.id} = 1`)],
);

/**
 * A number that every write to what the staff bookings list shows moves on (the triggers of
 * migration 0034: bookings, their payments' coupon, method and amount, refunds, history, voucher
 * uses, therapists' and rooms' names). A page of the list kept with the number it was read under
 * can never be stale for a write (services/bookings/booking-list-answers.ts). One row.
 */
export const bookingsVersion = sqliteTable(
  'bookings_version',
  {
    id: integer('id').primaryKey(),
    version: integer('version').notNull().default(0),
  },
  (table) => [check('bookings_version_one_row', sql`${table.id} = 1`)],
);

/**
 * The rule that no therapist and no room is ever booked twice at once, kept by the data: one row
 * per resource ("t:<therapist id>" or "r:<room id>") per 15-minute block of Lagos time (blocks
 * counted from 1970-01-01 00:00), owned by the payment whose hold or booking takes it. The primary
 * key makes a second owner of a block impossible, so of two writers racing for the same time the
 * second one's batch fails and rolls back whole. An unpaid hold's rows carry its expiry and stop
 * counting once it passes (the next writer there deletes them); a booking's rows do not expire.
 */
export const timeBlocks = sqliteTable(
  'time_blocks',
  {
    resource: text('resource').notNull(),
    block: integer('block').notNull(),
    /**
     * Who holds the block: a payment (its hold or its booking) or a waitlist offer
     * (timeWaitlistOffers.reference, "WO-…"), so no foreign key to either.
     */
    paymentReference: text('payment_reference').notNull(),
    expiresAt: text('expires_at'),
  },
  (table) => [
    primaryKey({ columns: [table.resource, table.block] }),
    // Covering: availability reads a window of blocks with their resource and whether they count
    // from this index alone, never from the table.
    index('time_blocks_window').on(table.block, table.resource, table.expiresAt, table.paymentReference),
    index('time_blocks_payment').on(table.paymentReference),
  ],
);

/**
 * Units of a product's size kept for an unpaid order while its payment is open, as a booking's
 * place is: written in the batch that creates the payment, and counted only while that payment is
 * pending and its hold has not expired (so an expired or abandoned hold gives the units back by
 * itself). What is left to sell is the size's stock less what these hold.
 */
export const stockHolds = sqliteTable(
  'stock_holds',
  {
    paymentReference: text('payment_reference')
      .notNull()
      .references(() => payments.reference),
    productId: text('product_id').notNull(),
    size: text('size').notNull(),
    quantity: integer('quantity').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.paymentReference, table.productId, table.size] }),
    index('stock_holds_size').on(table.productId, table.size, table.paymentReference),
    check('stock_holds_quantity', sql`${table.quantity} >= 1`),
  ],
);

export const bookingEventKinds = ['rescheduled', 'cancelled'] as const;
export const bookingActors = ['visitor', 'staff'] as const;

/**
 * What happened to a booking after it was made: moved from one slot to another, or cancelled, and
 * by whom. Written in the same batch as the change itself, so the history cannot miss one.
 */
export const bookingEvents = sqliteTable(
  'booking_events',
  {
    id: id(),
    bookingId: text('booking_id')
      .notNull()
      .references(() => bookings.id),
    kind: text('kind', { enum: bookingEventKinds }).notNull(),
    actor: text('actor', { enum: bookingActors }).notNull(),
    fromDate: text('from_date').notNull(),
    fromTime: text('from_time').notNull(),
    /** The new slot of a move; empty for a cancellation. */
    toDate: text('to_date'),
    toTime: text('to_time'),
    /** Who on the team made a staff change, named as they were then (histories name the person). */
    staffId: text('staff_id'),
    staffName: text('staff_name'),
    createdAt: createdAt(),
  },
  (table) => [
    index('booking_events_booking').on(table.bookingId, table.createdAt),
    check('booking_events_kind', oneOf('kind', bookingEventKinds)),
    check('booking_events_actor', oneOf('actor', bookingActors)),
  ],
);

export const refundStatuses = ['pending', 'processed', 'failed'] as const;

/**
 * The money of a cancelled booking or order going back through Paystack. At most one per payment
 * (its primary key), so cancelling twice, or a retry racing a visitor, can never refund twice.
 * `pending` until Paystack answers (or while it processes), `failed` when it refused or did not
 * answer: the cron tries again.
 */
export const refunds = sqliteTable(
  'refunds',
  {
    paymentReference: text('payment_reference').primaryKey(),
    /** The cancelled booking, or the cancelled order: one of the two. */
    bookingId: text('booking_id').references(() => bookings.id),
    orderId: text('order_id').references(() => orders.id),
    /** Naira, the amount the visitor paid. */
    amount: integer('amount').notNull(),
    status: text('status', { enum: refundStatuses }).notNull().default('pending'),
    /** Recorded without a Paystack key: no money moved. */
    testMode: integer('test_mode', { mode: 'boolean' }).notNull().default(false),
    /** Paystack's id of the refund, once it has accepted it. */
    paystackRefundId: text('paystack_refund_id'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: createdAt(),
    updatedAt: text('updated_at').notNull().default(utcNow),
    processedAt: text('processed_at'),
  },
  (table) => [
    index('refunds_status').on(table.status, table.updatedAt),
    uniqueIndex('refunds_booking').on(table.bookingId),
    uniqueIndex('refunds_order').on(table.orderId),
    check('refunds_for', sql`(${table.bookingId} is null) != (${table.orderId} is null)`),
    check('refunds_status', oneOf('status', refundStatuses)),
    check('refunds_amount', sql`${table.amount} >= 0`),
  ],
);

/**
 * Failed staff logins per key (an address prefix, or a username), counted by one atomic upsert so
 * parallel guesses can never overwrite each other's count (KV could not: no increment, one write
 * per key per second). A window starts at its first failure and lasts 15 minutes.
 */
export const loginFailures = sqliteTable(
  'login_failures',
  {
    key: text('key').primaryKey(),
    failures: integer('failures').notNull(),
    windowStartedAt: text('window_started_at').notNull(),
  },
  (table) => [check('login_failures_count', sql`${table.failures} >= 0`)],
);

/**
 * The team's accounts: who signs in, with which role (shared/permissions.ts). The built-in owner
 * (id `owner`, made by the migration) is a new install's way in, through ADMIN_USERNAME and
 * ADMIN_PASSWORD_HASH; everyone else signs in with their email (kept lower case) and a password of
 * their own. A therapist's account is linked to the therapist they are on the schedule.
 */
export const staffAccounts = sqliteTable(
  'staff_accounts',
  {
    id: id(),
    name: text('name').notNull(),
    email: text('email'),
    role: text('role', { enum: staffRoles }).notNull(),
    active: integer('active', { mode: 'boolean' }).notNull().default(true),
    therapistId: text('therapist_id').references(() => therapists.id),
    /** PBKDF2 (services/staff/password.ts); null until the person has chosen one. */
    passwordHash: text('password_hash'),
    /**
     * Sessions started before this time are over: set by a password change or reset and by "sign
     * out of all devices" (KV cannot list a person's sessions; every staff request checks this).
     */
    sessionsValidAfter: text('sessions_valid_after'),
    /**
     * The authenticator app's shared key once the person has confirmed a code from it, encrypted
     * (services/secret-box.ts: AES-GCM under a key of its own purpose), never as is.
     */
    totpSecret: text('totp_secret'),
    /** The last 30-second step whose code signed in or confirmed the app: a code is accepted once. */
    totpLastStep: integer('totp_last_step'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('staff_accounts_email').on(table.email),
    check('staff_accounts_role', oneOf('role', staffRoles)),
    check('staff_accounts_name', sql`length(${table.name}) between 1 and 60`),
    check('staff_accounts_email_lower', sql`${table.email} = lower(${table.email})`),
    check('staff_accounts_therapist', sql`(${table.role} = 'therapist') = (${table.therapistId} is not null)`),
  ],
);

export const staffTokenPurposes = ['invitation', 'password-reset'] as const;

/**
 * The one-time links of the team's emails: an invitation (72 hours) or a password reset (1 hour).
 * Only the token's SHA-256 is kept, so a copy of the database opens no account; `used_at` makes
 * each link work once.
 */
export const staffTokens = sqliteTable(
  'staff_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => staffAccounts.id),
    purpose: text('purpose', { enum: staffTokenPurposes }).notNull(),
    expiresAt: text('expires_at').notNull(),
    usedAt: text('used_at'),
    createdAt: createdAt(),
  },
  (table) => [
    index('staff_tokens_account').on(table.accountId, table.purpose),
    check('staff_tokens_purpose', oneOf('purpose', staffTokenPurposes)),
  ],
);

/**
 * Who did what: every sign-in (and failed one), every change staff make, every view of health
 * answers, with who (named as they were then), when, what and from which address. Kept 2 years
 * (the cron forgets older entries). `details` holds only what says what changed, never a client's
 * contact details or health answers.
 */
export const auditLog = sqliteTable(
  'audit_log',
  {
    id: id(),
    at: text('at').notNull().default(utcNow),
    /** The staff account; null for a sign-in by an unknown name. */
    actorId: text('actor_id'),
    actorName: text('actor_name'),
    action: text('action').notNull(),
    /** What it was done to: a booking, an order, a coupon, a person's id… */
    target: text('target'),
    details: text('details', { mode: 'json' }).$type<Record<string, unknown>>().notNull().default(sql`'{}'`),
    address: text('address'),
  },
  (table) => [
    index('audit_log_at').on(table.at),
    index('audit_log_actor').on(table.actorId, table.at),
    index('audit_log_action').on(table.action, table.at),
    index('audit_log_target').on(table.target),
  ],
);

/**
 * What the therapist wrote after a visit: what was done, pressure, areas, products. Health
 * data: read only with the `healthAnswers` permission, erased with the visit's health answers (the
 * retention period, the client's erasure), never in a CSV or a message. One per visit, rewritten
 * when edited.
 */
export const visitNotes = sqliteTable('visit_notes', {
  bookingId: text('booking_id')
    .primaryKey()
    .references(() => bookings.id),
  text: text('text').notNull(),
  /** Who wrote it last (the staff account's name as it was). */
  writtenBy: text('written_by').notNull(),
  writtenAt: text('written_at').notNull().default(utcNow),
});

/**
 * The studio's clients: one record per person, known by their email, else by their phone
 * (services/client-files/clients.ts keys them). Bookings and orders point here; staff keep notes on the person.
 * Name, email and phone follow the person's latest booking or order.
 */
export const clients = sqliteTable(
  'clients',
  {
    id: id(),
    /** `email:<address>`, or `phone:<digits>` (0803… written 234803…) for a client known only by phone. */
    key: text('key').notNull(),
    name: text('name').notNull(),
    email: text('email'),
    phone: text('phone').notNull().default(''),
    /** The address as the records key it (db/contact-keys.ts): the client's page finds the row by it. */
    emailKey: emailKeyColumn('email'),
    phoneKey: phoneKeyColumn('phone'),
    /** Staff's notes on the person (never health answers: those stay with the visit). */
    notes: text('notes'),
    /** When staff lifted the no-show rule for them: only no-shows after it count again. */
    noShowRuleLiftedAt: text('no_show_rule_lifted_at'),
    createdAt: createdAt(),
    updatedAt: text('updated_at').notNull().default(utcNow),
  },
  (table) => [
    uniqueIndex('clients_key').on(table.key),
    index('clients_name').on(table.name),
    index('clients_email_key').on(table.emailKey),
    index('clients_phone_key').on(table.phoneKey),
  ],
);

/**
 * The team's passkeys (WebAuthn): a phone's fingerprint or face, or a security key, signs the
 * person in without a password. Only the public key is kept.
 */
/**
 * Single-use values of the sign-in ceremonies: a password sign-in's ticket for its second step,
 * a passkey's challenge. Kept in D1, not KV, so that taking one is one statement: a try is
 * `tries = tries + 1 … where tries < limit RETURNING`, a use is `DELETE … RETURNING`, and two
 * requests at once can never both use the same value (a KV get-then-delete let them).
 */
export const authChallenges = sqliteTable(
  'auth_challenges',
  {
    /** What it is and its SHA-256 (`ticket:…`, `passkey-login:…`, `passkey-add:<account>`). */
    key: text('key').primaryKey(),
    accountId: text('account_id'),
    /** What the ceremony needs back: the challenge, the sign-in's network and username. */
    payload: text('payload', { mode: 'json' }).$type<Record<string, string>>().notNull(),
    tries: integer('tries').notNull().default(0),
    expiresAt: text('expires_at').notNull(),
  },
  (table) => [
    index('auth_challenges_expiry').on(table.expiresAt),
    check('auth_challenges_tries', sql`${table.tries} >= 0`),
  ],
);

export const staffPasskeys = sqliteTable(
  'staff_passkeys',
  {
    /** The credential's id, base64url, as the browser gives it. */
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => staffAccounts.id),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    /** The authenticator's signature counter (a clone shows as a counter that goes back). */
    counter: integer('counter').notNull().default(0),
    transports: text('transports', { mode: 'json' }).$type<string[]>().notNull().default(sql`'[]'`),
    /** What the person calls it: "Amaka's phone". */
    name: text('name').notNull(),
    createdAt: createdAt(),
    lastUsedAt: text('last_used_at'),
  },
  (table) => [index('staff_passkeys_account').on(table.accountId)],
);

export const voucherStatuses = ['active', 'void'] as const;

/**
 * Gift vouchers: bought online (a payment of kind `voucher`) or sold at the desk, delivered to the
 * recipient on its date, spent on bookings and orders until its balance is 0 or it expires. The
 * code is random, made when it is sent (and anew on a resend): stored only as its SHA-256 (to find
 * it when typed), its last 4 characters (for staff) and sealed under its card's link token.
 */
export const vouchers = sqliteTable(
  'vouchers',
  {
    id: id(),
    /** The purchase: exactly one voucher per paid payment. */
    paymentReference: text('payment_reference')
      .notNull()
      .references(() => payments.reference),
    /** SHA-256 of its code, and the code's last 4 ('' until it is sent: `unsent:<id>` marks both hashes). */
    codeHash: text('code_hash').notNull(),
    codeLast4: text('code_last4').notNull(),
    /** SHA-256 of the printable card's link token. */
    cardTokenHash: text('card_token_hash').notNull(),
    /** The code sealed under the card's token (services/prepaid/voucher-codes.ts): only the card's link opens it. */
    cardCodeSealed: text('card_code_sealed'),
    /** What it was bought for, in naira, and what is left of it. */
    amount: integer('amount').notNull(),
    balance: integer('balance').notNull(),
    /** Bought as a treatment: its name (the amount is its price then). */
    treatment: text('treatment'),
    buyerName: text('buyer_name').notNull(),
    buyerEmail: text('buyer_email'),
    recipientName: text('recipient_name').notNull(),
    recipientEmail: text('recipient_email'),
    recipientPhone: text('recipient_phone'),
    /** The addresses as the records key them (db/contact-keys.ts): the client's page finds the voucher by them. */
    buyerEmailKey: emailKeyColumn('buyer_email'),
    recipientEmailKey: emailKeyColumn('recipient_email'),
    recipientPhoneKey: phoneKeyColumn('recipient_phone'),
    message: text('message'),
    /** The Lagos date it is sent to the recipient, and when it was. */
    deliverOn: text('deliver_on').notNull(),
    deliveredAt: text('delivered_at'),
    /** Its last valid day (Lagos). */
    expiresOn: text('expires_on').notNull(),
    status: text('status', { enum: voucherStatuses }).notNull().default('active'),
    voidReason: text('void_reason'),
    /** When staff voided it: what it still owed counts in the reports' liability until then. */
    voidedAt: text('voided_at'),
    /** Sold at the desk: by whom (as named then), and their role then (reception's sales have a daily limit). */
    soldBy: text('sold_by'),
    soldByRole: text('sold_by_role'),
    createdAt: createdAt(),
  },
  (table) => [
    index('vouchers_buyer_email_key').on(table.buyerEmailKey),
    index('vouchers_recipient_email_key').on(table.recipientEmailKey),
    index('vouchers_recipient_phone_key').on(table.recipientPhoneKey),
    uniqueIndex('vouchers_payment_reference').on(table.paymentReference),
    uniqueIndex('vouchers_code_hash').on(table.codeHash),
    uniqueIndex('vouchers_card_token_hash').on(table.cardTokenHash),
    index('vouchers_delivery').on(table.deliveredAt, table.deliverOn),
    index('vouchers_last4').on(table.codeLast4),
    check('vouchers_amount', sql`${table.amount} between 1 and ${sql.raw(String(MAX_PRICE))}`),
    // The rule the races are tested against: a balance never below 0, never above what was bought.
    check('vouchers_balance', sql`${table.balance} between 0 and ${table.amount}`),
    check('vouchers_status', oneOf('status', voucherStatuses)),
    check('vouchers_recipient', sql`${table.recipientEmail} is not null or ${table.recipientPhone} is not null`),
  ],
);

export const voucherUseStates = ['held', 'spent', 'released', 'returned'] as const;

/**
 * What a voucher pays towards a booking or an order: taken from its balance in the batch that
 * holds the payment (`held`), kept when the payment is recorded (`spent`), given back when the
 * hold ends unpaid (`released`) or the booking or order is cancelled with a refund (`returned`).
 */
export const voucherUses = sqliteTable(
  'voucher_uses',
  {
    /** The payment it pays towards: one voucher per payment. */
    paymentReference: text('payment_reference')
      .primaryKey()
      .references(() => payments.reference),
    voucherId: text('voucher_id')
      .notNull()
      .references(() => vouchers.id),
    amount: integer('amount').notNull(),
    state: text('state', { enum: voucherUseStates }).notNull().default('held'),
    createdAt: createdAt(),
    updatedAt: text('updated_at').notNull().default(utcNow),
  },
  (table) => [
    index('voucher_uses_voucher').on(table.voucherId, table.state),
    index('voucher_uses_state').on(table.state),
    check('voucher_uses_amount', sql`${table.amount} >= 1`),
    check('voucher_uses_state', oneOf('state', voucherUseStates)),
  ],
);

export const reviewSources = ['verified', 'seed'] as const;

/**
 * The private invitation to review: one per completed booking, one per product of a delivered
 * order, written by the cron (its unique keys make "once" hold however often it runs). The link's
 * token is never stored, only its SHA-256 (services/reviews/review-links.ts).
 */
export const reviewRequests = sqliteTable(
  'review_requests',
  {
    id: id(),
    tokenHash: text('token_hash').notNull(),
    kind: text('kind', { enum: reviewKinds }).notNull(),
    bookingId: text('booking_id').references(() => bookings.id),
    orderId: text('order_id').references(() => orders.id),
    productId: text('product_id'),
    /** What is reviewed, as the client knew it: the treatments, or the product's name. */
    subject: text('subject').notNull(),
    /** The menu's treatment ids of a visit, for the treatments' averages. */
    treatmentIds: text('treatment_ids', { mode: 'json' }).$type<string[]>().notNull().default(sql`'[]'`),
    therapistId: text('therapist_id').references(() => therapists.id),
    /** Who is asked, as the booking or order named them (the review's author is made from it). */
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('review_requests_token_hash').on(table.tokenHash),
    uniqueIndex('review_requests_booking').on(table.bookingId),
    uniqueIndex('review_requests_order_product').on(table.orderId, table.productId),
    check('review_requests_kind', oneOf('kind', reviewKinds)),
    check(
      'review_requests_subject_of_kind',
      sql`(${table.kind} = 'visit' and ${table.bookingId} is not null and ${table.orderId} is null)
        or (${table.kind} = 'product' and ${table.orderId} is not null and ${table.productId} is not null and ${table.bookingId} is null)`,
    ),
  ],
);

/**
 * Reviews: written by a client through their request's link (`verified`; one per request, the
 * unique key), shown once staff approve them. The shop's first reviews, from the old site, are
 * `seed` data: approved, without a request, marked as such on the Reviews screen.
 */
export const reviews = sqliteTable(
  'reviews',
  {
    id: id(),
    requestId: text('request_id').references(() => reviewRequests.id),
    kind: text('kind', { enum: reviewKinds }).notNull(),
    source: text('source', { enum: reviewSources }).notNull().default('verified'),
    productId: text('product_id'),
    treatmentIds: text('treatment_ids', { mode: 'json' }).$type<string[]>().notNull().default(sql`'[]'`),
    therapistId: text('therapist_id').references(() => therapists.id),
    /** As shown: a first name and an initial ("Funmi A."). */
    author: text('author').notNull(),
    /** 1 to 5 (the seed data has halves). */
    rating: real('rating').notNull(),
    therapistRating: integer('therapist_rating'),
    comment: text('comment').notNull().default(''),
    status: text('status', { enum: reviewStatuses }).notNull().default('pending'),
    /** The studio's public answer, and who gave it (named as they were then). */
    reply: text('reply'),
    repliedAt: text('replied_at'),
    moderatedBy: text('moderated_by'),
    moderatedAt: text('moderated_at'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('reviews_request').on(table.requestId),
    index('reviews_status').on(table.status, table.createdAt),
    index('reviews_product').on(table.productId, table.status),
    check('reviews_kind', oneOf('kind', reviewKinds)),
    check('reviews_status', oneOf('status', reviewStatuses)),
    check('reviews_source', oneOf('source', reviewSources)),
    check(
      'reviews_rating',
      sql`${table.rating} between 1 and 5 and (${table.source} = 'seed' or ${table.rating} = cast(${table.rating} as integer))`,
    ),
    check(
      'reviews_therapist_rating',
      sql`${table.therapistRating} is null or ${table.therapistRating} between 1 and 5`,
    ),
    check('reviews_comment', sql`length(${table.comment}) <= 2000`),
    check('reviews_verified', sql`${table.source} = 'seed' or ${table.requestId} is not null`),
  ],
);

export const timeWaitlistWindows = ['morning', 'afternoon', 'late', 'any'] as const;
export const timeWaitlistStatuses = ['waiting', 'booked', 'left', 'ended'] as const;

/**
 * A client waiting for a time on a full day: the treatments, a therapist (null: any), up to 5
 * dates and a part of the day. In line by join time; it ends when booked, left, or its last day
 * passes.
 */
export const timeWaitlistEntries = sqliteTable(
  'time_waitlist_entries',
  {
    id: id(),
    createdAt: createdAt(),
    name: text('name').notNull(),
    email: text('email'),
    phone: text('phone'),
    /** The phone as digits (client-records.ts phoneKeySql): the 3-entries limit and the client record. */
    phoneKey: text('phone_key'),
    treatmentIds: text('treatment_ids', { mode: 'json' }).$type<string[]>().notNull(),
    therapistId: text('therapist_id'),
    dates: text('dates', { mode: 'json' }).$type<string[]>().notNull(),
    /** The last of the dates: the entry ends when it passes. */
    lastDate: text('last_date').notNull(),
    /** The part of the day (the API's `window`): morning 09–12, afternoon 12–15, late 15–18, or any. */
    dayPart: text('day_part', { enum: timeWaitlistWindows }).notNull(),
    status: text('status', { enum: timeWaitlistStatuses }).notNull().default('waiting'),
    endedAt: text('ended_at'),
    /** The booking an offer to this entry became. */
    bookingId: text('booking_id'),
    /**
     * When its owner confirmed it (the email's link, or a WhatsApp reply from its number): only
     * confirmed entries are offered places; an unconfirmed one ends after 24 hours.
     */
    confirmedAt: text('confirmed_at'),
    /** The joining client network's keyed digest (as payments keep it): at most 10 live entries per network. */
    networkKey: text('network_key'),
  },
  (table) => [
    index('time_waitlist_entries_line').on(table.status, table.createdAt),
    index('time_waitlist_entries_network').on(table.networkKey, table.status),
    index('time_waitlist_entries_email').on(sql`lower(${table.email})`),
    index('time_waitlist_entries_phone').on(table.phoneKey),
    check('time_waitlist_entries_day_part', oneOf('day_part', timeWaitlistWindows)),
    check('time_waitlist_entries_status', oneOf('status', timeWaitlistStatuses)),
    check('time_waitlist_entries_contact', sql`${table.email} is not null or ${table.phone} is not null`),
  ],
);

export const timeWaitlistOfferStatuses = ['open', 'paying', 'booked', 'declined', 'lapsed', 'withdrawn'] as const;

/**
 * A freed place offered to one waiting entry: held in time_blocks under this reference until
 * `expiresAt` while open; while paying, the payment's hold has the blocks. One live offer per entry.
 */
export const timeWaitlistOffers = sqliteTable(
  'time_waitlist_offers',
  {
    reference: text('reference').primaryKey(),
    entryId: text('entry_id')
      .notNull()
      .references(() => timeWaitlistEntries.id),
    date: text('date').notNull(),
    time: text('time').notNull(),
    therapistId: text('therapist_id').notNull(),
    roomId: text('room_id').notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    createdAt: createdAt(),
    /** The Lagos date it was made on: at most 3 offers a day per entry. */
    offeredOn: text('offered_on').notNull(),
    expiresAt: text('expires_at').notNull(),
    status: text('status', { enum: timeWaitlistOfferStatuses }).notNull().default('open'),
    /** The booking payment started from it ("Book and pay"). */
    paymentReference: text('payment_reference'),
    /** Offered by staff by hand ("Offer this place"). */
    byStaff: integer('by_staff', { mode: 'boolean' }).notNull().default(false),
  },
  (table) => [
    index('time_waitlist_offers_entry').on(table.entryId, table.offeredOn),
    index('time_waitlist_offers_status').on(table.status, table.expiresAt),
    index('time_waitlist_offers_payment').on(table.paymentReference),
    index('time_waitlist_offers_date').on(table.date),
    uniqueIndex('time_waitlist_offers_one_live').on(table.entryId).where(sql`${table.status} in ('open', 'paying')`),
    check('time_waitlist_offers_status', oneOf('status', timeWaitlistOfferStatuses)),
  ],
);

/** A package of prepaid sessions staff sell: so many sessions of its treatments, valid so long. */
export const packages = sqliteTable(
  'packages',
  {
    id: id(),
    name: text('name').notNull(),
    sessions: integer('sessions').notNull(),
    /** Naira for all its sessions. */
    price: integer('price').notNull(),
    /** Months it may be used from its purchase. */
    validMonths: integer('valid_months').notNull(),
    /** Offered on /packages and at the desk; a hidden one keeps what was sold of it. */
    shown: integer('shown', { mode: 'boolean' }).notNull().default(true),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('packages_name').on(sql`lower(${table.name})`),
    check('packages_name_length', sql`length(${table.name}) between 1 and ${sql.raw(String(PACKAGE_NAME_MAX))}`),
    check(
      'packages_sessions',
      sql`${table.sessions} between ${sql.raw(String(PACKAGE_SESSIONS.min))} and ${sql.raw(String(PACKAGE_SESSIONS.max))}`,
    ),
    check('packages_price', sql`${table.price} between 1 and ${sql.raw(String(MAX_PRICE))}`),
    check(
      'packages_valid_months',
      sql`${table.validMonths} between ${sql.raw(String(PACKAGE_VALID_MONTHS.min))} and ${sql.raw(String(PACKAGE_VALID_MONTHS.max))}`,
    ),
  ],
);

/** The treatments a package's sessions pay for. */
export const packageTreatments = sqliteTable(
  'package_treatments',
  {
    packageId: text('package_id')
      .notNull()
      .references(() => packages.id),
    treatmentId: text('treatment_id')
      .notNull()
      .references(() => treatments.id),
  },
  (table) => [primaryKey({ columns: [table.packageId, table.treatmentId] })],
);

/**
 * A monthly membership plan staff define: a monthly price, sessions a month of the
 * treatments it covers, a percentage off the shop. The Worker keeps it as a Paystack plan too
 * (its code here, once Paystack has made it).
 */
export const membershipPlans = sqliteTable(
  'membership_plans',
  {
    id: id(),
    name: text('name').notNull(),
    /** Naira a month. */
    price: integer('price').notNull(),
    sessionsPerMonth: integer('sessions_per_month').notNull(),
    /** Percent off the shop's prices for a member. */
    shopPercent: integer('shop_percent').notNull().default(0),
    paystackPlanCode: text('paystack_plan_code'),
    shown: integer('shown', { mode: 'boolean' }).notNull().default(true),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('membership_plans_name').on(sql`lower(${table.name})`),
    uniqueIndex('membership_plans_paystack_plan_code').on(table.paystackPlanCode),
    check(
      'membership_plans_name_length',
      sql`length(${table.name}) between 1 and ${sql.raw(String(PACKAGE_NAME_MAX))}`,
    ),
    check('membership_plans_price', sql`${table.price} between 1 and ${sql.raw(String(MAX_PRICE))}`),
    check(
      'membership_plans_sessions',
      sql`${table.sessionsPerMonth} between ${sql.raw(String(MEMBERSHIP_SESSIONS.min))} and ${sql.raw(String(MEMBERSHIP_SESSIONS.max))}`,
    ),
    check(
      'membership_plans_shop_percent',
      sql`${table.shopPercent} between 0 and ${sql.raw(String(MEMBERSHIP_SHOP_PERCENT_MAX))}`,
    ),
  ],
);

/** The treatments a plan's sessions pay for. */
export const membershipPlanTreatments = sqliteTable(
  'membership_plan_treatments',
  {
    planId: text('plan_id')
      .notNull()
      .references(() => membershipPlans.id),
    treatmentId: text('treatment_id')
      .notNull()
      .references(() => treatments.id),
  },
  (table) => [primaryKey({ columns: [table.planId, table.treatmentId] })],
);

/**
 * Sessions a client holds, with the code that spends them: a package bought (online or at the
 * desk), exactly one per paid payment, or a membership's, refilled each paid month. It keeps what
 * was sold (name, treatments, sessions, price) so a later change of the package changes nothing
 * bought. Its code is random (services/prepaid/package-sessions.ts): only its SHA-256 and last 4 are kept.
 */
export const packagePurchases = sqliteTable(
  'package_purchases',
  {
    id: id(),
    paymentReference: text('payment_reference')
      .notNull()
      .references(() => payments.reference),
    /** The package sold, or (for a membership's sessions) the plan. */
    packageId: text('package_id').references(() => packages.id),
    planId: text('plan_id').references(() => membershipPlans.id),
    name: text('name').notNull(),
    /** The treatment ids its sessions pay for, as sold (JSON array). */
    treatmentIds: text('treatment_ids', { mode: 'json' }).$type<string[]>().notNull(),
    /** Sessions it may hold at most (a package's all; a membership's two months'). */
    sessions: integer('sessions').notNull(),
    /** Sessions not yet taken by a booking (held or spent); the CHECK keeps it from going below 0. */
    sessionsLeft: integer('sessions_left').notNull(),
    price: integer('price').notNull(),
    buyerName: text('buyer_name').notNull(),
    buyerEmail: text('buyer_email'),
    buyerPhone: text('buyer_phone'),
    /** The buyer's address as the records key it (db/contact-keys.ts): the client's page finds the package by it. */
    buyerEmailKey: emailKeyColumn('buyer_email'),
    buyerPhoneKey: phoneKeyColumn('buyer_phone'),
    codeHash: text('code_hash').notNull(),
    codeLast4: text('code_last4').notNull(),
    /** Its last valid day (Lagos): a membership's moves with each paid month. */
    expiresOn: text('expires_on').notNull(),
    status: text('status', { enum: voucherStatuses }).notNull().default('active'),
    /** Sold at the desk: by whom (as named then). */
    soldBy: text('sold_by'),
    createdAt: createdAt(),
  },
  (table) => [
    index('package_purchases_buyer_email_key').on(table.buyerEmailKey),
    index('package_purchases_buyer_phone_key').on(table.buyerPhoneKey),
    uniqueIndex('package_purchases_payment_reference').on(table.paymentReference),
    uniqueIndex('package_purchases_code_hash').on(table.codeHash),
    index('package_purchases_email').on(sql`lower(${table.buyerEmail})`),
    check('package_purchases_sessions_left', sql`${table.sessionsLeft} between 0 and ${table.sessions}`),
    check('package_purchases_status', oneOf('status', voucherStatuses)),
    check('package_purchases_source', sql`(${table.packageId} is null) != (${table.planId} is null)`),
  ],
);

/**
 * Sessions a booking's payment takes: held with the payment's hold, spent when it is paid,
 * released when the hold ends unpaid, returned when the visit is cancelled in time.
 */
export const packageUses = sqliteTable(
  'package_uses',
  {
    paymentReference: text('payment_reference')
      .primaryKey()
      .references(() => payments.reference),
    purchaseId: text('purchase_id')
      .notNull()
      .references(() => packagePurchases.id),
    sessions: integer('sessions').notNull(),
    /** What the treatments it pays cost on the menu then, in naira (not in the payment's subtotal). */
    value: integer('value').notNull(),
    state: text('state', { enum: voucherUseStates }).notNull().default('held'),
    createdAt: createdAt(),
    updatedAt: text('updated_at').notNull().default(utcNow),
  },
  (table) => [
    index('package_uses_purchase').on(table.purchaseId, table.state),
    index('package_uses_state').on(table.state),
    check('package_uses_sessions', sql`${table.sessions} >= 1`),
    check('package_uses_value', sql`${table.value} >= 0`),
    check('package_uses_state', oneOf('state', voucherUseStates)),
  ],
);

export const membershipStatuses = ['active', 'unpaid', 'ending', 'ended'] as const;

/**
 * A client's membership: started by its first paid month (its payment), its Paystack
 * subscription linked when Paystack says it exists, its sessions in a package_purchases row.
 */
export const memberships = sqliteTable(
  'memberships',
  {
    id: id(),
    planId: text('plan_id')
      .notNull()
      .references(() => membershipPlans.id),
    paymentReference: text('payment_reference')
      .notNull()
      .references(() => payments.reference),
    purchaseId: text('purchase_id')
      .notNull()
      .references(() => packagePurchases.id),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    /** The address as the records key it (db/contact-keys.ts): the client's page finds the row by it. */
    emailKey: emailKeyColumn('email'),
    phoneKey: phoneKeyColumn('phone'),
    subscriptionCode: text('subscription_code'),
    emailToken: text('email_token'),
    /** Paystack's customer (`CUS_…`), linked with the subscription: a renewal is matched by it and the plan. */
    customerCode: text('customer_code'),
    status: text('status', { enum: membershipStatuses }).notNull().default('active'),
    /** When the paid month ends (ISO): the renewal date. */
    paidUntil: text('paid_until').notNull(),
    /** Months paid so far. */
    months: integer('months').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: text('updated_at').notNull().default(utcNow),
  },
  (table) => [
    index('memberships_email_key').on(table.emailKey),
    index('memberships_phone_key').on(table.phoneKey),
    uniqueIndex('memberships_payment_reference').on(table.paymentReference),
    uniqueIndex('memberships_subscription_code').on(table.subscriptionCode),
    index('memberships_customer_code').on(table.customerCode, table.planId),
    index('memberships_email').on(sql`lower(${table.email})`, table.planId),
    check('memberships_status', oneOf('status', membershipStatuses)),
  ],
);

/**
 * Paystack's subscription events, each kept once by its own key (a charge's reference, an
 * invoice's code, a subscription's code and event): a repeat changes nothing. One that names a
 * subscription not yet linked waits (`applied` 0) and is applied when it is.
 */
export const membershipEvents = sqliteTable(
  'membership_events',
  {
    key: text('key').primaryKey(),
    event: text('event').notNull(),
    subscriptionCode: text('subscription_code'),
    payload: text('payload', { mode: 'json' }).notNull(),
    applied: integer('applied', { mode: 'boolean' }).notNull().default(false),
    createdAt: createdAt(),
  },
  (table) => [index('membership_events_waiting').on(table.subscriptionCode, table.applied)],
);

export const accountCodeChannels = ['email', 'whatsapp'] as const;

/**
 * The 6-digit codes a client signs in to their page with: one row per code asked for,
 * for a known address or not (so the limits count both alike; only a known one is sent). The code
 * is kept as a keyed digest of itself and its row, never as digits: six digits are too few to
 * keep as a plain hash.
 */
export const accountCodes = sqliteTable(
  'account_codes',
  {
    id: id(),
    /** `email:<address>` or `phone:<digits>`, as clients.key writes them. */
    contact: text('contact').notNull(),
    channel: text('channel', { enum: accountCodeChannels }).notNull(),
    codeDigest: text('code_digest').notNull(),
    /** Whether the address belongs to a client. */
    known: integer('known', { mode: 'boolean' }).notNull(),
    /**
     * Whether the code was sent: a known address, within its messages an hour. Only a sent code
     * signs in; the others are rows so the limits count every request alike.
     */
    sent: integer('sent', { mode: 'boolean' }).notNull().default(false),
    /** No longer counted: wrong tries are counted per address and per network (account_code_tries). */
    tries: integer('tries').notNull().default(0),
    expiresAt: text('expires_at').notNull(),
    usedAt: text('used_at'),
    /** The asking network's keyed digest: codes a network asks for are counted too. */
    networkKey: text('network_key'),
    createdAt: createdAt(),
  },
  (table) => [
    index('account_codes_contact').on(table.contact, table.createdAt),
    index('account_codes_network').on(table.networkKey, table.createdAt),
    check('account_codes_channel', oneOf('channel', accountCodeChannels)),
  ],
);

/**
 * Wrong codes typed on the sign-in, one row each, counted per address and per network over 15
 * minutes (shared/my-page-rules.ts); kept an hour. A try is recorded before it is checked, so tries
 * racing each other cannot take more; a right one's row is removed as it signs in.
 */
export const accountCodeTries = sqliteTable(
  'account_code_tries',
  {
    id: id(),
    /** `email:<address>` or `phone:<digits>`, as account_codes.contact. */
    contact: text('contact').notNull(),
    /** The trying network's keyed digest. */
    networkKey: text('network_key'),
    createdAt: createdAt(),
  },
  (table) => [
    index('account_code_tries_contact').on(table.contact, table.createdAt),
    index('account_code_tries_network').on(table.networkKey, table.createdAt),
  ],
);

/** A client's signed-in browsers: the cookie's token kept as its SHA-256, for 30 days. */
export const accountSessions = sqliteTable(
  'account_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    contact: text('contact').notNull(),
    expiresAt: text('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('account_sessions_contact').on(table.contact)],
);
