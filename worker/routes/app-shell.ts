import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { appShellAsset, appShellPaths } from '../shared/site-pages';

/**
 * The staff admin, the payment confirmations and the unsubscribe page: the app shell (noindex,
 * an empty #root the browser renders into), never another page's prerendered HTML. The shell is
 * a static file; the worker only picks it.
 */
export const appShellRoutes = new Hono<AppEnv>();

for (const path of appShellPaths) {
  appShellRoutes.get(path, async (c) => {
    const shell = await c.env.ASSETS.fetch(new Request(new URL(appShellAsset, c.req.url), c.req.raw));
    // A fetched response's headers are immutable; the security headers middleware adds to them.
    return new Response(shell.body, shell);
  });
}
