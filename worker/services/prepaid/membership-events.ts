/**
 * Paystack's events about memberships, each applied once whatever their order and repetition.
 *
 * Each event is kept under its own key (a charge by its reference, a failed invoice by its code, a
 * subscription's start, non-renewal and end by its code) in the batch that applies it: the key's
 * row is inserted if new, every change is guarded by it being unapplied, and the last statement
 * marks it applied, so a repeat (or the same event racing itself) changes nothing. An event about a
 * membership not yet known (a subscription.create before the first charge is recorded, a
 * not_renew before the subscription is linked) waits, unapplied, and is applied when it is.
 *
 * - subscription.create links the Paystack subscription (and Paystack's customer) to the
 *   membership its first charge started;
 * - each later charge.success of the plan for that customer, for the month's price in naira, adds
 *   the month's sessions (unused ones roll over one month at most) and moves the paid month on; a
 *   charge of another amount or currency is kept, never applied (and so not money in for the
 *   reports), and logged for staff to look at in Paystack's dashboard;
 * - invoice.payment_failed marks it unpaid (no sessions added) and tells the member;
 * - subscription.not_renew and subscription.disable end it when the paid month ends.
 */
import { type SQL, sql } from 'drizzle-orm';
import * as z from 'zod/mini';
import { changedRow, type Database, d1Statement } from '../../db/client';
import { memberships } from '../../db/schema';
import type { studioDetails } from '../outbox/notifications';
import type { NewMessage } from '../outbox/outbox';
import { lagosDateOf, membershipFacts, monthAfter } from './memberships';
import { membershipMessages } from './prepaid-messages';

export interface MembershipEventContext {
  db: Database;
  now: Date;
  studio: ReturnType<typeof studioDetails>;
  notify: (messages: NewMessage[]) => void;
}

const customer = () => z.object({ email: z.string(), customer_code: z.optional(z.string()) });
const planRef = () => z.object({ plan_code: z.string() });

const subscriptionData = () =>
  z.object({
    subscription_code: z.string(),
    email_token: z.optional(z.nullable(z.string())),
    next_payment_date: z.optional(z.nullable(z.string())),
    plan: z.optional(planRef()),
    customer: z.optional(customer()),
  });
const renewalData = () =>
  z.object({
    reference: z.string(),
    status: z.string(),
    amount: z.number(),
    currency: z.string(),
    plan: planRef(),
    // Paystack's customer, not the email: an email is anyone's to type at a checkout.
    customer: z.object({ customer_code: z.string() }),
  });
const failedInvoiceData = () =>
  z.object({ invoice_code: z.string(), subscription: z.object({ subscription_code: z.string() }) });

/** The events this module applies; anything else is no membership's. */
export const membershipEventNames = [
  'subscription.create',
  'subscription.not_renew',
  'subscription.disable',
  'invoice.payment_failed',
] as const;

/** One row's change: `update … set …`, on the row whose id `id` selects, when `also` holds. */
type Change = { update: SQL; id: SQL; also?: SQL };
/** `guard`, when given, must hold for any change and for the event to count as applied. */
type Applied = {
  key: string;
  event: string;
  subscriptionCode: string | null;
  target: SQL;
  changes: Change[];
  guard?: SQL;
};

/** The membership a subscription code names. */
const byCode = (code: string) => sql`(select id from memberships where subscription_code = ${code})`;

/** The member's newest membership of the Paystack plan `planCode` that has not ended. */
const byPlanAndEmail = (planCode: string, email: string, also: SQL = sql`1`) =>
  sql`(select m.id from memberships m join membership_plans p on p.id = m.plan_id
    where p.paystack_plan_code = ${planCode} and lower(m.email) = lower(${email}) and m.status != 'ended' and ${also}
    order by m.created_at desc limit 1)`;

/**
 * The membership a renewal is for: linked to a subscription of the Paystack plan `planCode` for
 * Paystack's customer `customerCode` (the newest that has not ended). None until subscription.create
 * linked it: the renewal waits, and is applied when it is.
 */
const byPlanAndCustomer = (planCode: string, customerCode: string) =>
  sql`(select m.id from memberships m join membership_plans p on p.id = m.plan_id
    where p.paystack_plan_code = ${planCode} and m.customer_code = ${customerCode}
      and m.subscription_code is not null and m.status != 'ended'
    order by m.created_at desc limit 1)`;

/**
 * A renewal's charge is the month's price, in kobo and naira: the plan's price now (updatePlan
 * sends a new price to Paystack, which moves its subscriptions to it) or the price the member
 * joined at (their first month's payment), since a subscription Paystack kept at its old amount
 * is still the month paid. Anything else (a partial or foreign charge) adds nothing.
 */
