/**
 * What a team member's password must be: at least 12 characters, and not one of the passwords
 * attackers try first. The list is zxcvbn-ts's 49,000 most common passwords (from breaches; a
 * maintained package, MIT), as many of them as a password of 12 characters or more can meet
 * (common-password-list.ts), loaded only when someone chooses a password. A password is refused
 * when it, the same without spaces, or its letters without the digits and symbols around them
 * ("Password2026!" → "password") is on the list, when it repeats a few characters, or when it
 * holds the person's own email name or the studio's name.
 */
import { studioName } from '../../shared/site-paths.ts';
import {
  COMMON_PASSWORDS_ASSET,
  lettersCore,
  MIN_PASSWORD_LENGTH,
  unpackCommonPasswords,
} from './common-password-list.ts';

export { MIN_PASSWORD_LENGTH };
export const MAX_PASSWORD_LENGTH = 200;

export const passwordMessages = {
  tooShort: `Please choose a password of at least ${MIN_PASSWORD_LENGTH} characters. A few words you will remember make a good one.`,
  tooLong: `Please choose a password of at most ${MAX_PASSWORD_LENGTH} characters.`,
  common:
    'That password is one of the most common ones, so it is among the first that attackers try. Please choose another.',
  repetitive: 'That password repeats a few characters. Please choose one that is harder to guess.',
  personal: 'That password holds your email or the studio’s name, which are easy to guess. Please choose another.',
} as const;

/** What reads the static assets (the Worker's ASSETS binding). */
export type AssetReader = { fetch(request: Request): Promise<Response> } | undefined;

let commonPasswords: Promise<Set<string>> | undefined;

/** The packed list as the production build keeps it, among the static assets. */
export async function fetchCommonPasswords(assets: AssetReader): Promise<string> {
  const response = await assets?.fetch(new Request(new URL(COMMON_PASSWORDS_ASSET, 'https://assets.invalid')));
  if (!response?.ok) throw new Error(`The common-password list could not be read (${response?.status ?? 'no assets'})`);
  return response.text();
}

/** The list, once per isolate: from its module where the build put it there, else from the assets (never none: a failure is thrown, and tried again next time). */
function loadCommonPasswords(assets: AssetReader): Promise<Set<string>> {
  commonPasswords ??= import('virtual:common-passwords')
    .then(async ({ default: packed }) => unpackCommonPasswords(packed ?? (await fetchCommonPasswords(assets))))
    .catch((error: unknown) => {
      commonPasswords = undefined;
      throw error;
    });
  return commonPasswords;
}

/** The words attackers try with the person: the parts of their email, and the studio's name. */
const personalWords = (email: string | null) =>
  [...(email ?? '').split(/[@.+_-]/), ...studioName.split(/\W+/), 'spa']
    .map((word) => word.toLowerCase().replace(/[^a-z0-9]/g, ''))
    .filter((word) => word.length >= 3)
    .sort((a, b) => b.length - a.length);

/** Too little is left of the password once the person's own words are taken out. */
function mostlyPersonal(password: string, email: string | null): boolean {
  let rest = password.toLowerCase().replace(/[^a-z0-9]/g, '');
  const before = rest.length;
  for (const word of personalWords(email)) rest = rest.split(word).join('');
  return rest.length < before && rest.length < 8;
}

/** What is wrong with `password` before the list is needed (its length, repeats); else null. */
function shapeProblem(password: string): string | null {
  if (password.length < MIN_PASSWORD_LENGTH) return passwordMessages.tooShort;
  if (password.length > MAX_PASSWORD_LENGTH) return passwordMessages.tooLong;
  if (new Set(password.toLowerCase()).size < 5) return passwordMessages.repetitive;
  return null;
}

/** `passwordProblem` against a list already loaded (the bench times it apart from the loading). */
export function passwordProblemIn(list: ReadonlySet<string>, password: string, email: string | null): string | null {
  const shape = shapeProblem(password);
  if (shape) return shape;
  const lower = password.toLowerCase();
  const core = lettersCore(lower);
  if (list.has(lower) || list.has(lower.replace(/\s+/g, '')) || (core.length > 0 && list.has(core))) {
    return passwordMessages.common;
  }
  if (mostlyPersonal(password, email)) return passwordMessages.personal;
  return null;
}

/** Null when `password` may be used by the person with `email`; else what is wrong, to show them. */
export async function passwordProblem(
  password: string,
  email: string | null,
  assets: AssetReader,
): Promise<string | null> {
  return shapeProblem(password) ?? passwordProblemIn(await loadCommonPasswords(assets), password, email);
}
