// Today in Chromium: a therapist's day on a phone, from signing in to Completed with
// notes and Book the next visit; then the network cut (as DevTools' offline does) with changes
// made meanwhile, sent in order when it returns, and one the studio refused shown with its reason.
// The desk's view of everyone's day at 1280 px. Each screen with axe.
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { paths } from '../../../web/config/paths';
import { manageToken } from '../../../worker/services/bookings/manage-tokens';
import { addDays, formatDate, lagosDate } from '../../../worker/shared/time';
import { axeViolations, eventually, openPage, screenshot, sharedChromium, viewports } from '../support/browser';
import { CHIOMAS_LAST_NOTES, MISSED_VISIT, RECEPTIONIST, THERAPIST } from '../support/global-setup';
import { signIn, staffCookie, submitLogin } from '../support/staff';

const baseUrl = inject('baseUrl');
const visitsDate = inject('visitsDate');
/** Today on the run's one clock (tests/e2e/support/run-clock.ts), taken once. */
const today = lagosDate(new Date());
const secret = /^MANAGE_LINK_SECRET=(.*)$/m.exec(readFileSync('.dev.vars.example', 'utf8'))?.[1] ?? '';
const browser = sharedChromium();

const card = (page: Page, name: string) => page.getByRole('article', { name: new RegExp(name) });

async function signInAs(page: Page, who: { email: string; password: string }) {
  await page.goto(paths.admin);
  await submitLogin(page, who.email, who.password);
}

/** The owner's view of a visit, over HTTP. */
async function visitOf(name: string) {
  const cookie = await staffCookie(baseUrl);
  const day = (await (await fetch(`${baseUrl}/api/today?date=${today}`, { headers: { Cookie: cookie } })).json()) as {
    visits: Array<{ _id: string; clientName: string; serviceStatus: string; visitNotes: { text: string } | null }>;
  };
  return day.visits.find((visit) => visit.clientName === name);
}

