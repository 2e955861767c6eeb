// The prerendered site as crawlers, link previews and visitors on slow phones get it: each public
// page's own HTML before any script runs, React adopting that HTML without a fault, the app
// shell for private routes, a real 404 for unknown ones, and a sitemap of exactly those pages.
import { readdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { readSiteUrl } from '../../../scripts/lib/web-define.ts';
import { products } from '../../../worker/shared/catalogue/products';
import { treatments } from '../../../worker/shared/catalogue/treatment-list';
import {
  adminLoginShell,
  appShellPaths,
  appShells,
  defaultPreviewImage,
  indexablePages,
  sitePages,
} from '../../../worker/shared/site-pages';
import { nextFrames, openPage, sharedChromium, viewports, waitForHydration } from '../support/browser';

const baseUrl = inject('baseUrl');
const siteUrl = readSiteUrl();
const browser = sharedChromium();

/** What a visitor reads first on each page: its heading and a line of its own text. */
const pageText: Record<string, { h1: string; text: string }> = {
  [sitePages.home.path]: { h1: 'Awaken Your Best Self with Every Touch', text: 'Join Waitlist' },
  [sitePages.about.path]: { h1: 'About the spa', text: 'flawless skin' },
  [sitePages.massageTherapy.path]: { h1: 'Massage Therapy', text: 'Deep Tissue' },
  [sitePages.booking.path]: { h1: 'Book a Service', text: 'Important Information' },
  [sitePages.giftVouchers.path]: { h1: 'Give the gift of calm', text: 'Buy gift voucher' },
  [sitePages.packages.path]: { h1: 'More calm, for less', text: 'Buy a package' },
  [sitePages.shop.path]: { h1: 'Skincare Products', text: 'All Glow Body Oil' },
  [sitePages.faq.path]: { h1: 'Frequently Asked Questions', text: 'How long are your massage sessions?' },
  [sitePages.academy.path]: { h1: 'The Massage Training Academy', text: 'Join Waitlist' },
  [sitePages.terms.path]: { h1: 'Terms of Service', text: 'Terms of Service' },
  [sitePages.privacy.path]: { h1: 'Privacy Policy', text: 'Privacy Policy' },
};

const decode = (value: string) =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&');

/** The raw document: head tags by name, JSON-LD blocks parsed, the body's text. */
function readDocument(html: string) {
  const head = html.slice(0, html.indexOf('</head>'));
  const meta = (attribute: 'name' | 'property', key: string) => {
    const found = new RegExp(`<meta ${attribute}="${key}" content="([^"]*)"`).exec(head)?.[1];
    return found === undefined ? undefined : decode(found);
  };
  return {
    title: decode(/<title>([^<]*)<\/title>/.exec(head)?.[1] ?? ''),
    meta,
    canonical: /<link rel="canonical" href="([^"]*)"/.exec(head)?.[1],
    jsonLd: [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(
      (match) => JSON.parse(match[1] ?? '') as Record<string, unknown>,
    ),
    h1: decode(/<h1[^>]*>(.*?)<\/h1>/s.exec(html)?.[1]?.replace(/<[^>]+>/g, '') ?? ''),
    // A page the Worker renders from D1 carries its catalogue (a JSON data block) after #root.
    root:
      /<div id="root">([\s\S]*)<\/div>\s*(?:<script id="catalogue-data" type="application\/json">.*?<\/script>\s*)?<\/body>/s.exec(
        html,
      )?.[1] ?? '',
    inlineScripts: [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)].map((match) => match[1] ?? ''),
  };
}

/** Before any of the page's scripts: remembers the prerendered <main> (a failed hydration replaces it). */
const rememberPrerenderedMain = (page: Page) =>
  page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      (window as unknown as { serverMain?: Element | null }).serverMain = document.getElementById('main');
    });
  });

const keptPrerenderedMain = (page: Page) =>
  page.evaluate(
    () => (window as unknown as { serverMain?: Element | null }).serverMain === document.getElementById('main'),
  );

async function fetchDocument(path: string) {
  const response = await fetch(`${baseUrl}${path}`);
  return { response, html: await response.text() };
}

