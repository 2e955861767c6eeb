// A visitor on a slow phone sees a prerendered form seconds before its scripts run, and starts
// typing at once. These tests hold the page's scripts back, type and tick into the bare HTML, let
// the scripts through, and check that everything typed is still there once React has the page,
// and that pressing Enter or the submit button early sends nothing anywhere.
import type { Page, Route } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { paths } from '../../../web/config/paths';
import { addDays, formatAppointment, lagosDate } from '../../../worker/shared/time';
import { confirmBooking } from '../support/booking-steps';
import {
  eventually,
  nextFrames,
  openPage,
  sharedChromium,
  type Viewport,
  viewports,
  waitForHydration,
} from '../support/browser';
import { recordRequestUrls, urlsCarrying } from '../support/request-log';
import { moveClockIn } from '../support/run-clock';
import { LOCAL_PASSWORD } from '../support/staff';

const baseUrl = inject('baseUrl');
const browser = sharedChromium();

/**
 * Opens `path` with every script of the site held back until `release` is called: the page shows
 * its prerendered HTML and nothing more, as on a slow phone before its scripts arrive.
 */
async function openWithScriptsHeld(viewport: Viewport, path: string) {
  const context = await browser().newContext({ viewport, baseURL: baseUrl });
  await moveClockIn(context, inject('runClockOffsetMs'));
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  const held: Route[] = [];
  let released = false;
  await page.route(/\/assets\/.+\.js$/, (route) => (released ? route.continue() : void held.push(route)));
  // Module scripts hold DOMContentLoaded back too: wait for the HTML's arrival only.
  await page.goto(path, { waitUntil: 'commit' });
  const release = async () => {
    released = true;
    await Promise.all(held.splice(0).map((route) => route.continue()));
    await waitForHydration(page);
  };
  return { page, problems, release };
}

/** Presses Enter in a field and clicks the submit button, as an impatient visitor would. */
async function submitEarly(page: Page, field: string, button: string) {
  await page.getByLabel(field).press('Enter');
  await page.getByRole('button', { name: button }).click({ force: true });
  await nextFrames(page);
}

