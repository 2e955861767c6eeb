/**
 * Verified reviews: a private link a day after a completed visit or a delivered order (the cron,
 * once per visit and per product: review_requests' unique keys), one review per link (reviews'
 * unique request), shown to visitors only once staff approve it.
 */
import { type SQL, sql } from 'drizzle-orm';
import { createDb, type Database } from '../../db/client';
import { reviewRequests, reviews } from '../../db/schema';
import type { Bindings } from '../../env';
import type { StudioDetails } from '../../messages/layout';
import {
  PRODUCT_REVIEWS_SHOWN,
  type PublicReview,
  type ReviewBoard,
  type ReviewSummary,
  reviewAuthor,
  TREATMENT_REVIEWS_SHOWN,
} from '../../shared/catalogue/review-rules';
import type { reviewStatuses } from '../../shared/statuses';
import { lagosDate, lagosToUtc } from '../../shared/time';
import { deskOrClientVisit } from '../bookings/visit-origin';
import { studioDetails } from '../outbox/notifications';
import { type NewMessage, queueMessages } from '../outbox/outbox';
import { type ReviewSubject, reviewPath, reviewToken, reviewTokenHash } from './review-links';
import { reviewRequestMessages } from './review-messages';

const HOUR_MS = 3_600_000;
/** Asked a day after the visit (or its completion, when staff mark it later) or the delivery. */
export const REVIEW_DELAY_HOURS = 24;
/** Sent in daytime, Lagos: a request due at night waits for the morning. */
export const REVIEW_SEND_HOURS = { from: '09:00', until: '20:00' } as const;
/** Older completions are never asked about: a backlog (a pause, the first deploy) is not sent at once. */
export const REVIEW_REQUEST_MAX_AGE_DAYS = 14;
/** Requests written per cron run and kind; the next run takes the rest. */
const REQUESTS_PER_RUN = 50;

export type ReviewRow = typeof reviews.$inferSelect;
export type ReviewRequestRow = typeof reviewRequests.$inferSelect;
type ReviewStatus = (typeof reviewStatuses)[number];

/** "Swedish Massage", "Swedish Massage and Hot Stone", "A, B and C". */
const listOf = (names: readonly string[]) =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;

interface RequestContext {
  db: Database;
  secret: string;
  studio: StudioDetails;
  now: Date;
}

/** Writes the request (once: a second writer's insert does nothing) and answers its link if this call wrote it. */
async function writeRequest(
  context: RequestContext,
  subject: ReviewSubject,
  row: Omit<typeof reviewRequests.$inferInsert, 'tokenHash' | 'kind'>,
): Promise<string | undefined> {
  const token = await reviewToken(subject, context.secret);
  const [written] = await context.db
    .insert(reviewRequests)
    .values({ ...row, kind: subject.kind, tokenHash: await reviewTokenHash(token) })
    .onConflictDoNothing()
    .returning({ id: reviewRequests.id });
  return written ? `${context.studio.siteUrl}${reviewPath(token)}` : undefined;
}

/**
 * Completed visits whose day has passed and that were never asked about; not one a therapist
 * booked with themselves until the desk or the client confirmed it (visit-origin.ts).
 */
async function visitRequests(context: RequestContext, since: string): Promise<NewMessage[]> {
  const { db, now } = context;
  const rows = await db.all<{
    id: string;
    name: string;
    email: string;
    phone: string;
    date: string;
    time: string;
    duration_minutes: number;
    completed_at: string;
    subservices: string;
    treatment_ids: string | null;
    therapist_id: string | null;
    therapist_name: string | null;
  }>(sql`select b.id, b.name, b.email, b.phone, b.date, b.time, b.duration_minutes, b.completed_at,
      b.subservices, b.treatment_ids, b.therapist_id, t.name as therapist_name
    from bookings b left join therapists t on t.id = b.therapist_id
    where b.service_status = 'completed' and b.completed_at >= ${since}
      and (b.email <> '' or b.phone <> '') and ${deskOrClientVisit('b')}
      and not exists (select 1 from review_requests r where r.booking_id = b.id)
    order by b.completed_at limit ${REQUESTS_PER_RUN}`);
  const messages: NewMessage[] = [];
  for (const booking of rows) {
    const visitEnd = lagosToUtc(booking.date, booking.time).getTime() + booking.duration_minutes * 60_000;
    const dueAt = Math.max(visitEnd, Date.parse(booking.completed_at)) + REVIEW_DELAY_HOURS * HOUR_MS;
    if (dueAt > now.getTime()) continue;
    const treatments = JSON.parse(booking.subservices) as string[];
    const treatmentIds =
      (JSON.parse(booking.treatment_ids ?? 'null') as string[] | null) ?? (await idsOfTreatments(db, treatments));
    const link = await writeRequest(
      context,
      { kind: 'visit', bookingId: booking.id },
      {
        bookingId: booking.id,
        subject: listOf(treatments),
        treatmentIds,
        therapistId: booking.therapist_id,
        name: booking.name,
      },
    );
    if (!link) continue;
    messages.push(
      ...(await reviewRequestMessages(
        `visit:${booking.id}`,
        {
          name: booking.name,
          visit: { treatments: listOf(treatments), date: booking.date, therapistName: booking.therapist_name, link },
        },
        booking,
        context.studio,
      )),
    );
  }
  return messages;
}

