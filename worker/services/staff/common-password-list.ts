/**
 * The common-password list as the Worker carries it. The build takes zxcvbn-ts's 49,000 most
 * common passwords (scripts/lib/common-passwords.ts) and keeps only the entries a password of the
 * allowed length can ever meet (`canMeet`), sorted and front-coded: each line is one character
 * telling how many leading characters it shares with the line before (0 to 9), then the rest.
 * That is a third of the package's size, so the list no longer outweighs the rest of the Worker.
 */

/** Where the production build puts the packed list among the static assets (scripts/lib/common-passwords.ts). */
export const COMMON_PASSWORDS_ASSET = '/password-rules/common-passwords.txt';

/** The shortest password the rules allow (password-rules.ts). */
export const MIN_PASSWORD_LENGTH = 12;

/** The letters of a password without the digits and symbols around them: "2026iloveyou!!" → "iloveyou". */
export const lettersCore = (lower: string) => lower.replace(/^[^a-z]+|[^a-z]+$/g, '');

/**
 * True for an entry that some allowed password can meet: one as long as the shortest allowed
 * password (met whole), or one that begins and ends with a letter (met as a longer password's core).
 */
export const canMeet = (entry: string) =>
  entry.length >= MIN_PASSWORD_LENGTH || (entry.length > 0 && lettersCore(entry) === entry);

const MAX_SHARED = 9;

/** The entries that `canMeet`, sorted and front-coded. */
export function packCommonPasswords(entries: readonly string[]): string {
  const kept = [...new Set(entries.filter(canMeet))].sort();
  let previous = '';
  return kept
    .map((entry) => {
      let shared = 0;
      while (shared < MAX_SHARED && shared < previous.length && previous[shared] === entry[shared]) shared += 1;
      previous = entry;
      return `${shared}${entry.slice(shared)}`;
    })
    .join('\n');
}

/** The entries of a packed list. */
export function unpackCommonPasswords(packed: string): Set<string> {
  const entries = new Set<string>();
  let previous = '';
  for (const line of packed.split('\n')) {
    previous = previous.slice(0, line.charCodeAt(0) - 48) + line.slice(1);
    entries.add(previous);
  }
  return entries;
}
