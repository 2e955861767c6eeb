/**
 * The local rate limiter (miniflare's stand-in for Cloudflare's) counts in windows aligned to the
 * wall clock: a minute's count starts again at every whole minute. A test that counts requests up
 * to a limit first waits for a fresh window when too little of this one is left, so that all of
 * its requests fall in one window (else a loop that straddles the minute never meets the limit).
 */
export async function inOneRateWindow(periodSeconds = 60, needSeconds = 20): Promise<void> {
  const period = periodSeconds * 1000;
  const left = period - (Date.now() % period);
  if (left < needSeconds * 1000) await new Promise((resolve) => setTimeout(resolve, left + 100));
}