/** A booking taken before the menu's ids were kept: its treatments' ids by name. */
async function idsOfTreatments(db: Database, names: readonly string[]): Promise<string[]> {
  if (names.length === 0) return [];
  const rows = await db.all<{ id: string }>(
    sql`select id from treatments where name in (${sql.join(
      names.map((name) => sql`${name}`),
      sql`, `,
    )})`,
  );
  return rows.map((row) => row.id);
}

/** Delivered orders a day on: each product not yet asked about, in one email per order. */
async function productRequests(context: RequestContext, since: string): Promise<NewMessage[]> {
  const { db, now } = context;
  const dueBefore = new Date(now.getTime() - REVIEW_DELAY_HOURS * HOUR_MS).toISOString();
  const rows = await db.all<{
    order_id: string;
    name: string;
    email: string;
    product_id: string;
    product_name: string;
  }>(sql`select distinct o.id as order_id, o.name, o.email, i.product_id, i.product_name
    from orders o join order_items i on i.order_id = o.id
    where o.order_status = 'delivered' and o.delivered_at between ${since} and ${dueBefore} and o.email <> ''
      and not exists (select 1 from review_requests r where r.order_id = o.id and r.product_id = i.product_id)
    order by o.delivered_at, i.product_id limit ${REQUESTS_PER_RUN}`);
  const byOrder = new Map<string, { name: string; email: string; products: Array<{ name: string; link: string }> }>();
  for (const item of rows) {
    const link = await writeRequest(
      context,
      { kind: 'product', orderId: item.order_id, productId: item.product_id },
      { orderId: item.order_id, productId: item.product_id, subject: item.product_name, name: item.name },
    );
    if (!link) continue;
    const order = byOrder.get(item.order_id) ?? { name: item.name, email: item.email, products: [] };
    order.products.push({ name: item.product_name, link });
    byOrder.set(item.order_id, order);
  }
  const perOrder = [...byOrder].map(([orderId, order]) =>
    reviewRequestMessages(
      `order:${orderId}:${order.products.map((product) => product.name).join('|')}`,
      { name: order.name, products: order.products },
      { email: order.email, phone: '' },
      context.studio,
    ),
  );
  return (await Promise.all(perOrder)).flat();
}

/** The cron's task: the day's review requests, in daytime. */
export async function queueReviewRequests(env: Bindings, now: Date): Promise<void> {
  const today = lagosDate(now);
  const time = now.getTime();
  if (time < lagosToUtc(today, REVIEW_SEND_HOURS.from).getTime()) return;
  if (time >= lagosToUtc(today, REVIEW_SEND_HOURS.until).getTime()) return;
  const db = createDb(env.DB);
  const context: RequestContext = { db, secret: env.MANAGE_LINK_SECRET, studio: studioDetails(env), now };
  const since = new Date(time - REVIEW_REQUEST_MAX_AGE_DAYS * 24 * HOUR_MS).toISOString();
  const messages = [...(await visitRequests(context, since)), ...(await productRequests(context, since))];
  await queueMessages(db, env.MESSAGES, messages);
}

/** What a review link opens: the request, whether it was used, and what the page says. */
export async function findReviewRequest(db: Database, token: string) {
  const [row] = await db
    .select({
      request: reviewRequests,
      reviewed: sql<number>`exists (select 1 from reviews where reviews.request_id = review_requests.id)`,
      therapistName: sql<
        string | null
      >`(select name from therapists where therapists.id = review_requests.therapist_id)`,
      visitDate: sql<string | null>`(select date from bookings where bookings.id = review_requests.booking_id)`,
    })
    .from(reviewRequests)
    .where(sql`${reviewRequests.tokenHash} = ${await reviewTokenHash(token)}`)
    .limit(1);
  return row ? { ...row, reviewed: Boolean(row.reviewed) } : undefined;
}

