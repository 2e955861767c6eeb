// The catalogue's pages as the Worker renders them from D1: the build's own renderer, fed the
// catalogue staff keep, put into the built page's frame (its head, scripts and styles kept), with
// the structured data and the catalogue the browser's first render reads. What a visitor then gets
// (from KV, within a minute of a change) is driven end to end in tests/e2e/site/catalogue-pages.test.ts.
import { renderCataloguePage } from 'virtual:page-renderer';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { reviews } from '../../../worker/db/schema';
import { publicProducts, publicTreatments, readCatalogue } from '../../../worker/services/catalogue/catalogue';
import { fillFrame } from '../../../worker/services/pages/catalogue-pages';
import { shownPlans } from '../../../worker/services/prepaid/membership-plans';
import { shownPackages } from '../../../worker/services/prepaid/packages';
import { reviewBoard } from '../../../worker/services/reviews/reviews';
import { EMBEDDED_CATALOGUE_ID } from '../../../worker/shared/site-pages';
import { adminCall, db, signIn } from '../admin-harness';
import { resetTeam } from '../staff/team-fixtures';

beforeEach(() => resetTeam(2));

const frame = `<!doctype html>
<html lang="en">
  <head>
    <title>Massage Therapy</title>
    <link rel="stylesheet" href="/assets/index-abc.css" />
    <script type="module" fetchpriority="low" src="/assets/index-abc.js"></script>
    <script type="application/ld+json">{"old":true}</script>
  </head>
  <body>
    <div id="root"><p>built at build time</p></div>
  </body>
</html>`;

async function pageFromD1(path: string) {
  const [catalogue, board, packages, memberships] = await Promise.all([
    readCatalogue(db),
    reviewBoard(db),
    shownPackages(db),
    shownPlans(db),
  ]);
  return renderCataloguePage(path, {
    treatments: publicTreatments(catalogue, board),
    products: publicProducts(catalogue, board),
    packages,
    memberships,
  });
}