const chargesTheMonth = (target: SQL, amount: number, currency: string) =>
  sql`(${currency} = 'NGN' and ${amount} in (
    (select p.price * 100 from memberships m join membership_plans p on p.id = m.plan_id where m.id = ${target}),
    (select pay.amount * 100 from memberships m join payments pay on pay.reference = m.payment_reference
      where m.id = ${target})))`;

/**
 * What an event does, as SQL on its membership (`target`, null when none is known yet): undefined
 * when the event is malformed or not about a membership (a one-off charge).
 */
function planOf(event: string, data: unknown, nowIso: string): Applied | undefined {
  if (event === 'subscription.create') return subscriptionCreated(data, nowIso);
  if (event === 'charge.success') return renewalCharged(data, nowIso);
  if (event === 'invoice.payment_failed') return renewalFailed(data, nowIso);
  if (event === 'subscription.not_renew' || event === 'subscription.disable')
    return subscriptionEnding(event, data, nowIso);
  return undefined;
}

/** A subscription made at Paystack: its codes, on the membership of its plan and email. */
function subscriptionCreated(data: unknown, nowIso: string): Applied | undefined {
  const parsed = subscriptionData().safeParse(data);
  if (!parsed.success || !parsed.data.plan || !parsed.data.customer) return undefined;
  const { subscription_code: code, email_token: token, plan, customer } = parsed.data;
  const target = byPlanAndEmail(
    plan.plan_code,
    customer.email,
    sql`(m.subscription_code is null or m.subscription_code = ${code})`,
  );
  return {
    key: `subscription.create:${code}`,
    event: 'subscription.create',
    subscriptionCode: code,
    target,
    changes: [
      {
        update: sql`update memberships set subscription_code = ${code}, email_token = ${token ?? null},
          customer_code = coalesce(${customer.customer_code ?? null}, customer_code), updated_at = ${nowIso}`,
        id: target,
      },
    ],
  };
}

/** A month's renewal charged: the sessions topped up to the month's, the paid month moved on. */
function renewalCharged(data: unknown, nowIso: string): Applied | undefined {
  const parsed = renewalData().safeParse(data);
  if (!parsed.success || parsed.data.status !== 'success') return undefined;
  const { reference, amount, currency, plan, customer } = parsed.data;
  const target = byPlanAndCustomer(plan.plan_code, customer.customer_code);
  const wallet = sql`(select purchase_id from memberships where id = ${target})`;
  // The month's sessions as joined (the row holds two months' at most): a later change of the
  // plan changes no member's ceiling.
  const perMonth = sql`(sessions / 2)`;
  return {
    key: `charge.success:${reference}`,
    event: 'charge.success',
    subscriptionCode: null,
    target,
    guard: chargesTheMonth(target, amount, currency),
    changes: [
      // The sessions first, while the membership still has its old paid month.
      {
        update: sql`update package_purchases set sessions_left = min(sessions_left, ${perMonth}) + ${perMonth},
          expires_on = ${lagosDateOf(monthAfter(sql`(select paid_until from memberships where id = ${target})`, nowIso))},
          status = 'active'`,
        id: wallet,
      },
      {
        update: sql`update memberships set months = months + 1, status = 'active',
          paid_until = ${monthAfter(sql`paid_until`, nowIso)}, updated_at = ${nowIso}`,
        id: target,
      },
    ],
  };
}

/** A renewal that failed: the membership is unpaid, if it was due. */
function renewalFailed(data: unknown, nowIso: string): Applied | undefined {
  const parsed = failedInvoiceData().safeParse(data);
  if (!parsed.success) return undefined;
  const code = parsed.data.subscription.subscription_code;
  return {
    key: `invoice.payment_failed:${parsed.data.invoice_code}`,
    event: 'invoice.payment_failed',
    subscriptionCode: code,
    target: byCode(code),
    changes: [
      {
        update: sql`update memberships set status = 'unpaid', updated_at = ${nowIso}`,
        id: byCode(code),
        // Only at a renewal: a failure that arrives after that month's charge went through (a
        // retry succeeded first) leaves the paid month as it is.
        also: sql`status = 'active' and paid_until <= ${new Date(Date.parse(nowIso) + 3 * 86_400_000).toISOString()}`,
      },
    ],
  };
}

/** A subscription that will not renew, or was disabled: ending until its paid month ends, then ended. */
function subscriptionEnding(
  event: 'subscription.not_renew' | 'subscription.disable',
  data: unknown,
  nowIso: string,
): Applied | undefined {
  const parsed = subscriptionData().safeParse(data);
  if (!parsed.success) return undefined;
  const code = parsed.data.subscription_code;
  return {
    key: `${event}:${code}`,
    event,
    subscriptionCode: code,
    target: byCode(code),
    changes: [
      {
        update: sql`update memberships set status = case when paid_until > ${nowIso} then 'ending' else 'ended' end,
          updated_at = ${nowIso}`,
        id: byCode(code),
        also: sql`status != 'ended'`,
      },
    ],
  };
}