/** The link's page: what is reviewed, and by whom (their first name). */
export const reviewRequestView = (found: NonNullable<Awaited<ReturnType<typeof findReviewRequest>>>) => ({
  kind: found.request.kind,
  subject: found.request.subject,
  firstName: found.request.name.trim().split(/\s+/)[0] ?? '',
  therapistName: found.therapistName,
  visitDate: found.visitDate,
  reviewed: found.reviewed,
});

/** One review per request: the unique key answers a second (or racing) one with nothing written. */
export async function submitReview(
  db: Database,
  request: ReviewRequestRow,
  body: { rating: number; comment: string; therapistRating?: number | null },
): Promise<ReviewRow | undefined> {
  const [written] = await db
    .insert(reviews)
    .values({
      requestId: request.id,
      kind: request.kind,
      productId: request.productId,
      treatmentIds: request.treatmentIds,
      therapistId: request.therapistId,
      author: reviewAuthor(request.name),
      rating: body.rating,
      // A therapist's rating only where the visit had one.
      therapistRating: request.therapistId ? (body.therapistRating ?? null) : null,
      comment: body.comment,
    })
    .onConflictDoNothing()
    .returning();
  return written;
}

const publicReview = (row: {
  id: string;
  author: string;
  rating: number;
  comment: string;
  reply: string | null;
  created_at: string;
  source: string;
}): PublicReview => ({
  id: row.id,
  user: row.author,
  rating: row.rating,
  comment: row.comment,
  reply: row.reply,
  date: lagosDate(new Date(row.created_at)),
  verified: row.source === 'verified',
});

type PublicRow = Parameters<typeof publicReview>[0] & { subject: string; total: number; average: number };

/** The columns a visitor may see of a review `r`. */
const publicColumns = sql`r.id, r.author, r.rating, r.comment, r.reply, r.created_at, r.source`;

/** Approved reviews of one kind by `subject` (a treatment or product id): each one's count, average and latest `shown`. */
const latestBySubject = (db: Database, subject: SQL, from: SQL, kind: ReviewRow['kind'], shown: number) =>
  db.all<PublicRow>(sql`select * from (select ${publicColumns}, ${subject} as subject,
      count(*) over (partition by ${subject}) as total, avg(r.rating) over (partition by ${subject}) as average,
      row_number() over (partition by ${subject} order by r.created_at desc, r.id) as position
    from ${from} where r.status = 'approved' and r.kind = ${kind})
    where position <= ${shown}`);

/**
 * Each treatment's and product's approved reviews as the pages show them: the average, the
 * count and the latest few. A visit of several treatments counts for each of them.
 */
export async function reviewBoard(db: Database): Promise<ReviewBoard> {
  const [visits, products] = await Promise.all([
    latestBySubject(db, sql`j.value`, sql`reviews r, json_each(r.treatment_ids) j`, 'visit', TREATMENT_REVIEWS_SHOWN),
    latestBySubject(db, sql`r.product_id`, sql`reviews r`, 'product', PRODUCT_REVIEWS_SHOWN),
  ]);
  const summaries = (rows: PublicRow[]) => {
    const bySubject = new Map<string, ReviewSummary & { reviews: PublicReview[] }>();
    for (const row of rows) {
      const summary = bySubject.get(row.subject) ?? {
        rating: Math.round(row.average * 10) / 10,
        reviewCount: row.total,
        reviews: [],
      };
      summary.reviews.push(publicReview(row));
      bySubject.set(row.subject, summary);
    }
    return bySubject;
  };
  return { treatments: summaries(visits), products: summaries(products) };
}

/** GET /api/reviews: approved reviews, newest first, of one treatment or product or all. */
export async function listPublicReviews(
  db: Database,
  filter: { treatment?: string; product?: string },
  page: { page: number; pageSize: number },
) {
  const where = sql.join(
    [
      sql`r.status = 'approved'`,
      filter.treatment
        ? sql`r.kind = 'visit' and exists (select 1 from json_each(r.treatment_ids) j where j.value = ${filter.treatment})`
        : undefined,
      filter.product ? sql`r.kind = 'product' and r.product_id = ${filter.product}` : undefined,
    ].filter((part) => part !== undefined),
    sql` and `,
  );
  const [rows, [totals]] = await Promise.all([
    db.all<Parameters<typeof publicReview>[0]>(sql`select ${publicColumns} from reviews r where ${where}
        order by r.created_at desc, r.id
        limit ${page.pageSize} offset ${(page.page - 1) * page.pageSize}`),
    db.all<{ total: number; average: number | null }>(
      sql`select count(*) as total, avg(r.rating) as average from reviews r where ${where}`,
    ),
  ]);
  return {
    reviews: rows.map(publicReview),
    rating: totals?.average == null ? null : Math.round(totals.average * 10) / 10,
    reviewCount: totals?.total ?? 0,
  };
}

