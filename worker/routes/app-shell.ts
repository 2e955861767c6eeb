import { readSessionCookie } from '../middleware/admin-session';
import { cataloguePage } from '../services/pages/catalogue-pages';
import { adminLoginShell, appShellAsset, appShells } from '../shared/site-pages';
import { answerPage } from './catalogue/catalogue-pages';
import { routeGroup } from './route-group';

/**
 * The staff admin, the payment confirmations, unsubscribe and the manage link: their route's app
 * shell (noindex, the route's scripts preloaded), never another page's prerendered HTML. The shells
 * are static files; the worker only picks one. The admin's is its login screen for a browser with
 * no staff session, else empty (#root the browser renders into). A visitor's shell is kept with its
 * menu marked (services/pages/catalogue-pages.ts), as the public pages are.
 */
export const appShellRoutes = routeGroup();

for (const { module, paths } of appShells) {
  for (const path of paths) {
    appShellRoutes.get(path, async (c) => {
      if (module !== 'admin') {
        const page = await cataloguePage(c.env, appShellAsset(module), (promise) => c.executionCtx.waitUntil(promise));
        return answerPage(c, page);
      }
      const signedOut = !adminLoginShell.notFor.includes(c.req.path) && readSessionCookie(c) === undefined;
      const asset = signedOut ? adminLoginShell.asset : appShellAsset(module);
      const shell = await c.env.ASSETS.fetch(new Request(new URL(asset, c.req.url), c.req.raw));
      // A fetched response's headers are immutable; the security headers middleware adds to them.
      const response = new Response(shell.body, shell);
      // The same address answers a different shell once a session cookie is set.
      response.headers.append('Vary', 'Cookie');
      return response;
    });
  }
}
