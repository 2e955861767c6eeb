/**
 * Membership plans as staff define them: a monthly price, sessions a month of the
 * treatments it covers, a percentage off the shop, shown or hidden. Each is kept as a Paystack
 * plan too (monthly, at its price): made when it is added, changed (before anything is saved here)
 * when its name or price is. A plan Paystack could not take yet is saved without its code, cannot
 * be joined, and is sent again on its next save.
 */
import { type SQL, sql } from 'drizzle-orm';
import { type Database, d1Statement, setClauses } from '../../db/client';
import { nairaToKobo } from '../../shared/money';
import {
  type MembershipOffer,
  type MembershipPlanChange,
  membershipMessages,
  type NewMembershipPlan,
} from '../../shared/prepaid/membership-rules';
import type { PaystackPlans } from '../payments/gateway';
import { coverStatements, unknownTreatments } from './packages';

export interface StaffMembershipPlan extends MembershipOffer {
  shown: boolean;
  /** Whether Paystack holds its plan: only then can it be joined. */
  paystackReady: boolean;
}

export type PlanResult =
  | { ok: true; plan: StaffMembershipPlan; paystackProblem?: string }
  | { ok: false; status: 400 | 404 | 502; message: string; field?: string };

type PlanRow = Omit<StaffMembershipPlan, 'treatments' | 'shown' | 'paystackReady'> & {
  treatments: string;
  shown: number;
  paystackPlanCode: string | null;
};

const planRows = (where: SQL) => sql`select p.id as _id, p.name, p.price, p.sessions_per_month as sessionsPerMonth,
    p.shop_percent as shopPercent, p.shown, p.paystack_plan_code as paystackPlanCode,
    (select json_group_array(json_object('_id', id, 'name', name, 'price', price)) from (
      select t.id, t.name, t.price from membership_plan_treatments pt join treatments t on t.id = pt.treatment_id
      where pt.plan_id = p.id order by t.position, t.name)) as treatments
  from membership_plans p where ${where} order by p.price, p.name`;

const staffView = ({ paystackPlanCode, ...row }: PlanRow): StaffMembershipPlan => ({
  ...row,
  shown: Boolean(row.shown),
  paystackReady: paystackPlanCode !== null,
  treatments: JSON.parse(row.treatments) as MembershipOffer['treatments'],
});

/** The plans visitors may join: shown, and held by Paystack. */
export async function shownPlans(db: Database): Promise<MembershipOffer[]> {
  const rows = await db.all<PlanRow>(planRows(sql`p.shown = 1 and p.paystack_plan_code is not null`));
  return rows.map((row) => {
    const { shown: _shown, paystackReady: _ready, ...view } = staffView(row);
    return view;
  });
}

export async function allPlans(db: Database): Promise<StaffMembershipPlan[]> {
  return (await db.all<PlanRow>(planRows(sql`1`))).map(staffView);
}

/** A plan with its Paystack code (undefined: no such plan). */
export async function findPlan(db: Database, id: string) {
  const [row] = await db.all<PlanRow>(planRows(sql`p.id = ${id}`));
  return row ? { ...staffView(row), paystackPlanCode: row.paystackPlanCode } : undefined;
}

const nameClash = (error: unknown): boolean =>
  error instanceof Error &&
  (/UNIQUE constraint failed: index 'membership_plans_name'/.test(error.message) || nameClash(error.cause));

const treatmentStatements = (db: Database, id: string, treatments: string[]) =>
  coverStatements(db, 'plan', id, treatments);

/**
 * Runs the plan's write (a name already used answers 400 on the name), then brings Paystack's plan
 * up to date when `paystack` says it must be (new, renamed or repriced, or not there yet).
 */
async function saved(
  db: Database,
  id: string,
  name: string | undefined,
  write: () => Promise<unknown>,
  paystack: { plans: PaystackPlans | undefined; sync: boolean },
): Promise<PlanResult> {
  try {
    await write();
  } catch (error) {
    if (name !== undefined && nameClash(error)) {
      return { ok: false, status: 400, message: membershipMessages.nameTaken(name), field: 'name' };
    }
    throw error;
  }
  const plan = await findPlan(db, id);
  if (!plan) return { ok: false, status: 404, message: membershipMessages.notFound };
  if (!paystack.plans || !(paystack.sync || !plan.paystackPlanCode)) return { ok: true, plan };
  try {
    const request = { name: plan.name, amount: nairaToKobo(plan.price) };
    if (plan.paystackPlanCode) await paystack.plans.updatePlan(plan.paystackPlanCode, request);
    else {
      const code = await paystack.plans.createPlan(request);
      await db.run(sql`update membership_plans set paystack_plan_code = ${code} where id = ${id}`);
    }
  } catch (error) {
    console.error('Paystack plan not saved', id, error);
    const { paystackPlanCode: _code, ...view } = plan;
    return { ok: true, plan: view, paystackProblem: membershipMessages.paystackPlan };
  }
  const { paystackPlanCode: _code, ...view } = (await findPlan(db, id)) ?? plan;
  return { ok: true, plan: view };
}

export async function createPlan(
  db: Database,
  input: NewMembershipPlan,
  plans: PaystackPlans | undefined,
): Promise<PlanResult> {
  if ((await unknownTreatments(db, input.treatments)).length > 0) {
    return { ok: false, status: 400, message: membershipMessages.treatments, field: 'treatments' };
  }
  const id = crypto.randomUUID();
  return saved(
    db,
    id,
    input.name,
    () =>
      db.$client.batch([
        d1Statement(
          db,
          sql`insert into membership_plans (id, name, price, sessions_per_month, shop_percent, shown)
          values (${id}, ${input.name}, ${input.price}, ${input.sessionsPerMonth}, ${input.shopPercent},
            ${input.shown ? 1 : 0})`,
        ),
        ...treatmentStatements(db, id, input.treatments),
      ]),
    { plans, sync: true },
  );
}

export async function updatePlan(
  db: Database,
  id: string,
  change: MembershipPlanChange,
  plans: PaystackPlans | undefined,
): Promise<PlanResult> {
  const plan = await findPlan(db, id);
  if (!plan) return { ok: false, status: 404, message: membershipMessages.notFound };
  if (change.treatments && (await unknownTreatments(db, change.treatments)).length > 0) {
    return { ok: false, status: 400, message: membershipMessages.treatments, field: 'treatments' };
  }
  // A new name or price goes to Paystack first: its plan charges its own amount, so a price saved
  // here but not there would charge members the old one (and their payment would not match).
  const repriced = change.name !== undefined || change.price !== undefined;
  if (repriced && plan.paystackPlanCode && plans) {
    try {
      await plans.updatePlan(plan.paystackPlanCode, {
        name: change.name ?? plan.name,
        amount: nairaToKobo(change.price ?? plan.price),
      });
    } catch (error) {
      console.error('Paystack plan not changed', id, error);
      return { ok: false, status: 502, message: membershipMessages.paystackChange };
    }
  }
  const sets = setClauses(change, {
    name: 'name',
    price: 'price',
    sessionsPerMonth: 'sessions_per_month',
    shopPercent: 'shop_percent',
    shown: 'shown',
  });
  return saved(
    db,
    id,
    change.name,
    () =>
      db.$client.batch([
        ...(sets.length > 0
          ? [d1Statement(db, sql`update membership_plans set ${sql.join(sets, sql`, `)} where id = ${id}`)]
          : []),
        ...(change.treatments ? treatmentStatements(db, id, change.treatments) : []),
        d1Statement(db, sql`select 1`),
      ]),
    // Already at Paystack: changed above. Not there yet: made now.
    { plans, sync: false },
  );
}
