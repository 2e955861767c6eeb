import { factory } from '../env';
import { clientNetwork } from './client-network';

/** The window of wrangler.toml's [[ratelimits]]: a client refused waits at most this long. */
export const RATE_LIMIT_PERIOD_SECONDS = 60;

export const rateLimitMessage = 'Too many requests from your connection. Please wait a minute and try again.';

/**
 * Counts a request against a [[ratelimits]] binding per client network (an IPv4 address or an
 * IPv6 /64, client-network.ts) and `scope` (so one binding can serve several routes without their
 * counts mixing), and answers 429 with Retry-After once the network is over its limit for the
 * window. Without an address (no Cloudflare in front, as in a unit test) nothing is counted.
 */
export function rateLimit(binding: 'PAYMENT_LIMITER' | 'FORM_LIMITER', scope: string) {
  return factory.createMiddleware(async (c, next) => {
    const network = clientNetwork(c);
    if (network) {
      const { success } = await c.env[binding].limit({ key: `${scope}:${network}` });
      if (!success) {
        return c.json({ message: rateLimitMessage }, 429, { 'Retry-After': String(RATE_LIMIT_PERIOD_SECONDS) });
      }
    }
    return next();
  });
}
