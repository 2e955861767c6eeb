/**
 * What the browser remembers while the visitor is away paying: the reference and a short summary,
 * in session storage (the same tab comes back from the checkout). No health or contact details.
 */
import * as z from 'zod/mini';

const pendingSchema = z.object({
  kind: z.enum(['booking', 'order']),
  reference: z.string(),
  summary: z.array(z.string()),
  amount: z.number(),
});

export type PendingPayment = z.infer<typeof pendingSchema>;

/** The spec's pause before a confirmation page verifies, so it has painted its "verifying" state. */
export const VERIFY_DELAY_MS = 100;

const key = (kind: PendingPayment['kind']) => `spa.pending-${kind}`;

export function savePendingPayment(pending: PendingPayment): void {
  sessionStorage.setItem(key(pending.kind), JSON.stringify(pending));
}

export function readPendingPayment(kind: PendingPayment['kind']): PendingPayment | undefined {
  try {
    const parsed = pendingSchema.safeParse(JSON.parse(sessionStorage.getItem(key(kind)) ?? 'null'));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

export function clearPendingPayment(kind: PendingPayment['kind']): void {
  sessionStorage.removeItem(key(kind));
}