/**
 * Applies one event once: `applied` when this call applied it (a repeat, or one still waiting for
 * its membership, is not), `refused` when its membership is known but its guard does not hold.
 */
async function apply(
  context: MembershipEventContext,
  plan: Applied,
  payload: unknown,
): Promise<{ applied: boolean; refused: boolean }> {
  const { db } = context;
  const pending = sql`exists (select 1 from membership_events where key = ${plan.key} and applied = 0)`;
  const guard = plan.guard ?? sql`1`;
  const statements = [
    d1Statement(
      db,
      sql`insert into membership_events (key, event, subscription_code, payload)
        values (${plan.key}, ${plan.event}, ${plan.subscriptionCode}, ${JSON.stringify(payload)})
        on conflict (key) do nothing`,
    ),
    ...plan.changes.map((change) =>
      d1Statement(
        db,
        sql`${change.update} where id = ${change.id} and ${change.also ?? sql`1`} and ${guard} and ${pending}`,
      ),
    ),
    d1Statement(
      db,
      sql`update membership_events set applied = 1
        where key = ${plan.key} and applied = 0 and ${plan.target} is not null and ${guard}`,
    ),
    // In the same round trip: whether it was refused (known, but not what it must be).
    d1Statement(db, sql`select (${plan.target} is not null and not ${guard}) as refused`),
  ];
  const results = await db.$client.batch<{ refused: number | null }>(statements);
  return { applied: changedRow(results.at(-2)), refused: Boolean(results.at(-1)?.results[0]?.refused) };
}

/** Handles a signed Paystack event about memberships; the caller has checked the signature. */
export async function membershipEvent(context: MembershipEventContext, event: string, data: unknown): Promise<void> {
  const plan = planOf(event, data, context.now.toISOString());
  if (!plan) return;
  const { applied, refused } = await apply(context, plan, { event, data });
  if (refused) {
    // Kept, never applied: no sessions, no month, no money in. Staff see the charge in Paystack.
    const { amount, currency } = data as { amount: number; currency: string };
    console.error('Membership renewal not applied: not the month’s price', plan.key, amount, currency);
  }
  if (!applied) return;
  if (event === 'subscription.create' && plan.subscriptionCode) {
    const linked = subscriptionData().parse(data);
    await applyWaiting(context, plan.subscriptionCode, {
      customerCode: linked.customer?.customer_code ?? null,
      planCode: linked.plan?.plan_code ?? null,
    });
  }
  if (event === 'invoice.payment_failed' && plan.subscriptionCode) {
    const [membership] = await context.db
      .select()
      .from(memberships)
      .where(sql`${memberships.subscriptionCode} = ${plan.subscriptionCode}`);
    if (membership) {
      const contact = { email: membership.email, phone: membership.phone };
      context.notify(
        await membershipMessages(
          'membership-unpaid',
          await membershipFacts(context.db, membership),
          contact,
          plan.key,
          context.studio,
        ),
      );
    }
  }
}

/**
 * Applies, oldest first, the events that waited for the subscription `code` to be linked: those
 * naming it, and the renewals of its plan for its customer.
 */
async function applyWaiting(
  context: MembershipEventContext,
  code: string,
  linked: { customerCode: string | null; planCode: string | null },
): Promise<void> {
  const waiting = await context.db.all<{ payload: string }>(
    sql`select payload from membership_events where applied = 0 and (subscription_code = ${code}
      or (event = 'charge.success' and json_extract(payload, '$.data.customer.customer_code') = ${linked.customerCode}
        and json_extract(payload, '$.data.plan.plan_code') = ${linked.planCode}))
      order by created_at, rowid`,
  );
  for (const row of waiting) {
    const { event, data } = JSON.parse(row.payload) as { event: string; data: unknown };
    await membershipEvent(context, event, data);
  }
}

/**
 * After a membership started: a subscription.create Paystack sent before the first charge was
 * recorded (for this member's email and plan) is applied now, and what waited for it with it.
 */
export async function applyEarlySubscription(
  context: MembershipEventContext,
  member: { email: string; planCode: string },
): Promise<void> {
  const early = await context.db.all<{ payload: string }>(
    sql`select payload from membership_events where event = 'subscription.create' and applied = 0
      and lower(json_extract(payload, '$.data.customer.email')) = lower(${member.email})
      and json_extract(payload, '$.data.plan.plan_code') = ${member.planCode}
      order by created_at, rowid`,
  );
  for (const row of early) {
    const { event, data } = JSON.parse(row.payload) as { event: string; data: unknown };
    await membershipEvent(context, event, data);
  }
}
