/**
 * Names in the order people expect ("Room 2" before "Room 10", case aside). The collator is made
 * on first use: made at import, it would cost every cold Worker start its locale data.
 */
let collator: Intl.Collator | undefined;

export function compareNames(a: string, b: string): number {
  collator ??= new Intl.Collator('en', { numeric: true, sensitivity: 'base' });
  return collator.compare(a, b);
}
