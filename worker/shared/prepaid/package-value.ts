/**
 * What a package is worth to a visitor, and its shape as they see it: no validation here, so the
 * public /packages page carries no schema library on its first load (package-rules.ts has those).
 */

/** A package as visitors see it (GET /api/packages, and the /packages page). */
export interface PackageOffer {
  _id: string;
  name: string;
  /** The menu's treatments it covers, with what one visit of each costs (for the saving). */
  treatments: Array<{ _id: string; name: string; price: number }>;
  sessions: number;
  price: number;
  validMonths: number;
}

/**
 * What a package is worth to the client: the price of one session, and what it saves against
 * paying each visit singly (at the cheapest treatment it covers, so the saving is never overstated).
 */
export function packageValue(pkg: { sessions: number; price: number; treatments: ReadonlyArray<{ price: number }> }) {
  const single = Math.min(...pkg.treatments.map((treatment) => treatment.price));
  const perSession = Math.round(pkg.price / pkg.sessions);
  const saving = Number.isFinite(single) ? Math.max(0, single * pkg.sessions - pkg.price) : 0;
  return { perSession, saving };
}

/** A code whose package covers none of the visit's treatments (the server's 409, the payment dialog's note). */
export const packageNotCovered =
  'Your package does not cover the treatments you chose. Please choose a treatment it covers.';
