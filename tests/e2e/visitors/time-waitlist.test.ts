// The waitlist for full times in Chromium: a visitor joins on a full day from /booking
// and confirms the place (the email's link, or a WhatsApp reply: only confirmed places are offered);
// a cancellation on the manage page offers the freed place to them (from 07:00 to 21:00 Lagos
// time, as the studio's rule says; at night staff offer it by hand on the Waitlist screen); the
// offer is booked and paid; the Waitlist screen and the Calendar show who waits. 390 and 1280 px, axe.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { paths } from '../../../web/config/paths';
import { bookingMessages } from '../../../worker/shared/bookings/booking';
import { timeWaitlistMessages } from '../../../worker/shared/bookings/time-waitlist';
import { addDays, lagosClock, lagosDate } from '../../../worker/shared/time';
import { metaWebhook } from '../../fakes/whatsapp';
import { axeViolations, eventually, openPage, screenshot, sharedChromium, viewports } from '../support/browser';
import { WHATSAPP } from '../support/global-setup';
import { emailsTo } from '../support/inbox';
import { payBookingOverHttp } from '../support/pay-over-http';
import { whatsappDigits } from '../support/phone';
import { signIn, staffCookie } from '../support/staff';

const baseUrl = inject('baseUrl');
const browser = sharedChromium();
const inDays = (days: number) => addDays(lagosDate(new Date()), days);
const HOURS = ['09:00', '10:00', '11:00', '12:00', '13:00', '14:00', '15:00', '16:00', '17:00'];

/**
 * Reception books a Swedish massage at `time` by phone (paid in cash), with any free therapist. One
 * phone fills the day, so the desk's question about a second visit at once is answered beforehand.
 */
async function deskBooking(date: string, time: string, name: string) {
  const response = await fetch(`${baseUrl}/api/bookings`, {
    method: 'POST',
    headers: { Cookie: await staffCookie(baseUrl), Origin: baseUrl, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      name,
      phone: '0805 111 2222',
      subservices: ['Swedish'],
      date,
      time,
      payment: 'cash',
      allowOverlap: true,
    }),
  });
  expect(response.status, `${date} ${time}`).toBe(201);
}

/** Offers happen from 07:00 to 21:00 in Lagos; at night a freed place waits for the morning. */
const offeringNow = () => {
  const hour = Number(lagosClock(new Date()).slice(0, 2));
  return hour >= 7 && hour < 21;
};

/** A picture of one part of the page (the whole page of /booking is too long to read). */
const shot = (locator: Locator, name: string) => locator.screenshot({ path: `test-results/screenshots/${name}.png` });

/** Picks Swedish on `date` in the booking form and waits for its times. */
async function chooseDay(page: Page, date: string) {
  await page.goto(paths.booking);
  await page.getByLabel('Swedish').check();
  await page.getByLabel('Date', { exact: true }).fill(date);
  await page.locator('.slot').first().waitFor();
}

