/**
 * A reference as a client reads it out at the desk or over the phone: its last six characters in
 * two groups of three ("BK-20261202-…a3f9c1" → "A3F 9C1"), shown beside the long one that the
 * payment provider and the bank know.
 */
export function shortReference(reference: string): string {
  const tail = reference
    .replace(/[^0-9a-z]/gi, '')
    .slice(-6)
    .toUpperCase();
  return `${tail.slice(0, 3)} ${tail.slice(3)}`;
}

/** "A3F 9C1 (BK-20261202-…)": the short code first, for a reference's line in a message or a page. */
export const withShortReference = (reference: string) => `${shortReference(reference)} (${reference})`;