/** A review as the Reviews screen shows it: what it is about, who wrote it, how it stands. */
export interface StaffReview {
  _id: string;
  kind: ReviewRow['kind'];
  source: ReviewRow['source'];
  status: ReviewStatus;
  /** The treatments of the visit, or the product. */
  subject: string;
  author: string;
  /** The client's full name as booked (seed data: none). */
  clientName: string | null;
  visitDate: string | null;
  therapistName: string | null;
  rating: number;
  therapistRating: number | null;
  comment: string;
  reply: string | null;
  repliedAt: string | null;
  moderatedBy: string | null;
  moderatedAt: string | null;
  createdAt: string;
}

const staffSelect = sql`select r.*, coalesce(q.subject, p.name, r.product_id, '') as subject, q.name as client_name,
    b.date as visit_date, t.name as therapist_name
  from reviews r
  left join review_requests q on q.id = r.request_id
  left join bookings b on b.id = q.booking_id
  left join products p on p.id = r.product_id
  left join therapists t on t.id = r.therapist_id`;

interface StaffRow {
  id: string;
  kind: ReviewRow['kind'];
  source: ReviewRow['source'];
  status: ReviewStatus;
  subject: string;
  author: string;
  client_name: string | null;
  visit_date: string | null;
  therapist_name: string | null;
  rating: number;
  therapist_rating: number | null;
  comment: string;
  reply: string | null;
  replied_at: string | null;
  moderated_by: string | null;
  moderated_at: string | null;
  created_at: string;
}

const staffReview = (row: StaffRow): StaffReview => ({
  _id: row.id,
  kind: row.kind,
  source: row.source,
  status: row.status,
  subject: row.subject,
  author: row.author,
  clientName: row.client_name,
  visitDate: row.visit_date,
  therapistName: row.therapist_name,
  rating: row.rating,
  therapistRating: row.therapist_rating,
  comment: row.comment,
  reply: row.reply,
  repliedAt: row.replied_at,
  moderatedBy: row.moderated_by,
  moderatedAt: row.moderated_at,
  createdAt: row.created_at,
});

/** The Reviews screen's lists: waiting ones oldest first (in the order they came), the others newest first. */
export async function listStaffReviews(db: Database, status: ReviewStatus, page: { page: number; pageSize: number }) {
  const order = status === 'pending' ? sql`r.created_at, r.id` : sql`coalesce(r.moderated_at, r.created_at) desc, r.id`;
  const [rows, [totals]] = await Promise.all([
    db.all<StaffRow>(sql`${staffSelect} where r.status = ${status} order by ${order}
      limit ${page.pageSize} offset ${(page.page - 1) * page.pageSize}`),
    db.all<{ total: number }>(sql`select count(*) as total from reviews r where r.status = ${status}`),
  ]);
  return { reviews: rows.map(staffReview), total: totals?.total ?? 0 };
}

export async function findStaffReview(db: Database, id: string): Promise<StaffReview | undefined> {
  const [row] = await db.all<StaffRow>(sql`${staffSelect} where r.id = ${id}`);
  return row ? staffReview(row) : undefined;
}

/**
 * Approve or hide, with the studio's public reply (an empty reply takes it back; none keeps
 * it). Answers the review as it is now, or undefined when there is none.
 */
export async function moderateReview(
  db: Database,
  id: string,
  change: { status: 'approved' | 'hidden'; reply?: string | null },
  by: string,
  now: Date,
): Promise<StaffReview | undefined> {
  const at = now.toISOString();
  const reply =
    change.reply === undefined
      ? {}
      : change.reply
        ? { reply: change.reply, repliedAt: at }
        : { reply: null, repliedAt: null };
  const updated = await db
    .update(reviews)
    .set({ status: change.status, moderatedBy: by, moderatedAt: at, ...reply })
    .where(sql`${reviews.id} = ${id}`)
    .returning({ id: reviews.id });
  return updated.length === 1 ? findStaffReview(db, id) : undefined;
}
