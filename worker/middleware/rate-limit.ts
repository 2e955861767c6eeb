import type { Context } from 'hono';
import type { AppEnv } from '../env';
import { factory } from '../env';

/** The window of wrangler.toml's [[ratelimits]]: a client refused waits at most this long. */
export const RATE_LIMIT_PERIOD_SECONDS = 60;

export const rateLimitMessage = 'Too many requests from your connection. Please wait a minute and try again.';

/** The client's address as Cloudflare gives it; none when there is no Cloudflare in front. */
export const clientAddress = (c: Context<AppEnv>) => c.req.header('CF-Connecting-IP')?.trim() || undefined;

/**
 * Counts a request against a [[ratelimits]] binding per client address and `scope` (so one
 * binding can serve several routes without their counts mixing), and answers 429 with
 * Retry-After once the address is over its limit for the window. Without an address (no
 * Cloudflare in front, as in a unit test) nothing is counted.
 */
export function rateLimit(binding: 'PAYMENT_LIMITER' | 'FORM_LIMITER', scope: string) {
  return factory.createMiddleware(async (c, next) => {
    const address = clientAddress(c);
    if (address) {
      const { success } = await c.env[binding].limit({ key: `${scope}:${address}` });
      if (!success) {
        return c.json({ message: rateLimitMessage }, 429, { 'Retry-After': String(RATE_LIMIT_PERIOD_SECONDS) });
      }
    }
    return next();
  });
}