describe('Today', () => {
  it('takes a therapist from signing in to Completed, with notes and the next visit booked (390 px)', async () => {
    const { page, problems } = await openPage(browser(), baseUrl, viewports.phone, { bypassCSP: true });
    await signInAs(page, THERAPIST);
    // A therapist lands on their day.
    await page.getByRole('heading', { level: 1, name: 'Today' }).waitFor();
    expect(page.url()).toBe(`${baseUrl}${paths.admin}/today`);
    const chioma = card(page, 'Chioma Obi');
    await chioma.waitFor();
    // A compact row: the time, the client, the treatments and one badge, with the next step's
    // big button; the rest opens on a tap.
    expect(await chioma.getByRole('heading').textContent()).toMatch(
      /^\d{1,2}:\d\d [AP]M–\d{1,2}:\d\d [AP]M Chioma Obi Swedish/,
    );
    expect(await chioma.locator('.admin-badge:visible').count()).toBe(1);
    expect(await chioma.getByRole('button', { name: 'Arrived' }).isVisible()).toBe(true);
    expect(await chioma.getByRole('link', { name: 'WhatsApp Chioma Obi' }).count()).toBe(0);
    expect(await chioma.evaluate((row) => row.getBoundingClientRect().height)).toBeLessThan(160);
    // The line at "now" among today's visits; the day before and after at the screen's bottom.
    expect(await page.locator('.today__now').textContent()).toMatch(/^Now, \d{1,2}:\d\d [AP]M$/);
    const days = page.getByRole('navigation', { name: 'Days' });
    expect(await days.evaluate((bar) => Math.round(bar.getBoundingClientRect().bottom))).toBe(viewports.phone.height);
    await screenshot(page, 'today-rows-390', 'viewport');
    await days.getByRole('button', { name: 'Next day' }).click();
    await eventually(() => page.locator('.today__date').textContent()).toBe(formatDate(addDays(today, 1)));
    expect(await page.locator('.today__now').count()).toBe(0);
    await days.getByRole('button', { name: 'Today' }).click();
    await chioma.waitFor();
    await chioma.getByRole('button', { name: /Chioma Obi/ }).click();
    expect(await chioma.getByRole('button', { name: /Chioma Obi/ }).getAttribute('aria-expanded')).toBe('true');
    expect(await chioma.textContent()).toContain('Health form missing');
    expect(await chioma.textContent()).toContain(CHIOMAS_LAST_NOTES);
    expect(await chioma.textContent()).toContain('Swedish');
    // The client's phone: a call, and a WhatsApp chat beside it, the number as wa.me takes it.
    const whatsapp = await chioma.getByRole('link', { name: 'WhatsApp Chioma Obi' }).getAttribute('href');
    expect(whatsapp).toMatch(/^https:\/\/wa\.me\/234\d{10}$/);
    // Their own day: no therapist to choose.
    expect(await page.getByLabel('Therapist').count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'today-therapist-390');

    await chioma.getByRole('button', { name: 'Arrived' }).click();
    await eventually(() => page.getByRole('status').filter({ hasText: 'Chioma Obi has arrived.' }).count()).toBe(1);
    await eventually(() => chioma.locator('.admin-badge').first().textContent()).toBe('Arrived');
    await chioma.getByRole('button', { name: 'Completed' }).click();
    await eventually(() => chioma.locator('.admin-badge').first().textContent()).toBe('Completed');

    await chioma.getByRole('button', { name: 'Write notes' }).click();
    await chioma.getByLabel('Visit notes for Chioma Obi').fill('Medium pressure; shoulders easier than last month.');
    await chioma.getByRole('button', { name: 'Save notes' }).click();
    await eventually(() => chioma.textContent()).toContain('Medium pressure; shoulders easier than last month.');
    await screenshot(page, 'today-completed-390');

    await chioma.getByRole('button', { name: 'Book the next visit' }).click();
    const dialog = page.getByRole('dialog', { name: 'New booking' });
    await dialog.waitFor();
    expect(await dialog.getByLabel('Client’s name').inputValue()).toBe('Chioma Obi');
    expect(await dialog.getByLabel('Swedish').isChecked()).toBe(true);
    expect(await dialog.getByLabel('Date').inputValue()).toBe(addDays(today, 28));
    // With themselves, paid at the studio: the only choices a therapist has.
    expect(await dialog.getByLabel('Therapist').locator('option').allTextContents()).toEqual(['Therapist 1']);
    expect(await dialog.getByRole('radio').count()).toBe(1);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'today-next-visit-390', 'viewport');
    await dialog.getByLabel('Time').selectOption('10:00');
    await dialog.getByRole('button', { name: 'Book' }).click();
    await eventually(() =>
      page
        .getByRole('status')
        .filter({ hasText: /Chioma Obi.*booked/i })
        .count(),
    ).toBe(1);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('stays readable offline, keeps what is done meanwhile, and sends it in order when back (390 px)', async () => {
    const { page, problems } = await openPage(browser(), baseUrl, viewports.phone, { bypassCSP: true });
    await signInAs(page, THERAPIST);
    await card(page, 'Amaka Eze').waitFor();
    // The staff area is kept for offline use once its service worker runs.
    await eventually(() =>
      page.evaluate(async () => Boolean(await navigator.serviceWorker.getRegistration('/admin'))),
    ).toBe(true);
    await eventually(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);

    // The power goes; the phone reopens the page.
    await page.context().setOffline(true);
    await page.reload();
    const amaka = card(page, 'Amaka Eze');
    await amaka.waitFor();
    await eventually(() => page.getByText(/^Offline since \d\d:\d\d/).count()).toBe(1);

    await amaka.getByRole('button', { name: 'Arrived' }).click();
    await eventually(() => page.getByText('1 waiting to send').count()).toBe(1);
    await amaka.getByRole('button', { name: /Amaka Eze/ }).click();
    await amaka.getByRole('button', { name: 'Write notes' }).click();
    await amaka.getByLabel('Visit notes for Amaka Eze').fill('Back and neck; light pressure.');
    await amaka.getByRole('button', { name: 'Save notes' }).click();
    await eventually(() => page.getByText('2 waiting to send').count()).toBe(1);
    const ngozi = card(page, 'Ngozi Bello');
    await ngozi.getByRole('button', { name: 'Arrived' }).click();
    await eventually(() => page.getByText('3 waiting to send').count()).toBe(1);
    expect(await amaka.locator('.admin-badge').first().textContent()).toBe('Arrived');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'today-offline-390');

    // Meanwhile the desk cancels Ngozi's visit.
    const cookie = await staffCookie(baseUrl);
    const ngoziId = (await visitOf('Ngozi Bello'))?._id;
    const cancelled = await fetch(`${baseUrl}/api/bookings/${ngoziId}`, {
      method: 'PUT',
      headers: { Cookie: cookie, Origin: baseUrl, 'Content-Type': 'application/json' },
      body: JSON.stringify({ serviceStatus: 'cancelled', refund: false }),
    });
    expect(cancelled.status).toBe(200);

    await page.context().setOffline(false);
    await eventually(() => page.getByText(/waiting to send/).count()).toBe(0);
    const refused = page.getByRole('list', { name: 'Changes the studio did not take' });
    await eventually(() => refused.textContent()).toContain('Arrived for Ngozi Bello was not taken');
    expect(await refused.textContent()).toContain('Only a booked visit can be marked arrived.');
    await eventually(() => page.getByText(/^Offline since/).count()).toBe(0);
    await screenshot(page, 'today-back-online-390');

    const amakaNow = await visitOf('Amaka Eze');
    expect(amakaNow?.serviceStatus).toBe('arrived');
    expect(amakaNow?.visitNotes?.text).toBe('Back and neck; light pressure.');
    await refused.getByRole('button', { name: 'Dismiss' }).click();
    expect(await refused.count()).toBe(0);
    // Signing out takes the kept day (clients' names and health answers) off the phone.
    expect(await page.evaluate(() => Object.keys(localStorage).some((key) => key.startsWith('studio.today')))).toBe(
      true,
    );
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
    expect(
      await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('studio.today'))),
    ).toEqual([]);
    // The refused change's 409, and the requests the cut network failed, are what the console saw.
    expect(problems.filter((problem) => !/ERR_INTERNET_DISCONNECTED|Failed to fetch|net::|409/.test(problem))).toEqual(
      [],
    );
    await page.context().close();
  });

  it('shows the desk everyone’s day, with a therapist to choose (1280 px)', async () => {
    const { page, problems } = await openPage(browser(), baseUrl, viewports.desktop, { bypassCSP: true });
    await signInAs(page, RECEPTIONIST);
    // The desk lands on the day's work.
    await page.getByRole('heading', { level: 1, name: 'Today' }).waitFor();
    expect(page.url()).toBe(`${baseUrl}${paths.admin}/today`);
    await card(page, 'Chioma Obi').waitFor();
    await page.getByLabel('Therapist', { exact: true }).selectOption({ label: 'Therapist 2' });
    await eventually(() => page.getByText('No visits on this day.').count()).toBe(1);
    await page.getByLabel('Therapist', { exact: true }).selectOption({ label: 'All therapists' });
    await card(page, 'Chioma Obi').waitFor();
    // Reception reads no health data: no notes, no answers.
    expect(await page.getByText(CHIOMAS_LAST_NOTES).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Write notes' }).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'today-desk-1280');
    expect(problems).toEqual([]);
    await page.context().close();
  });
});

