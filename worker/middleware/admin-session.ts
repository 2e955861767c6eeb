import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { type AppEnv, factory } from '../env';
import { SESSION_TTL_SECONDS } from '../services/staff/admin-sessions';

/** `__Host-` binds the cookie to this exact host over HTTPS, path /, no Domain attribute. */
const cookieName = 'spa_admin_session';
export const SESSION_COOKIE = `__Host-${cookieName}`;
const cookieOptions = { path: '/', secure: true, httpOnly: true, sameSite: 'Strict', prefix: 'host' } as const;

export const readSessionCookie = (c: Context<AppEnv>) => getCookie(c, cookieName, 'host');
export const setSessionCookie = (c: Context<AppEnv>, id: string) =>
  setCookie(c, cookieName, id, { ...cookieOptions, maxAge: SESSION_TTL_SECONDS });
export const clearSessionCookie = (c: Context<AppEnv>) => deleteCookie(c, cookieName, cookieOptions);

export const adminMessages = {
  unauthorized: 'Please log in to continue.',
  crossSite: 'This request must come from the studio site itself.',
  notJson: 'Send the request body as JSON (Content-Type: application/json).',
} as const;

const isSameOrigin = (c: Context<AppEnv>) => c.req.header('Origin') === new URL(c.req.url).origin;

/** The browser's Origin must be the site's own (a missing one is refused too): for the site's own forms. */
export const sameOrigin = factory.createMiddleware(async (c, next) => {
  if (!isSameOrigin(c)) return c.json({ message: adminMessages.crossSite }, 403);
  await next();
});

/**
 * Cross-site request forgery guard for requests that change state: the browser's Origin must be
 * the site's own (a missing one is refused too), and any body must be JSON, which a cross-site
 * HTML form cannot send. Hono's csrf() checks form content types only, hence this.
 */
export const sameOriginJson = factory.createMiddleware(async (c, next) => {
  if (!isSameOrigin(c)) return c.json({ message: adminMessages.crossSite }, 403);
  const contentType = c.req.header('Content-Type');
  if (contentType === undefined) {
    // No content type is fine only with no body at all (a logout, a delete). Hono caches what
    // is read here, so the JSON validator after it can still read the body.
    if ((await c.req.arrayBuffer()).byteLength > 0) return c.json({ message: adminMessages.notJson }, 415);
  } else if (contentType.split(';')[0]?.trim().toLowerCase() !== 'application/json') {
    return c.json({ message: adminMessages.notJson }, 415);
  }
  await next();
});
