// A visitor manages their own booking from the confirmation page's link: reschedules it (and
// staff see it move), cancels it (and sees the refund); inside 24 hours only the policy shows.
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { paths } from '../../../web/config/paths';
import { timeSlots } from '../../../worker/shared/bookings/booking';
import { formatVisit } from '../../../worker/shared/bookings/schedule';
import { addDays, formatAppointment, lagosDate, lagosToUtc } from '../../../worker/shared/time';
import { confirmBooking, fillBooking, placesLeft } from '../support/booking-steps';
import {
  axeViolations,
  eventually,
  openPage,
  screenshot,
  sharedChromium,
  type Viewport,
  viewports,
} from '../support/browser';
import { SLOT_TAKEN } from '../support/global-setup';
import { payBookingOverHttp } from '../support/pay-over-http';
import { signIn, staffCookie, upcomingPageWith } from '../support/staff';

const baseUrl = inject('baseUrl');
const browser = sharedChromium();

const open = (viewport: Viewport) => openPage(browser(), baseUrl, viewport, { bypassCSP: true });
const inDays = (days: number) => addDays(lagosDate(new Date()), days);

/** Books Swedish + Hot Stone and pays in the test checkout; returns the confirmation's manage link. */
async function bookAndPay(page: Page, date: string, time: string): Promise<string> {
  await page.goto(paths.booking);
  await fillBooking(page, date, time);
  const dialog = await confirmBooking(page);
  await dialog.getByRole('button', { name: 'Make Payment' }).click();
  await page.getByRole('button', { name: /Pay/ }).click();
  await page.waitForURL(/\/booking-confirmation-pg\?trxref=/);
  const link = page.getByRole('link', { name: 'Manage booking' });
  await link.waitFor();
  const href = (await link.getAttribute('href')) ?? '';
  expect(href).toMatch(/^\/manage-booking\/[A-Za-z0-9_-]{43}$/);
  return href;
}

/** Signs in on the admin's form and waits for the list of `path` to load. */
async function signInToList(page: Page, path: string) {
  await signIn(page, path);
  await page.getByText('Loading...').waitFor({ state: 'detached' });
}