describe('each public page arrives prerendered', () => {
  for (const page of indexablePages) {
    it(`${page.path}: its own title, description, canonical, link preview, <h1> and text in the raw HTML`, async () => {
      const { response, html } = await fetchDocument(page.path);
      expect(response.status).toBe(200);
      expect(response.headers.get('Content-Type')).toMatch(/^text\/html/);
      const doc = readDocument(html);
      const url = `${siteUrl}${page.path}`;
      const image = `${siteUrl}${page.image ?? defaultPreviewImage}`;
      expect(doc.title).toBe(page.title);
      expect(doc.meta('name', 'description')).toBe(page.description);
      expect(doc.canonical).toBe(url);
      expect(doc.meta('property', 'og:title')).toBe(page.title);
      expect(doc.meta('property', 'og:description')).toBe(page.description);
      expect(doc.meta('property', 'og:url')).toBe(url);
      expect(doc.meta('property', 'og:image')).toBe(image);
      expect(doc.meta('name', 'twitter:card')).toBe('summary_large_image');
      expect(doc.meta('name', 'twitter:image')).toBe(image);
      expect(doc.meta('name', 'robots')).toBeUndefined();
      expect(doc.h1).toBe(pageText[page.path]?.h1);
      expect(doc.root).toContain(pageText[page.path]?.text);
      // The CSP allows no inline script and no style attribute: only data blocks are inline.
      expect(doc.inlineScripts.every((attributes) => /type="application\/(ld\+)?json"/.test(attributes))).toBe(true);
      expect(doc.root).not.toMatch(/\sstyle="/);
      // The page reads without its scripts, so they load after the stylesheet and the pictures.
      expect(html).toMatch(/<script type="module" fetchpriority="low" [^>]*src="\/assets\/index-/);
      expect(html).not.toMatch(/<link rel="modulepreload" (?!fetchpriority="low")/);
      // The preview picture is there, a PNG.
      const picture = await fetch(`${baseUrl}${page.image ?? defaultPreviewImage}`);
      expect(picture.status).toBe(200);
      expect(picture.headers.get('Content-Type')).toBe('image/png');
    });
  }

  it('describes the studio on the home page as a DaySpa', async () => {
    const [data] = readDocument((await fetchDocument('/')).html).jsonLd;
    expect(data).toMatchObject({ '@context': 'https://schema.org', '@type': 'DaySpa', url: `${siteUrl}/` });
    expect(data?.priceRange).toBe('₦6,000 – ₦200,000');
  });

  it('lists every treatment as an offer in naira on the massage page', async () => {
    const [data] = readDocument((await fetchDocument(sitePages.massageTherapy.path)).html).jsonLd;
    expect(data?.['@type']).toBe('OfferCatalog');
    const offers = data?.itemListElement as Array<{
      price: number;
      priceCurrency: string;
      itemOffered: { name: string };
    }>;
    expect(offers.map((offer) => offer.itemOffered.name)).toEqual(treatments.map((treatment) => treatment.name));
    expect(offers.map((offer) => offer.price)).toEqual(treatments.map((treatment) => treatment.price));
    expect(offers.every((offer) => offer.priceCurrency === 'NGN')).toBe(true);
  });

  it('gives every product its offers and aggregate rating on the shop', async () => {
    const [data] = readDocument((await fetchDocument(sitePages.shop.path)).html).jsonLd;
    const graph = data?.['@graph'] as Array<Record<string, unknown>>;
    expect(graph).toHaveLength(products.length);
    for (const [index, product] of products.entries()) {
      const item = graph[index] as {
        '@type': string;
        name: string;
        offers: Array<{ price: number; priceCurrency: string }>;
        aggregateRating: { ratingValue: number; reviewCount: number };
      };
      expect(item['@type']).toBe('Product');
      expect(item.name).toBe(product.name);
      expect(item.offers.map((offer) => offer.price)).toEqual(product.sizes.map((size) => size.price));
      expect(item.offers.every((offer) => offer.priceCurrency === 'NGN')).toBe(true);
      // The seed reviews' average (migration 0025 keeps them in D1), one decimal.
      const average = product.reviews.reduce((sum, review) => sum + review.rating, 0) / product.reviews.length;
      expect(item.aggregateRating).toMatchObject({
        ratingValue: Math.round(average * 10) / 10,
        reviewCount: product.reviews.length,
      });
    }
  });

  it('carries the FAQ as FAQPage data in the words the page shows', async () => {
    const { html } = await fetchDocument(sitePages.faq.path);
    const [data] = readDocument(html).jsonLd;
    expect(data?.['@type']).toBe('FAQPage');
    const questions = data?.mainEntity as Array<{ name: string; acceptedAnswer: { text: string } }>;
    expect(questions.length).toBeGreaterThanOrEqual(9);
    for (const question of questions) {
      expect(html).toContain(`>${question.name}<`);
      expect(question.acceptedAnswer.text.length).toBeGreaterThan(20);
    }
    expect(questions[0]?.acceptedAnswer.text).toContain('Massage Therapy page');
  });

  it('carries no structured data where the page has none of its own', async () => {
    expect(readDocument((await fetchDocument(sitePages.about.path)).html).jsonLd).toEqual([]);
  });
});

describe('with JavaScript off, as a crawler or a very slow phone sees it', () => {
  for (const page of indexablePages) {
    it(`${page.path} shows its heading and its text`, async () => {
      const { page: tab } = await openPage(browser(), baseUrl, viewports.phone, { javaScriptEnabled: false });
      await tab.goto(page.path);
      const expected = pageText[page.path];
      expect(await tab.getByRole('heading', { level: 1 }).textContent()).toBe(expected?.h1);
      expect(
        await tab
          .getByText(expected?.text ?? '', { exact: false })
          .first()
          .isVisible(),
      ).toBe(true);
      await tab.context().close();
    });
  }

  it('shows the academy waitlist form with its four labelled, required fields', async () => {
    for (const path of [sitePages.academy.path, sitePages.home.path]) {
      const { page } = await openPage(browser(), baseUrl, viewports.phone, { javaScriptEnabled: false });
      await page.goto(path);
      const form = page.getByRole('form', { name: 'Join the academy waitlist' });
      for (const label of ['First name', 'Current state of residence', 'Email address', 'WhatsApp number']) {
        expect(await form.getByLabel(label).getAttribute('required'), `${path}: ${label}`).toBe('');
      }
      expect(await form.getByRole('button', { name: 'Join Waitlist' }).isVisible()).toBe(true);
      await page.context().close();
    }
  });
});

describe('hydration', () => {
  for (const page of indexablePages) {
    for (const [name, viewport] of Object.entries(viewports)) {
      it(`${page.path} at ${name} width: React adopts the HTML with no error, no warning and no shift`, async () => {
        const { page: tab, problems } = await openPage(browser(), baseUrl, viewport);
        tab.on('console', (message) => {
          if (message.type() === 'warning') problems.push(message.text());
        });
        // Before any of the page's scripts: remember the prerendered <main>, and add up layout shifts.
        await rememberPrerenderedMain(tab);
        await tab.addInitScript(() => {
          const state = window as unknown as { shifts: number };
          state.shifts = 0;
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries()) state.shifts += (entry as unknown as { value: number }).value;
          }).observe({ type: 'layout-shift', buffered: true });
        });
        await tab.goto(page.path, { waitUntil: 'networkidle' });
        await waitForHydration(tab);
        await nextFrames(tab); // what hydrating set off has been laid out and painted
        const result = {
          sameMain: await keptPrerenderedMain(tab),
          shifts: await tab.evaluate(() => (window as unknown as { shifts: number }).shifts),
        };
        expect(problems).toEqual([]);
        // A failed hydration renders the page anew: the prerendered <main> would be gone.
        expect(result.sameMain).toBe(true);
        expect(result.shifts).toBeLessThan(0.01);
        await tab.context().close();
      });
    }
  }

  it('adopts the not-found page at any unknown path, even under a real page', async () => {
    for (const path of ['/no-such-page', '/massage-therapy/extra']) {
      const { page, problems } = await openPage(browser(), baseUrl, viewports.phone);
      await rememberPrerenderedMain(page);
      const response = await page.goto(path, { waitUntil: 'networkidle' });
      expect(response?.status()).toBe(404);
      await waitForHydration(page);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Page not found');
      expect(await keptPrerenderedMain(page)).toBe(true);
      // Chromium reports the document's own 404 status; nothing else may appear.
      expect(problems.filter((problem) => !problem.includes('status of 404'))).toEqual([]);
      await page.context().close();
    }
  });

  it('fills in what only the browser knows once hydrated: the stored cart', async () => {
    const { page, problems } = await openPage(browser(), baseUrl, viewports.phone);
    await page.addInitScript(() => {
      localStorage.setItem(
        'spa.cart',
        JSON.stringify([{ productId: 'all-glow-body-oil', size: '100ml', quantity: 2 }]),
      );
    });
    await page.goto(sitePages.shop.path);
    await expect
      .poll(() => page.getByRole('button', { name: /^Open cart/ }).getAttribute('aria-label'))
      .toBe('Open cart, 2 items');
    expect(problems).toEqual([]);
    await page.context().close();
  });
});

