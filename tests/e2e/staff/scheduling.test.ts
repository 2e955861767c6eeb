// Therapists, visit lengths and the staff Calendar in Chromium, on the built site: a visitor books
// two treatments with "Any therapist" and sees when the visit ends; the receptionist takes a phone
// booking from a free time on the Calendar, after which the website offers that time only with the
// other therapist; a therapist's day off empties their times; the Calendar at 390 and 1280 px.
import { describe, expect, inject, it } from 'vitest';
import { paths } from '../../../web/config/paths';
import { formatVisit } from '../../../worker/shared/bookings/schedule';
import { addDays, formatDate, lagosDate } from '../../../worker/shared/time';
import { confirmBooking } from '../support/booking-steps';
import {
  axeViolations,
  eventually,
  openPage,
  screenshot,
  sharedChromium,
  type Viewport,
  viewports,
} from '../support/browser';
import { payBookingOverHttp } from '../support/pay-over-http';
import { signIn } from '../support/staff';

const baseUrl = inject('baseUrl');
const browser = sharedChromium();
const open = (viewport: Viewport) => openPage(browser(), baseUrl, viewport, { bypassCSP: true });

interface Day {
  durationMinutes: number;
  slots: Array<{ time: string; left: number; therapists: string[] }>;
}

async function availability(date: string, query = ''): Promise<Day> {
  const response = await fetch(`${baseUrl}/api/availability?date=${date}${query}`);
  expect(response.status).toBe(200);
  return (await response.json()) as Day;
}

const slotAt = (day: Day, time: string) => day.slots.find((slot) => slot.time === time);

