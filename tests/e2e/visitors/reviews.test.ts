// Verified reviews in Chromium: three paid visits completed by staff, the cron's private links a
// day later, a client's review written on a phone (stars, words, errors first), staff approving
// and answering on the Reviews screen, and the stars on /massage-therapy and the home page, in the
// HTML the server sends and in its JSON-LD. Each screen at 390 px and 1280 px, with axe.
import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { paths } from '../../../web/config/paths';
import { reviewToken } from '../../../worker/services/reviews/review-links';
import { reviewMessages } from '../../../worker/shared/catalogue/review-rules';
import { addDays, lagosDate, lagosToUtc } from '../../../worker/shared/time';
import { axeViolations, eventually, openPage, screenshot, sharedChromium, viewports } from '../support/browser';
import { YESTERDAYS_VISITS } from '../support/global-setup';
import { signIn, staffCookie } from '../support/staff';

const baseUrl = inject('baseUrl');
const browser = sharedChromium();
const secret = /^MANAGE_LINK_SECRET=(.*)$/m.exec(readFileSync('.dev.vars.example', 'utf8'))?.[1] ?? '';

async function staffFetch(path: string, init: RequestInit = {}) {
  return fetch(`${baseUrl}${path}`, {
    ...init,
    headers: {
      Cookie: await staffCookie(baseUrl),
      Origin: baseUrl,
      'Content-Type': 'application/json',
      ...(init.headers as Record<string, string>),
    },
  });
}

/** A paid visit of yesterday's (seeded), marked complete by staff: its booking id. */
async function completedVisit(id: string): Promise<string> {
  const done = await staffFetch(`/api/bookings/${id}`, {
    method: 'PUT',
    body: JSON.stringify({ serviceStatus: 'completed' }),
  });
  expect(done.status).toBe(200);
  return id;
}

const reviewIds: string[] = [];

afterAll(async () => {
  // The other journeys see the studio's own testimonials again.
  for (const id of reviewIds) {
    await staffFetch(`/api/reviews/${id}`, { method: 'PUT', body: JSON.stringify({ status: 'hidden' }) });
  }
});

interface JsonLdService {
  name: string;
  aggregateRating?: { ratingValue: number; reviewCount: number };
  review?: Array<{ reviewBody: string; author: { name: string } }>;
}

