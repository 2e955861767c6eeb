import { readFileSync } from 'node:fs';
import { describe, expect, inject, it } from 'vitest';
import { paths } from '../../../web/config/paths';
import { bookingMessages } from '../../../worker/shared/bookings/booking';
import { formatVisit } from '../../../worker/shared/bookings/schedule';
import { shortReference } from '../../../worker/shared/short-reference';
import { addDays, formatAppointment, lagosDate } from '../../../worker/shared/time';
import { confirmBooking, fillBooking, placesLeft, SLOT_CAPACITY } from '../support/booking-steps';
import {
  axeViolations,
  eventually,
  openPage,
  screenshot,
  scrollThrough,
  sharedChromium,
  type Viewport,
  viewports,
} from '../support/browser';
import { E2E_COUPON } from '../support/global-setup';
import { recordRequestUrls, urlsCarrying } from '../support/request-log';
import { staffCookie } from '../support/staff';

const baseUrl = inject('baseUrl');
const browser = sharedChromium();

const open = (viewport: Viewport) => openPage(browser(), baseUrl, viewport, { bypassCSP: true });

describe('booking a massage', () => {
  it('validates, keeps the draft across a reload, takes a coupon, pays in the test checkout and confirms', async () => {
    const { page, problems } = await openPage(browser(), baseUrl, viewports.desktop, {
      bypassCSP: true,
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    const requested = recordRequestUrls(page);
    /** A field's own message, beside it (the list by the button says it again). */
    const inline = (message: string) => page.locator('.field__error', { hasText: message });
    await page.goto(paths.booking);
    // A day that has passed is said at once, before any submit.
    await page.getByLabel('Date', { exact: true }).fill(addDays(lagosDate(new Date()), -1));
    await page.getByText('That date has passed. Please choose today or a later date.').waitFor();
    await page.getByLabel('Date', { exact: true }).fill('');
    // An empty submit lists every problem together, and the first field at fault has the focus.
    await page.getByRole('button', { name: 'Confirm booking' }).click();
    const listed = page.locator('.booking-form__section').getByRole('alert');
    await eventually(() => listed.textContent()).toContain(bookingMessages.noOption);
    for (const message of [
      bookingMessages.name,
      bookingMessages.email,
      bookingMessages.date,
      bookingMessages.noDisclaimer,
    ]) {
      expect(await listed.getByText(message).count(), message).toBe(1);
    }
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe('subservices');
    await screenshot(page, 'booking-all-problems-1280', 'viewport');

    await page.getByLabel('Swedish').check();
    await page.getByLabel('Hot Stone').check();
    await eventually(() => page.locator('.booking-form__total').textContent()).toContain('₦55,000');
    await page.getByRole('button', { name: 'Confirm booking' }).click();
    await eventually(() => inline(bookingMessages.name).isVisible()).toBe(true);
    expect(await inline(bookingMessages.email).isVisible()).toBe(true);
    expect(await inline(bookingMessages.date).isVisible()).toBe(true);
    await screenshot(page, 'booking-errors-1280');

    const date = addDays(lagosDate(new Date()), 2);
    await fillBooking(page, date, '11:00');
    // The conditions in one casing, and "None of these apply" a "no" that a condition takes back.
    const conditions = page.getByRole('group', { name: 'Do any of these apply to you?' });
    const labels = await conditions.locator('label').allTextContents();
    expect(labels[0]).toBe('None of these apply');
    expect(labels).toContain('High blood pressure');
    expect(labels.filter((label) => /\s[A-Z]/.test(label))).toEqual([]);
    await page.getByLabel('None of these apply').check();
    await page.getByLabel('Pregnancy').check();
    expect(await page.getByLabel('None of these apply').isChecked()).toBe(false);
    await page.getByLabel('None of these apply').check();
    expect(await page.getByLabel('Pregnancy').isChecked()).toBe(false);
    await page.getByLabel('High blood pressure').check();
    await page.getByLabel('I am currently on medication').check();
    await page.getByRole('button', { name: 'Confirm booking' }).click();
    await eventually(() => inline(bookingMessages.medicationDetails).isVisible()).toBe(true);
    await page.getByLabel('Which medication?').fill('Lisinopril');
    await page.getByRole('button', { name: 'Confirm booking' }).click();
    await eventually(() => page.getByRole('alert').textContent()).toBe(bookingMessages.noDisclaimer);

    await page.reload();
    await eventually(() => page.getByLabel('Full name').inputValue()).toBe('Ada Obi');
    await eventually(() => page.getByLabel('Which medication?').inputValue()).toBe('Lisinopril');
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
    await page.locator('.slot:has(input[value="11:00"])').click();

    const dialog = await confirmBooking(page);
    expect(await dialog.getByRole('button', { name: 'Apply' }).isDisabled()).toBe(true);
    await dialog.getByLabel('Coupon code').fill('nope');
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await eventually(() => dialog.getByRole('status').textContent()).toBe('This coupon code is invalid or expired.');
    await dialog.getByLabel('Coupon code').fill(E2E_COUPON.code.toLowerCase());
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await eventually(() => dialog.locator('.payment-dialog__total').textContent()).toContain('₦49,500');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'booking-dialog-1280');

    await dialog.getByRole('button', { name: 'Make Payment' }).click();
    await page.waitForURL(/\/api\/payment\/test-checkout\//);
    expect(await page.locator('body').textContent()).toContain('TEST MODE');
    expect(await page.locator('body').textContent()).toContain('₦49,500');
    await screenshot(page, 'test-checkout-1280');
    await page.getByRole('button', { name: /Pay/ }).click();

    await page.waitForURL(/\/booking-confirmation-pg\?trxref=/);
    await eventually(() => page.locator('h1').textContent()).toBe('Thank you, Ada!');
    const details = await page.locator('.confirmation__details').textContent();
    expect(details).toContain('Swedish, Hot Stone');
    expect(details).toContain(formatAppointment(date, '11:00'));
    expect(details).toContain('₦49,500');
    const calendar = new URL(
      (await page.getByRole('link', { name: 'Add to Google Calendar' }).getAttribute('href')) ?? '',
    );
    // The event text names the appointment and the studio, never the payment reference.
    expect(calendar.searchParams.get('details')).toContain('Please arrive 10 minutes early');
    expect(calendar.searchParams.get('details')).not.toContain('BK-');
    // The whole visit: Swedish and Hot Stone back to back, two and a half hours from 11:00 in Lagos.
    expect(calendar.searchParams.get('dates')).toBe(
      `${date.replace(/-/g, '')}T100000Z/${date.replace(/-/g, '')}T123000Z`,
    );
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download .ics' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^booking-BK-.+\.ics$/);
    const ics = readFileSync(await download.path(), 'utf8').replace(/\r\n /g, '');
    expect(ics).toContain(`DTSTART:${date.replace(/-/g, '')}T100000Z`);
    expect(ics).toContain('SUMMARY:Swedish + Hot Stone at');
    expect(/^DESCRIPTION:.*$/m.exec(ics)?.[0]).not.toContain('BK-');

    // The time in Lagos's zone, where the studio is (with a map), and where the confirmation went.
    expect(details).toContain(`${formatVisit(date, '11:00', 150)} (WAT)`);
    // A short code to read out at the desk, beside the long reference.
    const reference = new URL(page.url()).searchParams.get('trxref') ?? '';
    expect(details).toContain(`Reference${shortReference(reference)} (${reference})`);
    const map = new URL((await page.getByRole('link', { name: 'Open in Maps' }).getAttribute('href')) ?? '');
    expect(map.origin + map.pathname).toBe('https://www.google.com/maps/search/');
    expect(details).toContain(map.searchParams.get('query') ?? 'no address');
    // The time and where the confirmation went, in the first screen (the hero's lead).
    const lead = await page.locator('.hero__lead').textContent();
    expect(lead).toContain(`Booked and paid: ${formatVisit(date, '11:00', 150)} (WAT).`);
    expect(lead).toContain('Your confirmation is on its way to your email and WhatsApp.');
    // Headless Chromium on Linux has no navigator.share, so Share copies the details.
    await page.getByRole('button', { name: 'Share' }).click();
    await eventually(() => page.getByRole('status').textContent()).toBe('Booking details copied to clipboard!');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toContain(`Swedish, Hot Stone on ${formatAppointment(date, '11:00')}`);
    expect(copied).not.toContain('BK-');
    await scrollThrough(page);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'booking-confirmed-1280');

    await page.goto(paths.booking);
    await eventually(() => page.getByLabel('Full name').inputValue()).toBe('');
    expect(problems.filter((problem) => !problem.includes('409'))).toEqual([]);
    // The whole journey, checkout and confirmation included: nothing personal in any URL.
    expect(requested.length).toBeGreaterThan(10);
    expect(
      urlsCarrying(requested, ['Ada Obi', 'ada@example.com', '0803 123 4567', 'Lisinopril', 'High Blood pressure']),
    ).toEqual([]);
    await page.context().close();
  });

  it('shows the failure page when the visitor cancels the payment, and books nothing', async () => {
    const { page } = await open(viewports.phone);
    await page.goto(paths.booking);
    const date = addDays(lagosDate(new Date()), 3);
    await fillBooking(page, date, '12:00');
    const dialog = await confirmBooking(page);
    await screenshot(page, 'booking-dialog-390');
    await dialog.getByRole('button', { name: 'Make Payment' }).click();
    await page.waitForURL(/\/api\/payment\/test-checkout\//);
    await page.getByRole('button', { name: 'Cancel payment' }).click();
    await page.waitForURL(/\/booking-confirmation-pg/);
    await eventually(() => page.locator('h1').textContent()).toBe('Payment Verification Failed');
    expect(
      await page.getByText("We couldn't verify your payment. Please try again or contact support.").isVisible(),
    ).toBe(true);
    expect(await page.getByRole('link', { name: 'Return to Home' }).getAttribute('href')).toBe('/');
    await screenshot(page, 'booking-failed-390');
    expect((await placesLeft(baseUrl, date))['12:00']).toBe(SLOT_CAPACITY); // the hold was released
    await page.context().close();
  });

  it('keeps the total and the next step in a bar at the bottom of a phone, one tap to each step', async () => {
    const { page, problems } = await open(viewports.phone);
    await page.goto(paths.booking);
    const bar = page.locator('.booking-bar');
    const next = bar.locator('.booking-bar__next');
    await eventually(() => bar.textContent()).toBe('Total ₦0Choose a treatment');
    // The bar sits on the screen's bottom edge, whatever the scroll.
    expect(await bar.evaluate((element) => Math.round(element.getBoundingClientRect().bottom))).toBe(
      viewports.phone.height,
    );
    await next.click();
    await eventually(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('subservices');
    await page.getByLabel('Swedish').check();
    await eventually(() => bar.textContent()).toBe('Total ₦25,000Pick a date');
    await screenshot(page, 'booking-bar-390', 'viewport');
    await next.click();
    await eventually(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('appointmentDate');
    await page.getByLabel('Date', { exact: true }).fill(addDays(lagosDate(new Date()), 9));
    await eventually(() => next.textContent()).toBe('Pick a time');
    await page.locator('.slot:has(input[value="15:00"])').click();
    await eventually(() => next.textContent()).toBe('Add your details');
    await next.click();
    await eventually(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('customerName');
    await page.getByLabel('Full name').fill('Ada Obi');
    await page.getByLabel('Email address').fill('ada@example.com');
    await page.getByLabel('Phone number').fill('0803 123 4567');
    await eventually(() => next.textContent()).toBe('Review and confirm');
    // The last step brings the Confirm section, with its own button, and the bar gives way.
    await next.click();
    await eventually(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('disclaimerAgreed');
    await eventually(() => bar.isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Confirm booking' }).isVisible()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    // A desktop has the total beside the treatments and no bar.
    await page.setViewportSize(viewports.desktop);
    await page.evaluate(() => window.scrollTo(0, 0));
    await eventually(() => bar.isVisible()).toBe(false);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('sends a visitor with no saved booking from the confirmation page to the home page', async () => {
    const { page } = await open(viewports.desktop);
    await page.goto(`${paths.bookingConfirmation}?reference=BK-unknown`);
    await page.waitForURL(`${baseUrl}/`);
    await page.context().close();
  });
});

describe('a day the studio is closed', () => {
  const staffJson = (cookie: string, method: string, path: string, body?: unknown) =>
    fetch(`${baseUrl}${path}`, {
      method,
      headers: { 'Content-Type': 'application/json', Origin: baseUrl, Cookie: cookie },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  it('shows the day closed with its reason and every time unavailable', async () => {
    const date = addDays(lagosDate(new Date()), 12);
    const cookie = await staffCookie(baseUrl);
    expect((await staffJson(cookie, 'POST', '/api/closures', { date, reason: 'Public holiday' })).status).toBe(201);
    try {
      const { page, problems } = await open(viewports.phone);
      await page.goto(paths.booking);
      await page.getByLabel('Date', { exact: true }).fill(date);
      const note = page.getByText('The studio is closed on this day (Public holiday). Please choose another date.');
      await eventually(() => note.isVisible()).toBe(true);
      expect(await page.locator('.slot input:not([disabled])').count()).toBe(0);
      expect(await page.locator('.slot').count()).toBe(9);
      expect(await axeViolations(page)).toEqual([]);
      await note.scrollIntoViewIfNeeded();
      // No time left: the next free time, one tap to its date and time.
      await page.getByLabel('Swedish').check();
      const next = page.getByRole('button', { name: /^Book the next free time: / });
      await next.waitFor();
      expect(await page.getByRole('button', { name: 'Join the waitlist' }).count()).toBe(0);
      await next.scrollIntoViewIfNeeded();
      await screenshot(page, 'booking-closed-day-390', 'viewport');
      const offered = await next.textContent();
      await next.click();
      await eventually(() => page.getByLabel('Date', { exact: true }).inputValue()).not.toBe(date);
      const taken = await page.getByLabel('Date', { exact: true }).inputValue();
      expect(taken > date).toBe(true);
      await eventually(() => page.locator('.slot input:checked').count()).toBe(1);
      const time = await page.locator('.slot input:checked').inputValue();
      expect(offered).toBe(`Book the next free time: ${formatAppointment(taken, time)}`);
      expect(await next.count()).toBe(0);
      expect(problems).toEqual([]);
      await page.context().close();
    } finally {
      expect((await staffJson(cookie, 'DELETE', `/api/closures/${date}`)).status).toBe(204);
    }
  });
});
