import { factory } from '../env';
import { securityHeaders } from '../shared/security-headers';

/**
 * Sets the site-wide security headers on every response the worker itself answers. A route that
 * sets one of them itself keeps its own (the email preview's stricter policy).
 */
export const securityHeadersMiddleware = factory.createMiddleware(async (c, next) => {
  await next();
  for (const [name, value] of Object.entries(securityHeaders)) {
    if (!c.res.headers.has(name)) c.res.headers.set(name, value);
  }
  c.res.headers.set('Cache-Control', c.res.headers.get('Cache-Control') ?? 'no-store');
});