describe('a no-show', () => {
  it('is marked from the bookings list, and the client’s manage page says “We missed you” (1280 px, 390 px)', async () => {
    const { page, problems } = await openPage(browser(), baseUrl, viewports.desktop, { bypassCSP: true });
    await signIn(page, `${paths.admin}/bookings`);
    const row = page.getByRole('listitem').filter({ hasText: MISSED_VISIT.name });
    await row.getByRole('button', { name: 'Details' }).click();
    // Begun yesterday: complete, or a no-show; arriving is for the visit's own day.
    expect(await row.getByRole('button', { name: 'Arrived' }).count()).toBe(0);
    await row.getByRole('button', { name: 'No-show' }).click();
    await eventually(() =>
      page
        .getByRole('status')
        .filter({ hasText: `${MISSED_VISIT.name} is marked a no-show` })
        .count(),
    ).toBe(1);
    await page.getByRole('tab', { name: 'No-show' }).click();
    const missed = page.getByRole('listitem').filter({ hasText: MISSED_VISIT.name });
    await eventually(() => missed.locator('.admin-badge').first().textContent()).toBe('No-show');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'bookings-no-show-1280');
    expect(problems).toEqual([]);
    await page.context().close();

    const cookie = await staffCookie(baseUrl);
    const sent = (await (
      await fetch(`${baseUrl}/api/messages?template=booking-missed`, { headers: { Cookie: cookie } })
    ).json()) as {
      messages: Array<{ to: string; channel: string }>;
    };
    expect(
      sent.messages.filter((message) => message.to === 'kunle@example.com').map((message) => message.channel),
    ).toEqual(['email']);

    const client = await openPage(browser(), baseUrl, viewports.phone, { bypassCSP: true });
    await client.page.goto(`/manage-booking/${await manageToken(MISSED_VISIT.reference, secret)}`);
    await client.page.getByRole('heading', { level: 1, name: `We missed you on ${formatDate(visitsDate)}` }).waitFor();
    expect(await client.page.getByText('Missed', { exact: true }).count()).toBe(1);
    expect(await client.page.getByRole('link', { name: 'Book again' }).count()).toBe(1);
    expect(await axeViolations(client.page)).toEqual([]);
    await screenshot(client.page, 'manage-booking-missed-390');
    expect(client.problems).toEqual([]);
    await client.page.context().close();
  });
});