describe('booking a visit by its length', () => {
  it('books two treatments with "Any therapist" and shows when the visit ends, there and on the confirmation', async () => {
    const date = addDays(lagosDate(new Date()), 41);
    const { page, problems } = await open(viewports.phone);
    await page.goto(paths.booking);
    await page.getByLabel('Swedish').check();
    await page.getByLabel('Hot Stone').check();
    await expect.poll(() => page.getByLabel('Therapist', { exact: true }).inputValue()).toBe('any');
    await page.getByLabel('Date', { exact: true }).fill(date);
    // A 150-minute visit cannot start at 16:00 or 17:00: it would end after the therapists' 18:00.
    await expect.poll(() => page.locator('.slot:has(input[value="16:00"]) input').isDisabled()).toBe(true);
    await page.locator('.slot:has(input[value="10:00"])').click();
    await eventually(() => page.locator('.booking-form__visit').textContent()).toBe('Your visit: 10:00 AM – 12:30 PM');
    await page.getByLabel('Full name').fill('Ada Obi');
    await page.getByLabel('Email address').fill('ada@example.com');
    await page.getByLabel('Phone number').fill('0803 123 4567');
    await page.getByLabel('Therapist', { exact: true }).scrollIntoViewIfNeeded();
    await screenshot(page, 'booking-visit-length-390', 'viewport');
    const dialog = await confirmBooking(page);
    await dialog.getByRole('button', { name: 'Make Payment' }).click();
    await page.waitForURL(/\/api\/payment\/test-checkout\//);
    await page.getByRole('button', { name: /Pay/ }).click();
    await page.waitForURL(/\/booking-confirmation-pg\?trxref=/);
    await eventually(() => page.locator('h1').textContent()).toBe('Thank you, Ada!');
    const details = await page.locator('.confirmation').textContent();
    expect(details).toContain(formatVisit(date, '10:00', 150));
    expect(details).toMatch(/Therapist\s*Therapist [12]/);
    // The calendar event spans the whole visit (09:00 to 11:30 UTC) and names the therapist.
    const calendar = new URL(
      (await page.getByRole('link', { name: 'Add to Google Calendar' }).getAttribute('href')) ?? '',
    );
    const day = date.replace(/-/g, '');
    expect(calendar.searchParams.get('dates')).toBe(`${day}T090000Z/${day}T113000Z`);
    expect(calendar.searchParams.get('details')).toMatch(/ with Therapist [12]\./);
    await screenshot(page, 'booking-confirmed-length-390');
    expect(problems).toEqual([]);
    await page.context().close();
  });
});

describe('the staff Calendar', () => {
  it('takes a phone booking from a free time, after which the website offers that time only with the other therapist', async () => {
    const date = addDays(lagosDate(new Date()), 43);
    // A booking already there, to show on the Calendar beside the free times.
    await payBookingOverHttp(baseUrl, 'Tolu Bakare', date, '10:00');
    const { page, problems } = await open(viewports.desktop);
    await signIn(page, `${paths.admin}/calendar`);
    await page.getByLabel('Date', { exact: true }).fill(date);
    await page.getByRole('button', { name: /^Tolu Bakare\W+10:00 AM – 11:00 AM\W+Swedish/ }).waitFor();
    await page.getByRole('button', { name: `New booking with Therapist 1 on ${formatDate(date)} at 14:00` }).click();
    const dialog = page.getByRole('dialog', { name: 'New booking' });
    await dialog.waitFor();
    expect(await dialog.getByLabel('Date').inputValue()).toBe(date);
    expect(await dialog.getByLabel('Time').inputValue()).toBe('14:00');
    await eventually(() => dialog.getByLabel('Therapist', { exact: true }).inputValue()).toBe('therapist-1');
    await screenshot(page, 'admin-new-booking-1280', 'viewport');
    await dialog.getByLabel('Client’s name').fill('Ngozi Eze');
    await dialog.getByLabel('Phone or WhatsApp number').fill('0805 222 3333');
    await dialog.getByLabel('Deep Tissue').check();
    await dialog.getByLabel('Cash at the studio').check();
    await dialog.getByRole('button', { name: 'Book' }).click();
    await eventually(() => page.getByRole('status').textContent()).toBe(
      `Ngozi Eze is booked on ${formatVisit(date, '14:00', 60)} with Therapist 1.`,
    );
    await page.getByRole('button', { name: /^Ngozi Eze\W+2:00 PM – 3:00 PM\W+Deep Tissue/ }).waitFor();
    // Each block shows its name and its time whole: inside the block, and not cut short.
    const clipped = await page.locator('button.admin-calendar__block').evaluateAll((blocks) =>
      blocks.flatMap((block) => {
        const bottom = block.getBoundingClientRect().bottom;
        return [...block.querySelectorAll<HTMLElement>('.admin-calendar__line, .admin-calendar__when')]
          .filter((line) => line.getBoundingClientRect().bottom > bottom + 0.5 || line.scrollWidth > line.clientWidth)
          .map((line) => line.textContent);
      }),
    );
    expect(clipped).toEqual([]);
    await screenshot(page, 'admin-calendar-1280');
    expect(await axeViolations(page)).toEqual([]);

    // Again for Ngozi at 14:00, with Therapist 2: the desk is asked first, and Therapist 1's 14:00 is full.
    await page.getByRole('button', { name: `New booking with Therapist 2 on ${formatDate(date)} at 14:00` }).click();
    const again = page.getByRole('dialog', { name: 'New booking' });
    await again.getByLabel('Client’s name').fill('Ngozi Eze');
    await again.getByLabel('Phone or WhatsApp number').fill('+234 805 222 3333');
    await again.getByLabel('Deep Tissue').check();
    await eventually(() => again.getByLabel('Time').locator('option[value="14:00"]').textContent()).toBe(
      '2:00 PM · 1 left',
    );
    await again.getByRole('button', { name: 'Book', exact: true }).click();
    await again
      .getByRole('alert')
      .filter({ hasText: 'Ngozi Eze already has a visit at an overlapping time' })
      .waitFor();
    expect(await again.getByRole('button', { name: 'Book anyway' }).isVisible()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'admin-new-booking-overlap-1280', 'viewport');
    await again.getByLabel('Therapist', { exact: true }).selectOption('therapist-1');
    const full = again.getByLabel('Time').locator('option[value="14:00"]');
    await eventually(() => full.textContent()).toBe('2:00 PM · full');
    expect(await full.isDisabled()).toBe(true);
    await again.getByRole('button', { name: 'Cancel' }).click();
    await again.waitFor({ state: 'detached' });

    // The website now offers 14:00 with Therapist 2 only.
    const day = await availability(date);
    expect(slotAt(day, '14:00')).toMatchObject({ left: 1, therapists: ['therapist-2'] });
    expect(slotAt(await availability(date, '&therapist=therapist-1'), '14:00')?.left).toBe(0);
    const visitor = await open(viewports.desktop);
    await visitor.page.goto(paths.booking);
    await visitor.page.getByLabel('Swedish').check();
    await eventually(() => visitor.page.getByLabel('Therapist', { exact: true }).locator('option').count()).toBe(3);
    await visitor.page.getByLabel('Therapist', { exact: true }).selectOption({ label: 'Therapist 1' });
    await visitor.page.getByLabel('Date', { exact: true }).fill(date);
    await expect.poll(() => visitor.page.locator('.slot:has(input[value="14:00"]) input').isDisabled()).toBe(true);
    await visitor.page.getByLabel('Therapist', { exact: true }).selectOption({ label: 'Therapist 2' });
    await expect.poll(() => visitor.page.locator('.slot:has(input[value="14:00"]) input').isDisabled()).toBe(false);
    expect(visitor.problems).toEqual([]);
    await visitor.page.context().close();

    // The booking opens with its details, Move and Cancel.
    await page.getByRole('button', { name: /^Ngozi Eze\W+2:00 PM – 3:00 PM\W+Deep Tissue/ }).click();
    const details = page.getByRole('dialog', { name: 'Ngozi Eze' });
    await details.getByRole('button', { name: 'Move booking' }).waitFor();
    expect(await details.textContent()).toContain('Paid in cash');
    await details.getByRole('button', { name: 'Close' }).click();

    // Therapist 1's week from that day: seven columns, the phone booking on the first.
    await page.getByRole('radio', { name: 'Week' }).check();
    await page.getByLabel('Therapist', { exact: true }).selectOption({ label: 'Therapist 1' });
    await eventually(() => page.locator('.admin-calendar__heading').count()).toBe(7);
    await page.getByRole('button', { name: /^Ngozi Eze\W+2:00 PM – 3:00 PM\W+Deep Tissue/ }).waitFor();
    await screenshot(page, 'admin-calendar-week-1280');
    expect(await axeViolations(page)).toEqual([]);
    // The desk's question about Ngozi's second visit is a 409 the browser logs.
    expect(problems.filter((problem) => !problem.includes('409'))).toEqual([]);
    await page.context().close();
  });

  it('shows one therapist at a time on a phone, and a day off shaded with no free time', async () => {
    const date = addDays(lagosDate(new Date()), 44);
    const { page, problems } = await open(viewports.phone);
    await signIn(page, `${paths.admin}/therapists`);
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Therapist 2' }) });
    const dayOff = card.getByRole('form', { name: 'Add a day off for Therapist 2' });
    await dayOff.getByLabel('Day off').fill(date);
    await dayOff.getByLabel('Reason').fill('Annual leave');
    await dayOff.getByRole('button', { name: 'Add day off' }).click();
    await eventually(() => page.getByRole('status').textContent()).toContain(
      `Therapist 2 has ${formatDate(date)} off.`,
    );
    await screenshot(page, 'admin-therapists-390');
    expect(await axeViolations(page)).toEqual([]);
    // Visitors asking for Therapist 2 find no time that day; with any therapist, Therapist 1's.
    expect((await availability(date, '&therapist=therapist-2')).slots.every((slot) => slot.left === 0)).toBe(true);
    expect(slotAt(await availability(date), '11:00')).toMatchObject({ left: 1, therapists: ['therapist-1'] });
    // The booking page crosses the day out for Therapist 2, and keeps it for any therapist.
    const visitor = await open(viewports.phone);
    await visitor.page.goto(paths.booking);
    await visitor.page.getByLabel('Swedish').check();
    await visitor.page.getByLabel('Date', { exact: true }).fill(date);
    const dayButton = visitor.page.getByRole('button', { name: new RegExp(`^\\w+,? ${Number(date.slice(8))} \\w+`) });
    await eventually(() => dayButton.isDisabled()).toBe(false);
    await visitor.page.getByLabel('Therapist', { exact: true }).selectOption({ label: 'Therapist 2' });
    await eventually(() => dayButton.getAttribute('aria-label')).toMatch(/, no time left$/);
    expect(await dayButton.isDisabled()).toBe(true);
    await dayButton.scrollIntoViewIfNeeded();
    await screenshot(visitor.page, 'booking-free-days-390', 'viewport');
    expect(await axeViolations(visitor.page)).toEqual([]);
    expect(visitor.problems).toEqual([]);
    await visitor.page.context().close();

    await page.goto(`${paths.admin}/calendar`);
    await page.getByLabel('Date', { exact: true }).fill(date);
    await page.getByLabel('Therapist', { exact: true }).selectOption({ label: 'Therapist 2' });
    await eventually(() => page.locator('.admin-calendar__heading').allTextContents()).toEqual([
      'Therapist 2Day off: Annual leave',
    ]);
    expect(await page.locator('.admin-calendar__free').count()).toBe(0);
    await page.getByLabel('Therapist', { exact: true }).selectOption({ label: 'Therapist 1' });
    await eventually(() => page.locator('.admin-calendar__free').count()).toBe(9);
    await screenshot(page, 'admin-calendar-390');
    expect(await axeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