describe('a verified review', () => {
  it('is asked for a day after the visit, written on a phone, approved with a reply, and shown with stars', {
    timeout: 180_000,
  }, async () => {
    const visits: string[] = [];
    for (const visit of YESTERDAYS_VISITS.filter(({ id }) => id.startsWith('e2e-visit-review'))) {
      visits.push(await completedVisit(visit.id));
    }
    // The cron, the afternoon after next (Lagos), a day after they were marked complete: one
    // private link per visit.
    const cron = await fetch(
      `${baseUrl}/cdn-cgi/local/scheduled?cron=*/15+*+*+*+*&time=${lagosToUtc(addDays(lagosDate(new Date()), 2), '16:00').getTime()}`,
    );
    expect(cron.status).toBe(200);
    const tokens = await Promise.all(visits.map((bookingId) => reviewToken({ kind: 'visit', bookingId }, secret)));
    await eventually(async () => (await fetch(`${baseUrl}/api/review-requests/${tokens[0]}`)).status).toBe(200);

    // Kemi, on her phone: stars are needed, HTML is refused, then her words.
    const { page, problems } = await openPage(browser(), baseUrl, viewports.phone, { bypassCSP: true });
    await page.goto(`/review/${tokens[0]}`);
    await page.getByRole('heading', { level: 1, name: 'How was your visit?' }).waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('How was your visit?');
    await page.getByRole('button', { name: 'Send my review' }).click();
    await page.getByText('Please choose from 1 to 5 stars.').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'review-errors-390');
    await page.getByRole('group', { name: 'Your visit' }).getByLabel('5 stars').check();
    await page.getByLabel('Your review').fill('<b>Bold</b> claims');
    await page.getByRole('button', { name: 'Send my review' }).click();
    await page.getByText('Please write your review as plain text, without HTML.').waitFor();
    await page.getByLabel('Your review').fill('The calmest hour of my month. Tolu found every knot <3');
    await screenshot(page, 'review-form-390');
    await page.getByRole('button', { name: 'Send my review' }).click();
    await page.getByRole('heading', { level: 1, name: 'Thank you for your review' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'review-thanks-390', 'viewport');
    // The same link again: already reviewed.
    await page.goto(`/review/${tokens[0]}`);
    await page.getByRole('heading', { level: 1, name: 'You have already reviewed this' }).waitFor();
    expect(problems).toEqual([]);
    // An altered link opens nothing, and says so.
    await page.goto(`/review/${tokens[0]?.slice(0, -2)}xx`);
    await page.getByRole('heading', { level: 1, name: 'Review link not found' }).waitFor();
    expect(await page.getByText(reviewMessages.badLink).isVisible()).toBe(true);
    await page.context().close();

    // Bola's link at a desk: the same page, wider.
    const desk = await openPage(browser(), baseUrl, viewports.desktop, { bypassCSP: true });
    await desk.page.goto(`/review/${tokens[1]}`);
    await desk.page.getByRole('heading', { level: 1, name: 'How was your visit?' }).waitFor();
    await desk.page.getByRole('group', { name: 'Your visit' }).getByLabel('4 stars').check();
    expect(await axeViolations(desk.page)).toEqual([]);
    await screenshot(desk.page, 'review-form-1280', 'viewport');
    expect(desk.problems).toEqual([]);
    await desk.page.context().close();

    // The other two, by the API the page uses.
    for (const [token, rating, comment] of [
      [tokens[1], 4, 'Firm pressure, just as I asked. Lovely room.'],
      [tokens[2], 5, 'I left floating. Booking online took a minute.'],
    ] as const) {
      const response = await fetch(`${baseUrl}/api/reviews/${token}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ rating, comment }),
      });
      expect(response.status).toBe(201);
    }

    // Staff, at a desk: the waiting reviews, one approved with a reply, the others approved.
    const staff = await openPage(browser(), baseUrl, viewports.desktop, { bypassCSP: true });
    await signIn(staff.page, `${paths.admin}/reviews`);
    await staff.page.getByRole('heading', { name: 'Reviews' }).waitFor();
    const kemi = staff.page.getByRole('listitem').filter({ hasText: 'The calmest hour of my month' });
    await kemi.waitFor();
    expect(await kemi.textContent()).toContain('Kemi A.');
    expect(await kemi.textContent()).toContain('Kemi Adebayo');
    expect(await kemi.textContent()).toContain('Verified visit');
    expect(await axeViolations(staff.page)).toEqual([]);
    await screenshot(staff.page, 'admin-reviews-1280');
    await kemi.getByLabel('Public reply (optional)').fill('Thank you, Kemi! See you next month.');
    await kemi.getByRole('button', { name: 'Approve Kemi A.’s review' }).click();
    await eventually(() => staff.page.getByRole('status').first().textContent()).toBe(
      'Kemi A.’s review is approved and shown on the site.',
    );
    for (const author of ['Bola J.', 'Uche E.']) {
      await staff.page.getByRole('button', { name: `Approve ${author}’s review` }).click();
      await eventually(() => staff.page.getByRole('status').first().textContent()).toBe(
        `${author}’s review is approved and shown on the site.`,
      );
    }
    await eventually(() => staff.page.getByText('No reviews are waiting: all caught up.').isVisible()).toBe(true);
    await staff.page.getByRole('tab', { name: 'Approved' }).click();
    await staff.page.getByText('Seed data (the old site’s)').first().waitFor();
    await staff.page.setViewportSize(viewports.phone);
    expect(await axeViolations(staff.page)).toEqual([]);
    await screenshot(staff.page, 'admin-reviews-approved-390');
    expect(staff.problems).toEqual([]);
    await staff.page.context().close();

    const approved = (await (await staffFetch('/api/reviews/staff?status=approved&pageSize=50')).json()) as {
      reviews: Array<{ _id: string; source: string }>;
    };
    reviewIds.push(...approved.reviews.filter((review) => review.source === 'verified').map((review) => review._id));
    expect(reviewIds).toHaveLength(3);

    // The page the server sends: the stars, the words and the reply in the HTML, and in its JSON-LD.
    await eventually(async () => (await (await fetch(`${baseUrl}/massage-therapy`)).text()).includes('Kemi A.')).toBe(
      true,
    );
    const html = await (await fetch(`${baseUrl}/massage-therapy`)).text();
    expect(html).toContain('The calmest hour of my month. Tolu found every knot &lt;3');
    expect(html).toContain('Thank you, Kemi! See you next month.');
    expect(html).toMatch(/Rated (<!-- -->)?4\.7(<!-- -->)? out of 5/);
    const graph = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(
      (match) => JSON.parse(match[1] ?? '{}') as { itemListElement?: Array<{ itemOffered: JsonLdService }> },
    );
    const swedish = graph
      .flatMap((data) => data.itemListElement ?? [])
      .find((offer) => offer.itemOffered.name === 'Swedish')?.itemOffered;
    expect(swedish?.aggregateRating).toMatchObject({ '@type': 'AggregateRating', ratingValue: 4.7, reviewCount: 3 });
    expect(swedish?.review?.map((review) => review.author.name).sort()).toEqual(['Bola J.', 'Kemi A.', 'Uche E.']);
    // The home page: the three clients replace the studio's own words.
    const home = await (await fetch(`${baseUrl}/`)).text();
    expect(home).toContain('I left floating. Booking online took a minute.');
    expect(home).not.toContain('walked out feeling ten years younger');

    // A visitor sees them, on a phone and at a desk.
    for (const viewport of [viewports.phone, viewports.desktop]) {
      const visitor = await openPage(browser(), baseUrl, viewport, { bypassCSP: true });
      await visitor.page.goto(paths.massageTherapy);
      const card = visitor.page
        .getByRole('listitem')
        .filter({ has: visitor.page.getByRole('heading', { name: 'Swedish' }) });
      await eventually(() => card.getByText('(3 reviews)').isVisible()).toBe(true);
      expect(await card.getByText('Reply from the studio:').count()).toBe(1);
      expect(await axeViolations(visitor.page)).toEqual([]);
      const width = viewport.width;
      await card.scrollIntoViewIfNeeded();
      await screenshot(visitor.page, `massage-therapy-reviews-${width}`, 'viewport');
      await visitor.page.goto(paths.home);
      await visitor.page.getByText('Firm pressure, just as I asked. Lovely room.').waitFor();
      await visitor.page.getByRole('heading', { name: 'Our Clients' }).scrollIntoViewIfNeeded();
      await screenshot(visitor.page, `home-reviews-${width}`, 'viewport');
      expect(visitor.problems).toEqual([]);
      await visitor.page.context().close();
    }
  });
});
