import type { Context } from 'hono';
import { cataloguePage } from '../../services/pages/catalogue-pages';
import { cataloguePagePaths, menuPagePaths } from '../../shared/site-pages';
import { routeGroup } from '../route-group';

/** A kept page with its ETag: 304 when the browser holds it already. */
export function answerPage(c: Context, page: { html: string; etag: string }) {
  const headers = { ETag: page.etag, 'Cache-Control': 'public, max-age=0, must-revalidate' };
  if (c.req.header('If-None-Match') === page.etag) return c.body(null, 304, headers);
  return c.html(page.html, 200, headers);
}

/**
 * The home page, the treatments, booking and shop pages: the Worker answers them (not the static
 * files) so they show the catalogue staff keep in D1 (services/pages/catalogue-pages.ts); and the
 * other public pages, whose menu shows Packages only while something is on sale there.
 */
export const cataloguePageRoutes = routeGroup();

for (const path of [...cataloguePagePaths, ...menuPagePaths]) {
  cataloguePageRoutes.get(path, async (c) => {
    const page = await cataloguePage(c.env, path, (promise) => c.executionCtx.waitUntil(promise));
    return answerPage(c, page);
  });
}