describe('managing a booking from its private link', () => {
  it('reschedules (staff see it move) and cancels with the refund shown, at 1280 and 390 px', async () => {
    const from = { date: inDays(21), time: '10:00' };
    const to = { date: inDays(22), time: '14:00' };
    const { page, problems } = await open(viewports.desktop);
    const manageUrl = await bookAndPay(page, from.date, from.time);

    await page.getByRole('link', { name: 'Manage booking' }).click();
    await page.waitForURL(`**${manageUrl}`);
    await eventually(() => page.locator('h1').textContent()).toBe('Manage your booking');
    const details = page.locator('.confirmation__details');
    // The whole visit (Swedish and Hot Stone, two and a half hours) and who gives it.
    expect(await details.textContent()).toContain(`${formatVisit(from.date, from.time, 150)} (WAT)`);
    expect(await details.textContent()).toMatch(/TherapistTherapist [12]/);
    expect(await details.textContent()).toContain('Swedish, Hot Stone');
    expect(await details.textContent()).toContain('₦55,000');
    expect(await details.textContent()).toContain('Booked');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'manage-booking-1280');

    await page.getByRole('button', { name: 'Reschedule' }).click();
    // The booking page's month of free days, there too: nothing before 24 hours from now.
    const month = page.locator('.free-days');
    await eventually(() => month.textContent()).toMatch(/Every day shown has a time free|Days crossed out/);
    expect(await month.getByRole('button', { name: /^\w+ \d+ \w+/, disabled: false }).count()).toBeGreaterThan(0);
    await page.getByLabel('New date').fill(to.date);
    await page.locator(`.slot:has(input[value="${to.time}"])`).click();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'manage-booking-reschedule-1280');
    await page.getByRole('button', { name: 'Confirm new time' }).click();
    const moved = `Your booking has moved to ${formatAppointment(to.date, to.time)} (WAT).`;
    await eventually(() => page.getByRole('status').filter({ hasText: 'moved' }).textContent()).toBe(moved);
    expect(await details.textContent()).toContain(formatAppointment(to.date, to.time));
    expect(await placesLeft(baseUrl, from.date)).toMatchObject({ [from.time]: 2 });
    expect(await placesLeft(baseUrl, to.date)).toMatchObject({ [to.time]: 1 });

    // Staff see the booking at its new time, with its history.
    const staff = await open(viewports.desktop);
    await signInToList(
      staff.page,
      await upcomingPageWith(baseUrl, (booking) => booking.date === to.date && booking.time === to.time),
    );
    const row = staff.page.locator('.admin-row').filter({ hasText: formatAppointment(to.date, to.time) });
    await row.getByRole('button', { name: /Details/ }).click();
    expect(await row.textContent()).toContain(
      `Moved from ${formatAppointment(from.date, from.time)} to ${formatAppointment(to.date, to.time)} by the client online`,
    );

    // The visitor cancels, on a phone.
    const phone = await open(viewports.phone);
    await phone.page.goto(manageUrl);
    await phone.page.getByRole('button', { name: 'Cancel booking' }).click();
    await eventually(() => phone.page.getByRole('heading', { name: 'Cancel this booking?' }).isVisible()).toBe(true);
    expect(await phone.page.locator('.manage-booking__panel').textContent()).toContain(
      '₦55,000 refunded to the card or account you paid with',
    );
    expect(await axeViolations(phone.page)).toEqual([]);
    await screenshot(phone.page, 'manage-booking-cancel-390');
    await phone.page.getByRole('button', { name: 'Yes, cancel booking' }).click();
    await eventually(() => phone.page.locator('h1').textContent()).toBe('Your booking is cancelled');
    const after = phone.page.locator('.confirmation__details');
    expect(await after.textContent()).toContain('Cancelled');
    expect(await after.textContent()).toContain('₦55,000, refunded');
    expect(await after.textContent()).toContain('TEST MODE');
    expect(await phone.page.getByRole('button', { name: 'Reschedule' }).count()).toBe(0);
    expect(await placesLeft(baseUrl, to.date)).toMatchObject({ [to.time]: 2 });
    expect(await axeViolations(phone.page)).toEqual([]);
    await screenshot(phone.page, 'manage-booking-cancelled-390');

    // Staff find it under Cancelled, refunded.
    await staff.page.getByRole('tab', { name: 'Cancelled' }).click();
    const cancelledRow = staff.page
      .getByRole('list', { name: 'Cancelled massage bookings' })
      .locator('.admin-row')
      .filter({ hasText: formatAppointment(to.date, to.time) })
      .first();
    await eventually(() => cancelledRow.textContent()).toContain('Refunded (test mode)');
    await cancelledRow.getByRole('button', { name: /Details/ }).click();
    expect(await cancelledRow.textContent()).toContain('Cancelled by the client online');
    await screenshot(staff.page, 'admin-bookings-cancelled-1280');

    expect(problems).toEqual([]);
    expect(phone.problems).toEqual([]);
    expect(staff.problems).toEqual([]);
    for (const context of [page.context(), staff.page.context(), phone.page.context()]) await context.close();
  });

  it('a booking paid into a slot that filled meanwhile: the visitor is asked for another time and moves it', async () => {
    const { reference, name, time } = SLOT_TAKEN;
    const date = inject('slotTakenDate');
    const { page, problems } = await open(viewports.phone);
    // The tab comes back from the checkout with its pending payment and its payer key, as after paying.
    await page.goto(paths.home);
    await page.evaluate(
      ({ ref, payerKey }) => {
        const pending = { kind: 'booking', reference: ref, summary: ['Swedish', 'Hotstone'], amount: 55_000 };
        sessionStorage.setItem('spa.pending-booking', JSON.stringify(pending));
        // 127.0.0.1 is a secure context, so a page may set a Secure __Host- cookie as the server would.
        // biome-ignore lint/suspicious/noDocumentCookie: the test stands in for the server's Set-Cookie
        document.cookie = `__Host-spa_payer=${payerKey}; Path=/; Secure; SameSite=Lax`;
      },
      { ref: reference, payerKey: SLOT_TAKEN.payerKey },
    );
    await page.goto(`/booking-confirmation-pg?trxref=${reference}&reference=${reference}`);
    await eventually(() => page.getByRole('heading', { level: 2 }).first().textContent()).toBe(
      'Please choose another time',
    );
    expect(await page.locator('h1').textContent()).toBe(`Thank you, ${name.split(' ')[0]}!`);
    expect(await page.locator('main').textContent()).toContain(
      'Your payment is safe, but the time you chose was taken by another client while you were paying.',
    );
    const details = page.locator('.confirmation__details');
    expect(await details.textContent()).toContain(`Time you chose (now full)${formatAppointment(date, time)}`);
    expect(await page.getByRole('link', { name: 'Add to Google Calendar' }).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'booking-confirmation-slot-taken-390');

    await page.getByRole('link', { name: 'Choose another time' }).click();
    await eventually(() => page.getByRole('alert').textContent()).toContain('Please choose another time');
    expect(await page.locator('.manage-booking__policy-line').count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'manage-booking-slot-taken-390');

    const to = { date: addDays(date, 1), time: '10:00' };
    await page.getByRole('button', { name: 'Reschedule' }).click();
    expect(await page.locator('.manage-booking__panel').textContent()).toContain(
      `You paid for ${formatAppointment(date, time)} (WAT), which is now full.`,
    );
    await page.getByLabel('New date').fill(to.date);
    await page.locator(`.slot:has(input[value="${to.time}"])`).click();
    await page.getByRole('button', { name: 'Confirm new time' }).click();
    const moved = `Your booking has moved to ${formatAppointment(to.date, to.time)} (WAT).`;
    await eventually(() => page.getByRole('status').filter({ hasText: 'moved' }).textContent()).toBe(moved);
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(await page.locator('.manage-booking__policy-line').count()).toBe(1);
    expect(await placesLeft(baseUrl, to.date)).toMatchObject({ [to.time]: 1 });
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('inside 24 hours shows the policy with WhatsApp and phone, and no buttons (390 px)', async () => {
    const { page, problems } = await open(viewports.phone);
    const manageUrl = await bookAndPay(page, inDays(23), '11:00');

    // Staff move it inside the coming 24 hours (staff have no notice limit).
    const cookie = await staffCookie(baseUrl);
    const list = (await (
      await fetch(`${baseUrl}/api/bookings?status=booked&pageSize=100`, { headers: { Cookie: cookie } })
    ).json()) as Array<{ _id: string; date: string; time: string }>;
    const booking = list.find((row) => row.date === inDays(23) && row.time === '11:00');
    expect(booking).toBeDefined();
    const now = Date.now();
    const soon = [inDays(0), inDays(1)]
      .flatMap((date) => timeSlots.map((time) => ({ date, time })))
      .filter(({ date, time }) => {
        const start = lagosToUtc(date, time).getTime();
        return start > now + 10 * 60_000 && start < now + 23 * 3_600_000;
      });
    let moved = false;
    for (const slot of soon.reverse()) {
      const response = await fetch(`${baseUrl}/api/bookings/${booking?._id}`, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json', Origin: baseUrl, Cookie: cookie },
        body: JSON.stringify(slot),
      });
      if (response.status === 200) {
        moved = true;
        break;
      }
    }
    expect(moved).toBe(true);

    await page.goto(manageUrl);
    await eventually(() => page.getByRole('heading', { name: 'Changes within 24 hours' }).isVisible()).toBe(true);
    expect(await page.locator('.manage-booking__within').textContent()).toContain(
      'Bookings can be rescheduled or cancelled online until 24 hours before they start.',
    );
    expect(await page.getByRole('button', { name: 'Reschedule' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Cancel booking' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Message us on WhatsApp', exact: true }).getAttribute('href')).toMatch(
      /^https:\/\/wa\.me\//,
    );
    expect(await page.getByRole('link', { name: /^Call / }).getAttribute('href')).toMatch(/^tel:/);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'manage-booking-within-24h-390');
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('lets staff move a booking and cancel it without a refund from its row (390 px)', async () => {
    const name = 'Tolu Staffmoved';
    await payBookingOverHttp(baseUrl, name, inDays(24), '09:00');
    const { page, problems } = await open(viewports.phone);
    await signInToList(page, await upcomingPageWith(baseUrl, (booking) => booking.name === name));
    const row = page.locator('.admin-row').filter({ hasText: name });
    await row.getByRole('button', { name: /Details/ }).click();
    await row.getByLabel('New date').fill(inDays(25));
    await row.getByLabel('New time').selectOption('16:00');
    await row.getByRole('button', { name: 'Move booking' }).click();
    const movedNotice = `${name}’s booking is moved to ${formatAppointment(inDays(25), '16:00')}.`;
    await eventually(() => page.locator('.admin-notice-slot').textContent()).toBe(movedNotice);
    await eventually(() => row.locator('.admin-row__when').textContent()).toContain(
      `${formatAppointment(inDays(25), '16:00')} – 5:00 PM · Therapist`,
    );
    expect(await placesLeft(baseUrl, inDays(25))).toMatchObject({ '16:00': 1 });

    // The list reloads after a change; the row may come back closed.
    if (!(await row.getByLabel('New date').isVisible())) {
      await row.getByRole('button', { name: /Details/ }).click();
    }
    await row.getByLabel(/Refund ₦25,000 to the client/).uncheck();
    await row.getByRole('button', { name: 'Cancel booking' }).click();
    expect(await row.textContent()).toContain('without a refund?');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'admin-booking-cancel-390');
    await row.getByRole('button', { name: 'Yes, cancel booking' }).click();
    await eventually(() => page.locator('.admin-notice-slot').textContent()).toBe(
      `${name}’s booking is cancelled, with no refund.`,
    );
    expect(await placesLeft(baseUrl, inDays(25))).toMatchObject({ '16:00': 2 });

    await page.getByRole('tab', { name: 'Cancelled' }).click();
    const cancelled = page
      .getByRole('list', { name: 'Cancelled massage bookings' })
      .locator('.admin-row')
      .filter({ hasText: name });
    await eventually(() => cancelled.textContent()).toContain('Cancelled');
    expect(await cancelled.textContent()).not.toContain('Refund');
    await cancelled.getByRole('button', { name: /Details/ }).click();
    // The history names who did it.
    expect(await cancelled.textContent()).toContain('Cancelled by Studio owner');
    expect(await cancelled.textContent()).toMatch(/Moved from .* by Studio owner/);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('says so when the link is wrong', async () => {
    const { page } = await open(viewports.phone);
    await page.goto(`/manage-booking/${'x'.repeat(43)}`);
    await eventually(() => page.locator('h1').textContent()).toBe('Booking not found');
    expect(await page.getByText('We could not find this booking.').isVisible()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await page.context().close();
  });
});
