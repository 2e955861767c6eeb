import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { indexablePages } from '../shared/site-pages';

/** robots.txt and sitemap.xml, built for whichever host serves the site. */
export const siteFileRoutes = new Hono<AppEnv>()
  .get('/robots.txt', (c) => {
    const origin = new URL(c.req.url).origin;
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
    const origin = new URL(c.req.url).origin;
    const urls = indexablePages
      .map((page) => `  <url><loc>${origin}${page.path === '/' ? '/' : page.path}</loc></url>`)
      .join('\n');
    const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
    return c.body(body, 200, {
      'Content-Type': 'application/xml; charset=utf-8',
      'Cache-Control': 'public, max-age=3600',
    });
  });
