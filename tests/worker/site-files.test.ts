import { exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { indexablePages } from '../../worker/shared/site-pages';

describe('site files', () => {
  it('serves robots.txt pointing at the sitemap of the same host and keeping crawlers out of private pages', async () => {
    const response = await exports.default.fetch('https://studio.example/robots.txt');
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toMatch(/^text\/plain/);
    const text = await response.text();
    expect(text).toContain('Sitemap: https://studio.example/sitemap.xml');
    expect(text).toContain('Disallow: /admin');
  });

  it('serves a sitemap listing every indexable page with absolute URLs', async () => {
    const response = await exports.default.fetch('https://studio.example/sitemap.xml');
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toMatch(/^application\/xml/);
    const xml = await response.text();
    const locations = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locations).toEqual(indexablePages.map((page) => `https://studio.example${page.path}`));
    expect(locations).toContain('https://studio.example/massage-therapy');
    expect(locations).not.toContain('https://studio.example/booking-confirmation-pg');
  });
});
