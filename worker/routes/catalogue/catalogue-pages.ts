import { cataloguePage } from '../../services/pages/catalogue-pages';
import { cataloguePagePaths } from '../../shared/site-pages';
import { routeGroup } from '../route-group';

/**
 * The home page, the treatments, booking and shop pages: the Worker answers them (not the static
 * files) so they show the catalogue staff keep in D1 (services/pages/catalogue-pages.ts).
 */
export const cataloguePageRoutes = routeGroup();

for (const path of cataloguePagePaths) {
  cataloguePageRoutes.get(path, async (c) => {
    const page = await cataloguePage(c.env, path, (promise) => c.executionCtx.waitUntil(promise));
    const headers = { ETag: page.etag, 'Cache-Control': 'public, max-age=0, must-revalidate' };
    if (c.req.header('If-None-Match') === page.etag) return c.body(null, 304, headers);
    return c.html(page.html, 200, headers);
  });
}
