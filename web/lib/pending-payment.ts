/**
 * What the browser remembers while the visitor is away paying: the reference and a short summary,
 * in session storage (the same tab comes back from the checkout). No health or contact details.
 */
export interface PendingPayment {
  kind: 'booking' | 'order' | 'voucher' | 'package' | 'membership';
  reference: string;
  summary: string[];
  amount: number;
}

/** A stored value's shape, checked by hand: the booking page reads it on load, and zod stays off that load. */
function isPendingPayment(value: unknown): value is PendingPayment {
  if (typeof value !== 'object' || value === null) return false;
  const { kind, reference, summary, amount } = value as Record<string, unknown>;
  return (
    (kind === 'booking' || kind === 'order' || kind === 'voucher' || kind === 'package' || kind === 'membership') &&
    typeof reference === 'string' &&
    Array.isArray(summary) &&
    summary.every((line) => typeof line === 'string') &&
    typeof amount === 'number'
  );
}

/** The spec's pause before a confirmation page verifies, so it has painted its "verifying" state. */
export const VERIFY_DELAY_MS = 100;

/** The booking page checks for `spa.pending-booking` by name on load (booking-form.tsx). */
const key = (kind: PendingPayment['kind']) => `spa.pending-${kind}`;

export function savePendingPayment(pending: PendingPayment): void {
  sessionStorage.setItem(key(pending.kind), JSON.stringify(pending));
}

export function readPendingPayment(kind: PendingPayment['kind']): PendingPayment | undefined {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(key(kind)) ?? 'null');
    return isPendingPayment(stored) && stored.kind === kind ? stored : undefined;
  } catch {
    return undefined;
  }
}

export function clearPendingPayment(kind: PendingPayment['kind']): void {
  sessionStorage.removeItem(key(kind));
}