describe('a catalogue page rendered from D1', () => {
  it('shows a new price and a hidden treatment gone, in the HTML and the structured data', async () => {
    const cookie = await signIn();
    expect((await adminCall(cookie, '/api/treatments/swedish', 'PUT', { price: 26_500 })).status).toBe(200);
    expect((await adminCall(cookie, '/api/treatments/nuru', 'PUT', { active: false })).status).toBe(200);
    const page = await pageFromD1('/massage-therapy');
    expect(page.body).toContain('₦26,500');
    expect(page.body).not.toContain('₦25,000');
    expect(page.body).not.toContain('>Nuru<');
    const offers = (page.jsonLd[0] as { itemListElement: Array<{ price: number; itemOffered: { name: string } }> })
      .itemListElement;
    expect(offers.find((offer) => offer.itemOffered.name === 'Swedish')?.price).toBe(26_500);
    expect(offers.map((offer) => offer.itemOffered.name)).not.toContain('Nuru');
  });

  it('shows a sold-out size as sold out in the shop, with its offer out of stock', async () => {
    const cookie = await signIn();
    const opened = (await (await adminCall(cookie, '/api/catalogue')).json()) as {
      products: Array<{
        _id: string;
        version: number;
        sizes: Array<{ size: string; price: number; stock: number | null }>;
      }>;
    };
    const soap = opened.products.find((product) => product._id === 'goat-milk-bar-soap');
    const sizes = soap?.sizes.map((size) => ({ ...size, stock: 0 }));
    expect(
      (await adminCall(cookie, '/api/products/goat-milk-bar-soap', 'PUT', { sizes, version: soap?.version })).status,
    ).toBe(200);
    const page = await pageFromD1('/ecommerce');
    expect(page.body).toContain('aria-label="Sold out: Goat Milk Bar Soap, 100g"');
    const graph = (page.jsonLd[0] as { '@graph': Array<{ name: string; offers: Array<{ availability: string }> }> })[
      '@graph'
    ];
    expect(graph.find((product) => product.name === 'Goat Milk Bar Soap')?.offers[0]?.availability).toBe(
      'https://schema.org/OutOfStock',
    );
  });

  it('shows the packages on sale on /packages, with a session’s price and the saving, and embeds them there only', async () => {
    const cookie = await signIn();
    await db.$client.exec(
      'delete from package_uses; delete from package_purchases; delete from package_treatments; delete from packages;',
    );
    const created = await adminCall(cookie, '/api/packages', 'POST', {
      name: 'Swedish trio',
      treatments: ['swedish'],
      sessions: 3,
      price: 63_000,
      validMonths: 6,
    });
    expect(created.status).toBe(201);
    await adminCall(cookie, '/api/packages', 'POST', {
      name: 'Quiet hidden one',
      treatments: ['swedish'],
      sessions: 2,
      price: 45_000,
      validMonths: 6,
      shown: false,
    });
    const page = await pageFromD1('/packages');
    expect(page.body).toContain('Swedish trio');
    expect(page.body).toContain('₦21,000 a session');
    expect(page.body).toContain('You save ₦12,000 against single visits');
    expect(page.body).not.toContain('Quiet hidden one');
    expect(page.embedded).toMatchObject({ packages: [{ name: 'Swedish trio', price: 63_000 }] });
    expect(await pageFromD1('/booking')).not.toHaveProperty('embedded.packages');
  });

  it('goes into the built frame: head and scripts kept, #root, data and catalogue replaced', async () => {
    const page = await pageFromD1('/massage-therapy');
    const html = fillFrame(frame, page);
    expect(html).toContain('<link rel="stylesheet" href="/assets/index-abc.css" />');
    expect(html).toContain('<script type="module" fetchpriority="low" src="/assets/index-abc.js"></script>');
    expect(html).not.toContain('built at build time');
    expect(html).not.toContain('{"old":true}');
    expect(html).toContain(`<div id="root">${page.body}</div>`);
    expect(html.match(/application\/ld\+json/g)).toHaveLength(1);
    const embedded = new RegExp(`<script id="${EMBEDDED_CATALOGUE_ID}" type="application/json">(.*?)</script>`).exec(
      html,
    );
    const data = JSON.parse(embedded?.[1] ?? '{}') as { treatments: Array<{ id: string; price: number }> };
    expect(data.treatments.find((treatment) => treatment.id === 'swedish')?.price).toBe(25_000);
    expect(html.indexOf('</head>')).toBeLessThan(html.indexOf('<div id="root">'));
    expect(html.trimEnd().endsWith('</html>')).toBe(true);
  });

  it('cannot be broken out of by what staff type: the embedded catalogue keeps "<" escaped', async () => {
    const cookie = await signIn();
    const description = 'Warm oil </script><script>alert(1)</script> and calm.';
    expect((await adminCall(cookie, '/api/treatments/swedish', 'PUT', { description })).status).toBe(200);
    const html = fillFrame(frame, await pageFromD1('/massage-therapy'));
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain('\\u003c/script>\\u003cscript>alert(1)\\u003c/script>');
  });

  it('keeps a client’s "$&" and "$`" as written: no text from data is a replacement pattern', async () => {
    const comment = 'Worth every naira $& more: $` and $$ and $1 as typed.';
    const [seeded] = await db
      .insert(reviews)
      .values({
        kind: 'visit',
        source: 'seed',
        treatmentIds: ['swedish'],
        author: 'Dollar D.',
        rating: 5,
        comment,
        status: 'approved',
      })
      .returning({ id: reviews.id });
    try {
      const page = await pageFromD1('/massage-therapy');
      const html = fillFrame(frame, page);
      expect(html.match(/<\/head>/g)).toHaveLength(1);
      const jsonLd = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)?.[1] ?? '';
      expect(jsonLd).toContain(JSON.stringify(comment).slice(1, -1));
      expect(html).toContain(`<div id="root">${page.body}</div>`);
      expect(page.body).toContain('Worth every naira $&amp; more: $` and $$ and $1 as typed.');
    } finally {
      if (seeded) await db.delete(reviews).where(eq(reviews.id, seeded.id));
    }
  });
});
