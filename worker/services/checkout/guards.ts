/**
 * A guard of a payment's insert: one condition of its WHERE and the refusal that explains it, side
 * by side, so the two never disagree. The insert holds only when every guard's condition does (in
 * the statement itself, so racing payments cannot both pass); when it wrote nothing, the guards
 * are asked in their order and the first that says why is the answer.
 */
import { type SQL, sql } from 'drizzle-orm';
import { type InitializeResult, MAX_OPEN_HOLDS, MAX_OPEN_HOLDS_PER_NETWORK, type PaymentContext } from './context';

export type Refusal = Extract<InitializeResult, { ok: false }>;

export interface Guard {
  condition: SQL;
  /** Why the insert refused, if this guard is why; none: the caller's last word explains it. */
  refusal?: () => Promise<Refusal | undefined>;
}

/**
 * A guard whose condition is asked again after a refused insert: false now (a balance spent
 * elsewhere meanwhile), it is why, and `refusal` says so. With nothing to guard it holds.
 */
export function recheckedGuard(context: PaymentContext, condition: SQL | undefined, refusal: Refusal): Guard {
  if (!condition) return { condition: sql`1` };
  return {
    condition,
    refusal: async () => {
      const still = await context.db.get<{ holds: number }>(sql`select ${condition} as holds`);
      return still?.holds === 1 ? undefined : refusal;
    },
  };
}

/** SQL: every guard's condition holds. */
export const allHold = (guards: readonly Guard[]) =>
  guards.length === 0
    ? sql`1`
    : sql.join(
        guards.map((guard) => sql`(${guard.condition})`),
        sql` and `,
      );

/** The first refusal a guard gives, in the guards' order. */
export async function firstRefusal(guards: readonly Guard[]): Promise<Refusal | undefined> {
  for (const guard of guards) {
    const refusal = await guard.refusal?.();
    if (refusal) return refusal;
  }
  return undefined;
}

/**
 * A cap on the unpaid, unexpired holds `holds` selects (an email's, a network's): fewer than
 * `limit` for the insert; refused with 429 and how long until the first of them ends.
 */
export function capGuard(
  context: PaymentContext,
  holds: SQL,
  limit: number,
  message: (minutes: number) => string,
): Guard {
  return {
    condition: sql`(select count(*) from (${holds})) < ${limit}`,
    refusal: async () => {
      const open = await context.db.all<{ hold_expires_at: string }>(holds);
      if (open.length < limit) return undefined;
      const firstFree = Math.min(...open.map((hold) => Date.parse(hold.hold_expires_at)));
      const seconds = Math.max(1, Math.ceil((firstFree - context.now.getTime()) / 1000));
      return { ok: false, status: 429, message: message(Math.ceil(seconds / 60)), retryAfterSeconds: seconds };
    },
  };
}

/**
 * The caps on unpaid holds: MAX_OPEN_HOLDS for one email, MAX_OPEN_HOLDS_PER_NETWORK for one
 * network (a carrier's shared address), of the holds `holds` selects for whose they are.
 */
export function holdCapGuards(
  context: PaymentContext,
  holds: (whose: SQL) => SQL,
  who: { email: string; clientKey?: string | null },
  messages: { person: (minutes: number) => string; network: (minutes: number) => string },
): Guard[] {
  return [
    capGuard(context, holds(sql`lower(email) = lower(${who.email})`), MAX_OPEN_HOLDS, messages.person),
    capGuard(context, holds(sql`client_key = ${who.clientKey ?? null}`), MAX_OPEN_HOLDS_PER_NETWORK, messages.network),
  ];
}