describe('the waitlist for a full day', () => {
  it('is joined on /booking, offered the place a cancellation frees, and booked and paid (390 px)', async () => {
    const day = inDays(36);
    // The whole day booked: one visit paid online at 10:00 (its client will cancel), the rest by phone.
    const { manageUrl } = await payBookingOverHttp(baseUrl, 'Tolu Bello', day, '10:00');
    for (const time of HOURS) {
      for (const place of [1, 2]) {
        if (time !== '10:00' || place === 2) await deskBooking(day, time, `Desk client ${time} ${place}`);
      }
    }

    const { page, problems } = await openPage(browser(), baseUrl, viewports.phone, { bypassCSP: true });
    await chooseDay(page, day);
    await page.getByText('No time is free on this day for your visit.').waitFor();
    await page.getByRole('button', { name: 'Join the waitlist' }).click();
    const form = page.getByRole('region', { name: 'Join the waitlist' });
    await form.waitFor();
    // The chosen day is ticked; the morning asked for; the consent forgotten first.
    expect(
      await form
        .getByRole('checkbox', { name: /^\w{3} \d{1,2} \w{3}$/ })
        .first()
        .isChecked(),
    ).toBe(true);
    await form.getByLabel('Morning (09:00–12:00)').check();
    await form.getByLabel('Your name').fill('Ngozi Eze');
    await form.getByLabel('Email', { exact: true }).fill('ngozi.waits@example.com');
    await form.getByLabel('WhatsApp number').fill('0803 555 6666');
    await form.getByRole('button', { name: 'Join the waitlist' }).click();
    await form.getByText(timeWaitlistMessages.consent).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await shot(page.locator('.slot-picker'), 'time-waitlist-join-390');
    await form.getByLabel('Contact me by email or WhatsApp about a place on this waitlist.').check();
    await form.getByRole('button', { name: 'Join the waitlist' }).click();
    const joined = page.getByRole('status').filter({ hasText: 'You are on the waitlist' });
    await joined.waitFor();
    expect(await page.getByText('You are number 1 in line.', { exact: false }).count()).toBe(1);
    // In view and focused: the screen reader reads it and the visitor sees it without scrolling.
    await eventually(() => joined.evaluate((notice) => notice === document.activeElement)).toBe(true);
    await eventually(() =>
      joined.evaluate((notice) => {
        const box = notice.getBoundingClientRect();
        return box.top >= 0 && box.top < window.innerHeight;
      }),
    ).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await shot(page.locator('.slot-picker'), 'time-waitlist-joined-390');

    // Confirmed from the email's link: its page's button posts it (nothing is offered before).
    await eventually(
      async () => (await emailsTo(baseUrl, 'ngozi.waits@example.com', /You are on the waitlist/)).length,
    ).toBe(1);
    const [joinedEmail] = await emailsTo(baseUrl, 'ngozi.waits@example.com', /You are on the waitlist/);
    const confirmPath = /\/time-waitlist\/[\w.-]+\?confirm=1/.exec(joinedEmail?.text ?? '')?.[0] ?? '';
    expect(confirmPath).not.toBe('');
    await page.goto(confirmPath);
    await page.getByRole('button', { name: 'Confirm my place' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'time-waitlist-confirm-390', 'viewport');
    await page.getByRole('button', { name: 'Confirm my place' }).click();
    await page.getByText(timeWaitlistMessages.confirmed).waitFor();
    await screenshot(page, 'time-waitlist-confirmed-390', 'viewport');

    // Tolu cancels on the manage page: the place frees.
    await page.goto(manageUrl ?? '');
    await page.getByRole('button', { name: 'Cancel booking' }).click();
    await page.getByRole('button', { name: 'Yes, cancel booking' }).click();
    await eventually(() => page.locator('h1').textContent()).toBe('Your booking is cancelled');

    if (!offeringNow()) {
      // Night: nothing is sent; staff offer the place by hand, on the desk's own computer (the
      // visitor's phone stays signed out, as it is by day).
      expect(await emailsTo(baseUrl, 'ngozi.waits@example.com', /A place for you/)).toEqual([]);
      const desk = await openPage(browser(), baseUrl, viewports.desktop);
      await signIn(desk.page, `${paths.admin}/waitlist?date=${day}`);
      const entry = desk.page.getByRole('listitem').filter({ hasText: 'Ngozi Eze' });
      await entry.getByRole('button', { name: 'Offer this place' }).click();
      await entry.getByLabel('Time').selectOption('10:00');
      await entry.getByRole('button', { name: 'Offer it' }).click();
      await desk.page.getByText('is offered to Ngozi Eze').waitFor();
      expect(desk.problems).toEqual([]);
      await desk.page.context().close();
    }
    await eventually(async () => (await emailsTo(baseUrl, 'ngozi.waits@example.com', /A place for you/)).length).toBe(
      1,
    );
    const [offerEmail] = await emailsTo(baseUrl, 'ngozi.waits@example.com', /A place for you/);
    const offerPath = /\/waitlist-offer\/WO-[\w.-]+/.exec(offerEmail?.text ?? '')?.[0] ?? '';
    expect(offerPath).not.toBe('');

    await page.goto(offerPath);
    await page.getByRole('heading', { level: 1, name: 'A place for you' }).waitFor();
    // The minutes left are the browser's own count (after hydration): waited for, not counted at once.
    await page.getByText(/minutes? left\)/).waitFor();
    const details = await page.locator('.confirmation__details').first().textContent();
    expect(details).toContain('Swedish');
    expect(details).toContain('10:00 AM');
    // The link may be forwarded: it shows the name, and asks for the contact details again.
    expect(await page.getByLabel('Full name').inputValue()).toBe('Ngozi Eze');
    expect(await page.getByLabel('Email').inputValue()).toBe('');
    await page.getByLabel('Email').fill('ngozi.waits@example.com');
    await page.getByLabel('Phone (WhatsApp)').fill('0803 555 6666');
    await page.getByRole('button', { name: 'Book and pay ₦25,000' }).click();
    await page.getByText(bookingMessages.noDisclaimer).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'waitlist-offer-390', 'viewport');
    await shot(page.locator('#offer-pay').locator('..'), 'waitlist-offer-pay-390');
    await page.getByRole('checkbox', { name: /I confirm the information above is accurate/ }).check();
    await page.getByRole('button', { name: 'Book and pay ₦25,000' }).click();
    await page.getByRole('button', { name: /Pay/ }).click();
    await page.waitForURL(/\/booking-confirmation-pg\?trxref=/);
    await eventually(() => page.locator('h1').textContent()).toBe('Thank you, Ngozi!');
    await screenshot(page, 'waitlist-offer-booked-390', 'viewport');

    // The link again: booked.
    await page.goto(offerPath);
    await page.getByRole('heading', { level: 1, name: 'This place is booked' }).waitFor();

    // The Waitlist screen: the place filled this month, on a phone.
    await signIn(page, `${paths.admin}/waitlist?date=${day}`);
    await page.getByRole('heading', { level: 1, name: 'Waitlist' }).waitFor();
    const figures = page.getByRole('definition');
    await eventually(() => figures.first().textContent()).not.toBe('…');
    expect(Number(await figures.first().textContent())).toBeGreaterThanOrEqual(1);
    await page.getByText('Nobody is waiting for this day.').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'admin-waitlist-390');
    expect(problems.filter((problem) => !problem.includes('409'))).toEqual([]);
    await page.context().close();
  });

  it('shows who waits on the Waitlist screen and the Calendar, and lets staff remove them (1280 px)', async () => {
    const day = inDays(38);
    // The morning full; the afternoon free.
    for (const time of ['09:00', '10:00', '11:00']) {
      await deskBooking(day, time, `Morning client ${time} A`);
      await deskBooking(day, time, `Morning client ${time} B`);
    }
    const { page, problems } = await openPage(browser(), baseUrl, viewports.desktop, { bypassCSP: true });
    await chooseDay(page, day);
    await page.getByText('The time you want is full?').waitFor();
    await page.getByRole('button', { name: 'Join the waitlist' }).click();
    const form = page.getByRole('region', { name: 'Join the waitlist' });
    await form.getByLabel('Morning (09:00–12:00)').check();
    await form.getByLabel('Your name').fill('Emeka Obi');
    await form.getByLabel('Email', { exact: true }).fill('');
    await form.getByLabel('WhatsApp number').fill('0809 777 8888');
    await form.getByLabel('Contact me by email or WhatsApp about a place on this waitlist.').check();
    expect(await axeViolations(page)).toEqual([]);
    await shot(page.locator('.slot-picker'), 'time-waitlist-join-1280');
    await form.getByRole('button', { name: 'Join the waitlist' }).click();
    await page.getByRole('status').filter({ hasText: 'You are on the waitlist' }).waitFor();
    // He confirms by replying on WhatsApp from the number he gave (Meta's signed webhook).
    const reply = await metaWebhook(whatsappDigits('0809 777 8888'), 'Yes', WHATSAPP.appSecret);
    const replied = await fetch(`${baseUrl}/api/whatsapp/webhook`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Hub-Signature-256': reply.signature },
      body: reply.body,
    });
    expect(replied.status).toBe(200);

    await signIn(page, `${paths.admin}/calendar?date=${day}`);
    await page.getByRole('link', { name: '1 waiting' }).click();
    await page.getByRole('heading', { level: 1, name: 'Waitlist' }).waitFor();
    const entry = page.getByRole('listitem').filter({ hasText: 'Emeka Obi' });
    await entry.waitFor();
    expect(await entry.textContent()).toContain('Swedish with any therapist');
    expect(await entry.textContent()).toContain('Morning (09:00–12:00)');
    expect(await entry.textContent()).toContain('None');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'admin-waitlist-1280');

    // Nothing is free in his morning: offering by hand says so.
    await entry.getByRole('button', { name: 'Offer this place' }).click();
    await entry.getByLabel('Time').selectOption('10:00');
    await entry.getByRole('button', { name: 'Offer it' }).click();
    await page.getByText(timeWaitlistMessages.notAvailable).waitFor();

    page.once('dialog', (dialog) => void dialog.accept());
    await entry.getByRole('button', { name: 'Cancel' }).click();
    await entry.getByRole('button', { name: 'Remove' }).click();
    await page.getByText('Emeka Obi is off the waitlist.').waitFor();
    await page.getByText('Nobody is waiting for this day.').waitFor();
    expect(problems.filter((problem) => !problem.includes('409'))).toEqual([]);
    await page.context().close();
  });
});