describe('what is typed before the page is hydrated', () => {
  it('stays in the booking form: every value, the ticked boxes and the total', async () => {
    const { page, problems, release } = await openWithScriptsHeld(viewports.phone, paths.booking);
    const requested = recordRequestUrls(page);
    await page.getByLabel('Full name').waitFor();
    const date = addDays(lagosDate(new Date()), 4);

    await page.getByLabel('Swedish').check();
    await page.getByLabel('Hot Stone').check();
    await page.getByLabel('Date', { exact: true }).fill(date);
    await page.getByLabel('Full name').pressSequentially('Ada Obi');
    await page.getByLabel('Email address').fill('ada@example.com');
    await page.getByLabel('Phone number').fill('0803 123 4567');
    await page.getByLabel('How did you hear about us? (optional)').selectOption('Word of Mouth');
    await page.getByLabel('Notes for your therapist (optional)').fill('Gentle on the shoulders');
    await page.getByLabel('I have had massage therapy before').check();
    await page.getByLabel('High Blood pressure').check();
    await submitEarly(page, 'Phone number', 'Confirm booking');
    expect(new URL(page.url()).search, 'no native submission').toBe('');

    await release();
    // "Today" fills in with the first render after hydration: from then on the draft shows.
    await eventually(() => page.getByLabel('Date', { exact: true }).getAttribute('min')).toBe(lagosDate(new Date()));
    await nextFrames(page);
    // Read once, not polled: the first render after hydration must already show them all (a poll
    // would pass on values that a later render restores after painting over them).
    expect(await page.getByLabel('Full name').inputValue()).toBe('Ada Obi');
    expect(await page.getByLabel('Email address').inputValue()).toBe('ada@example.com');
    expect(await page.getByLabel('Phone number').inputValue()).toBe('0803 123 4567');
    expect(await page.getByLabel('Date', { exact: true }).inputValue()).toBe(date);
    expect(await page.getByLabel('How did you hear about us? (optional)').inputValue()).toBe('Word of Mouth');
    expect(await page.getByLabel('Notes for your therapist (optional)').inputValue()).toBe('Gentle on the shoulders');
    expect(await page.getByLabel('Swedish').isChecked()).toBe(true);
    expect(await page.getByLabel('Hot Stone').isChecked()).toBe(true);
    expect(await page.getByLabel('Deep Tissue').isChecked()).toBe(false);
    expect(await page.getByLabel('I have had massage therapy before').isChecked()).toBe(true);
    expect(await page.getByLabel('High Blood pressure').isChecked()).toBe(true);
    expect(await page.getByLabel('Pregnancy').isChecked()).toBe(false);
    expect(await page.locator('.booking-form__total').textContent()).toBe('Total: ₦55,000');

    // The draft itself holds them, not just the screen: the payment dialog shows the booking.
    await page.locator('.slot:has(input[value="11:00"])').click();
    const dialog = await confirmBooking(page);
    await eventually(() => dialog.textContent()).toContain(`${formatAppointment(date, '11:00')} · Ada Obi`);
    expect(await dialog.locator('.payment-dialog__total').textContent()).toContain('₦55,000');
    expect(urlsCarrying(requested, ['Ada Obi', 'ada@example.com', '0803 123 4567', 'High Blood pressure'])).toEqual([]);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('stays in the waitlist form, and an early Enter sends nothing', async () => {
    const { page, problems, release } = await openWithScriptsHeld(viewports.desktop, paths.academy);
    const requested = recordRequestUrls(page);
    await page.getByLabel('First name').waitFor();
    await page.getByLabel('First name').pressSequentially('Amaka');
    await page.getByLabel('Current state of residence').selectOption('Enugu');
    await page.getByLabel('Email address').fill('amaka@example.com');
    await page.getByLabel('WhatsApp number').fill('0803 555 6666');
    await submitEarly(page, 'WhatsApp number', 'Join Waitlist');
    expect(new URL(page.url()).search, 'no native submission').toBe('');

    await release();
    await nextFrames(page);
    expect(await page.getByLabel('First name').inputValue()).toBe('Amaka');
    expect(await page.getByLabel('Current state of residence').inputValue()).toBe('Enugu');
    expect(await page.getByLabel('Email address').inputValue()).toBe('amaka@example.com');
    expect(await page.getByLabel('WhatsApp number').inputValue()).toBe('0803 555 6666');
    await eventually(() => page.getByRole('button', { name: 'Join Waitlist' }).isEnabled()).toBe(true);
    expect(urlsCarrying(requested, ['Amaka', 'amaka@example.com', '0803 555 6666'])).toEqual([]);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('stays in the admin login, whatever note the browser kept, and an early Enter sends nothing', async () => {
    const { page, problems, release } = await openWithScriptsHeld(viewports.phone, paths.admin);
    const requested = recordRequestUrls(page);
    // A note left from a session that has ended: the served login stands, and the note goes.
    await page.evaluate(() =>
      localStorage.setItem('spa.admin-user', JSON.stringify({ _id: 'gone', name: 'Old Session', role: 'owner' })),
    );
    await page.getByLabel('Username').pressSequentially('admin');
    await page.getByLabel('Password', { exact: true }).fill(LOCAL_PASSWORD);
    await page.getByLabel('Password', { exact: true }).press('Enter');
    await page.getByRole('button', { name: 'Login' }).click({ force: true });
    await nextFrames(page);
    expect(new URL(page.url()).search, 'no native submission').toBe('');

    await release();
    await page.waitForFunction(() => {
      const heading = document.querySelector('#root h1');
      return heading !== null && Object.keys(heading).some((key) => key.startsWith('__reactFiber'));
    });
    await nextFrames(page);
    expect(await page.getByLabel('Username').inputValue()).toBe('admin');
    expect(await page.getByLabel('Password', { exact: true }).inputValue()).toBe(LOCAL_PASSWORD);
    expect(await page.evaluate(() => localStorage.getItem('spa.admin-user'))).toBeNull();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Admin Login');
    await eventually(() => page.getByRole('button', { name: 'Login' }).isEnabled()).toBe(true);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('heading', { name: 'Massage Bookings' }).waitFor();
    expect(urlsCarrying(requested, [LOCAL_PASSWORD])).toEqual([]);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  // What can race in the admin besides: its session check, answered late.
  it('stays in the admin login while its session check is out, and signs in', async () => {
    const { page, problems } = await openPage(browser(), baseUrl, viewports.phone);
    const held: Route[] = [];
    let released = false;
    await page.route('**/api/auth/session', (route) => (released ? route.continue() : void held.push(route)));
    await page.goto(paths.admin);
    await page.getByLabel('Username').pressSequentially('admin');
    await page.getByLabel('Password', { exact: true }).fill(LOCAL_PASSWORD);
    await eventually(async () => held.length).toBeGreaterThan(0);
    released = true;
    await Promise.all(held.map((route) => route.continue()));
    await eventually(() => page.getByLabel('Username').inputValue()).toBe('admin');
    expect(await page.getByLabel('Password', { exact: true }).inputValue()).toBe(LOCAL_PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('heading', { name: 'Massage Bookings' }).waitFor();
    expect(problems.filter((problem) => !problem.includes('401'))).toEqual([]);
    await page.context().close();
  });
});
