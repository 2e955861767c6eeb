import { indexablePages } from '../shared/site-pages';
import { routeGroup } from './route-group';

/** The public origin from SITE_URL: the same one the prerendered pages' canonical URLs use. */
const siteOrigin = (siteUrl: string) => new URL(siteUrl).origin;

/** robots.txt and sitemap.xml; the sitemap lists exactly the prerendered (indexable) pages. */
export const siteFileRoutes = routeGroup()
  .get('/robots.txt', (c) => {
    const origin = siteOrigin(c.env.SITE_URL);
    const body = [
      'User-agent: *',
      'Allow: /',
      'Disallow: /admin',
      'Disallow: /login',
      'Disallow: /unsubscribe',
      'Disallow: /api/',
      'Disallow: /booking-confirmation-pg',
      'Disallow: /order-confirmation-pg',
      '',
      `Sitemap: ${origin}/sitemap.xml`,
      '',
    ].join('\n');
    return c.text(body, 200, { 'Cache-Control': 'public, max-age=3600' });
  })
  .get('/sitemap.xml', (c) => {
    const origin = siteOrigin(c.env.SITE_URL);
    const urls = indexablePages
      .map((page) => `  <url><loc>${origin}${page.path === '/' ? '/' : page.path}</loc></url>`)
      .join('\n');
    const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
    return c.body(body, 200, {
      'Content-Type': 'application/xml; charset=utf-8',
      'Cache-Control': 'public, max-age=3600',
    });
  });
