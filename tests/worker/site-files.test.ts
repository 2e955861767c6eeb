import { env, exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { indexablePages } from '../../worker/shared/site-pages';

// Whichever host a request names, the files speak of the site's own origin (SITE_URL).
const origin = new URL(env.SITE_URL).origin;

describe('site files', () => {
  it('serves robots.txt pointing at the sitemap on SITE_URL and keeping crawlers out of private pages', async () => {
    const response = await exports.default.fetch('http://studio.localhost:9999/robots.txt');
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toMatch(/^text\/plain/);
    const text = await response.text();
    expect(text).toContain(`Sitemap: ${origin}/sitemap.xml`);
    expect(text).not.toContain('studio.localhost');
    expect(text).toContain('Disallow: /admin');
  });

  it('serves a sitemap listing every indexable page with absolute URLs on SITE_URL', async () => {
    const response = await exports.default.fetch('http://studio.localhost:9999/sitemap.xml');
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toMatch(/^application\/xml/);
    const xml = await response.text();
    const locations = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locations).toEqual(indexablePages.map((page) => `${origin}${page.path}`));
    expect(locations).toContain(`${origin}/massage-therapy`);
    expect(locations).not.toContain(`${origin}/booking-confirmation-pg`);
    expect(locations).not.toContain(`${origin}/404`);
  });
});