describe('routes outside the prerender', () => {
  it('answers an unknown path with the prerendered not-found page and status 404', async () => {
    for (const path of ['/no-such-page', '/massage-therapy/extra', '/ecommerce/']) {
      const response = await fetch(`${baseUrl}${path}`, { redirect: 'manual' });
      if (path.endsWith('/')) {
        // A trailing slash leads to the page itself, never to a copy of it.
        expect([301, 307, 308]).toContain(response.status);
        expect(response.headers.get('Location')).toMatch(/\/ecommerce$/);
        continue;
      }
      expect(response.status, path).toBe(404);
      const doc = readDocument(await response.text());
      expect(doc.h1).toBe('Page not found');
      expect(doc.meta('name', 'robots')).toBe('noindex');
      expect(doc.canonical).toBeUndefined();
    }
  });

  it('answers the admin, confirmations and unsubscribe with the neutral app shell (noindex, never the home page)', async () => {
    const paths = [...appShellPaths.map((path) => path.replace('/*', '/bookings')), '/login'];
    for (const path of paths) {
      // A browser holding a staff session: the admin's shell is empty too (the login is for others).
      const response = await fetch(`${baseUrl}${path}?reference=abc`, {
        headers: { Cookie: '__Host-spa_admin_session=a-session' },
      });
      expect(response.status, path).toBe(200);
      const html = await response.text();
      // The route's own script is preloaded beside the entry script; no other route's is.
      const shell = appShells.find((candidate) =>
        candidate.paths.some((each) => each === path.replace('/bookings', '/*')),
      );
      expect(shell, path).toBeDefined();
      for (const { module } of appShells) {
        // A chunk is `<name>-<8-character hash>.js`: the review route's is not review-rules'.
        const preload = new RegExp(
          `<link rel="modulepreload" crossorigin href="/assets/${module}-[\\w-]{8}\\.js"`,
        ).test(html);
        expect(preload, `${path} preloads ${module}`).toBe(module === shell?.module);
      }
      const doc = readDocument(html);
      expect(doc.meta('name', 'robots'), path).toBe('noindex');
      expect(doc.title, path).toBe('Spa & Skincare Studio');
      expect(doc.meta('name', 'description'), path).toBeUndefined();
      expect(doc.root, path).toBe('');
      expect(doc.canonical, path).toBeUndefined();
      expect(doc.jsonLd, path).toEqual([]);
      expect(response.headers.get('Content-Security-Policy'), path).toContain("script-src 'self'");
    }
  });

  it('answers /admin with its login already rendered to a browser without a staff session, and only there', async () => {
    for (const path of ['/admin', '/admin/bookings']) {
      const response = await fetch(`${baseUrl}${path}`);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('Vary'), path).toContain('Cookie');
      const doc = readDocument(await response.text());
      expect(doc.title, path).toBe(adminLoginShell.title);
      expect(doc.meta('name', 'robots'), path).toBe('noindex');
      expect(doc.h1, path).toBe('Admin Login');
      expect(doc.root, path).toMatch(/<label[^>]*for="admin-username"[^>]*>Username<\/label>/);
      expect(doc.root, path).toMatch(/<input[^>]*id="admin-password"[^>]*type="password"/);
      // Disabled until React has it: a native submit would put the password in the address.
      expect(doc.root, path).toMatch(/<button type="submit"[^>]*disabled=""[^>]*>Login<\/button>/);
      // In place from the first paint (nothing moves when the scripts arrive), and like the other
      // buttons disabled until they work.
      for (const button of ['Sign in with a passkey', 'Show password', 'Forgot password?']) {
        expect(doc.root, `${path}: ${button}`).toMatch(
          new RegExp(`<button [^>]*disabled=""[^>]*>${button.replace('?', '\\?')}</button>`),
        );
      }
      expect(doc.canonical, path).toBeUndefined();
    }
    for (const path of adminLoginShell.notFor) {
      expect(readDocument(await (await fetch(`${baseUrl}${path}`)).text()).root, path).toBe('');
    }
  });

  it('adopts the served login in the browser: the same elements, no hydration error', async () => {
    const { page, problems } = await openPage(browser(), baseUrl, viewports.desktop);
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        (window as unknown as { servedHeading?: Element | null }).servedHeading = document.querySelector('#root h1');
      });
    });
    await page.goto('/admin');
    await page.waitForFunction(() => {
      const heading = document.querySelector('#root h1');
      return heading !== null && Object.keys(heading).some((key) => key.startsWith('__reactFiber'));
    });
    expect(
      await page.evaluate(
        () =>
          (window as unknown as { servedHeading?: Element | null }).servedHeading ===
          document.querySelector('#root h1'),
      ),
    ).toBe(true);
    await page.getByRole('button', { name: 'Login' }).waitFor();
    expect(await page.getByRole('button', { name: 'Login' }).isEnabled()).toBe(true);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Admin Login');
    expect(problems).toEqual([]);
    await page.context().close();
  });
});

describe('sitemap', () => {
  let prerendered: string[] = [];
  beforeAll(() => {
    const pageFiles = readdirSync('dist/client').filter(
      (name) => name.endsWith('.html') && name !== '404.html' && !name.startsWith('app-shell-'),
    );
    prerendered = pageFiles.map((name) => (name === 'index.html' ? '/' : `/${name.replace(/\.html$/, '')}`)).sort();
  });

  it('lists exactly the prerendered public pages, on SITE_URL', async () => {
    const xml = await (await fetch(`${baseUrl}/sitemap.xml`)).text();
    const listed = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1] ?? '');
    expect(listed.every((url) => url.startsWith(`${siteUrl}/`))).toBe(true);
    expect(listed.map((url) => url.slice(siteUrl.length)).sort()).toEqual(prerendered);
    expect(prerendered).toHaveLength(indexablePages.length);
  });
});
