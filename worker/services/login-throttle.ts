/**
 * Failed staff logins are counted per client address in KV: after 5 failures within 15 minutes
 * of the first, every attempt (the right password too) is refused until that window has passed.
 * KV has no atomic increment, so a burst of simultaneous guesses may count a little low; the
 * PBKDF2 cost of each guess and the window still keep guessing slow.
 */
export const MAX_FAILURES = 5;
export const WINDOW_SECONDS = 15 * 60;
/** KV refuses an expiry less than 60 seconds away. */
const KV_MIN_TTL_SECONDS = 60;

interface FailureWindow {
  failures: number;
  /** When the first failure of this window happened (ms since epoch). */
  startedAt: number;
}

const key = (address: string) => `login-failures:${address}`;

/** Seconds until `address` may try again, or 0 when it may try now. */
export async function lockedForSeconds(kv: KVNamespace, address: string, now: Date): Promise<number> {
  const window = await kv.get<FailureWindow>(key(address), 'json');
  if (!window || window.failures < MAX_FAILURES) return 0;
  const remaining = Math.ceil((window.startedAt + WINDOW_SECONDS * 1000 - now.getTime()) / 1000);
  return Math.max(0, remaining);
}

export async function recordFailure(kv: KVNamespace, address: string, now: Date): Promise<void> {
  const current = await kv.get<FailureWindow>(key(address), 'json');
  const open = current && now.getTime() < current.startedAt + WINDOW_SECONDS * 1000;
  const next: FailureWindow = open
    ? { failures: current.failures + 1, startedAt: current.startedAt }
    : { failures: 1, startedAt: now.getTime() };
  const ttl = Math.ceil((next.startedAt + WINDOW_SECONDS * 1000 - now.getTime()) / 1000);
  await kv.put(key(address), JSON.stringify(next), { expirationTtl: Math.max(KV_MIN_TTL_SECONDS, ttl) });
}

export async function clearFailures(kv: KVNamespace, address: string): Promise<void> {
  await kv.delete(key(address));
}
