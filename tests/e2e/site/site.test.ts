import { describe, expect, inject, it } from 'vitest';
import { paths } from '../../../web/config/paths';
import { securityHeaders } from '../../../worker/shared/security-headers';
import { openPage, screenshot, sharedChromium, type Viewport, viewports } from '../support/browser';

const baseUrl = inject('baseUrl');
const browser = sharedChromium();

const open = (viewport: Viewport) => openPage(browser(), baseUrl, viewport);

describe('the built site in Chromium', () => {
  it('shows the tagline on the home page and goes to About on a click', async () => {
    const { page, problems } = await open(viewports.desktop);
    await page.goto('/');
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('Awaken Your Best Self with Every Touch');
    await screenshot(page, 'home-1280');

    await page.getByRole('link', { name: 'About', exact: true }).click();
    await page.waitForURL(`${baseUrl}${paths.about}`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('About the spa');
    await screenshot(page, 'about-1280');
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('renders the home page at phone width without horizontal scrolling', async () => {
    const { page, problems } = await open(viewports.phone);
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'home-390');
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('reaches the API from the page under the strict CSP', async () => {
    const { page, problems } = await open(viewports.desktop);
    await page.goto('/');
    const health = await page.evaluate(async () => (await fetch('/api/health')).json());
    expect(health).toEqual({ ok: true });
    expect(problems).toEqual([]);
    await page.context().close();
  });
});

describe('the built site over HTTP', () => {
  // Each path is its prerendered page or the app shell (tests/e2e/site/prerender.test.ts tells which).
  it.each(Object.entries(paths))('serves the SPA at %s (%s)', async (_name, path) => {
    const response = await fetch(`${baseUrl}${path}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toMatch(/^text\/html/);
    const html = await response.text();
    expect(html).toContain('<div id="root">');
    expect(html).toMatch(/<script type="module"[^>]* src="\/assets\/index-[^"]+\.js"><\/script>/);
  });

  it('sends the security headers with every kind of answer: pages, the shell, assets, the API', async () => {
    const page = await fetch(`${baseUrl}/about`);
    const scriptPath = /src="(\/assets\/[^"]+\.js)"/.exec(await page.text())?.[1];
    expect(scriptPath).toBeDefined();
    const script = await fetch(`${baseUrl}${scriptPath}`, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(script.status).toBe(200);
    expect(script.headers.get('Cache-Control')).toContain('immutable');
    const answers: Array<[string, Response]> = [
      ['/about', page],
      [String(scriptPath), script],
    ];
    for (const path of [
      '/',
      '/index.html',
      '/faq',
      '/admin',
      '/manage-booking/x',
      '/no-such-page',
      '/api/health',
      '/api/x',
      '/robots.txt',
    ]) {
      answers.push([path, await fetch(`${baseUrl}${path}`, { redirect: 'manual' })]);
    }
    for (const [path, response] of answers) {
      for (const [name, value] of Object.entries(securityHeaders)) {
        expect(response.headers.get(name), `${name} on ${path} (${response.status})`).toBe(value);
      }
    }
  });

  it('answers an unknown API path with JSON 404, not the SPA', async () => {
    const response = await fetch(`${baseUrl}/api/x`);
    expect(response.status).toBe(404);
    expect(response.headers.get('Content-Type')).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({ message: 'No API route for GET /api/x' });
  });
});
