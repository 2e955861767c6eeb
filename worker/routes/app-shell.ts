import { appShellAsset, appShells } from '../shared/site-pages';
import { routeGroup } from './route-group';

/**
 * The staff admin, the payment confirmations, unsubscribe and the manage link: their route's app
 * shell (noindex, an empty #root the browser renders into, the route's scripts preloaded), never
 * another page's prerendered HTML. The shells are static files; the worker only picks one.
 */
export const appShellRoutes = routeGroup();

for (const { module, paths } of appShells) {
  for (const path of paths) {
    appShellRoutes.get(path, async (c) => {
      const shell = await c.env.ASSETS.fetch(new Request(new URL(appShellAsset(module), c.req.url), c.req.raw));
      // A fetched response's headers are immutable; the security headers middleware adds to them.
      return new Response(shell.body, shell);
    });
  }
}
