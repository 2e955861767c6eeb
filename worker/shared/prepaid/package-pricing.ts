/**
 * What a package's sessions pay of a visit: one session pays one treatment it covers, the dearest
 * first, as many as it has sessions left; the visit's other treatments are paid as usual. Shared by
 * the server, which charges it, and the booking form, which shows it.
 */
import type { BookingPrice } from '../bookings/booking-pricing';
import { treatmentKey } from '../catalogue/treatments';

export interface PackageShare {
  /** The visit's treatments the sessions pay. */
  covered: BookingPrice['lines'];
  /** The rest, paid online (or by deposit) as any visit. */
  paid: BookingPrice['lines'];
  sessions: number;
  /** What the covered treatments cost on the menu, in naira. */
  value: number;
}

export function packageShare(
  lines: BookingPrice['lines'],
  coveredNames: readonly string[],
  sessionsLeft: number,
): PackageShare {
  const names = new Set(coveredNames.map(treatmentKey));
  const coverable = lines
    .map((line, index) => ({ line, index }))
    .filter(({ line }) => names.has(treatmentKey(line.name)))
    .sort((a, b) => b.line.price - a.line.price || a.index - b.index)
    .slice(0, Math.max(0, sessionsLeft));
  const taken = new Set(coverable.map(({ index }) => index));
  const covered = lines.filter((_, index) => taken.has(index));
  return {
    covered,
    paid: lines.filter((_, index) => !taken.has(index)),
    sessions: covered.length,
    value: covered.reduce((sum, line) => sum + line.price, 0),
  };
}
