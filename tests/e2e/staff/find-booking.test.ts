// The desk finds a booking from what a client reads out over the phone: the short code of its
// reference ("A3F 9C1"), typed as it is heard, on the Bookings screen.
import { describe, expect, inject, it } from 'vitest';
import { paths } from '../../../web/config/paths';
import { shortReference } from '../../../worker/shared/short-reference';
import { addDays, formatAppointment, lagosDate } from '../../../worker/shared/time';
import { axeViolations, eventually, openPage, screenshot, sharedChromium, viewports } from '../support/browser';
import { payBookingOverHttp } from '../support/pay-over-http';
import { signIn } from '../support/staff';

const baseUrl = inject('baseUrl');
const browser = sharedChromium();

describe('Find a booking', () => {
  it.each([
    ['phone', viewports.phone, 53],
    ['desktop', viewports.desktop, 54],
  ] as const)('finds a booking by the short code a client reads out, in any tab (%s)', async (_, viewport, days) => {
    const date = addDays(lagosDate(new Date()), days);
    const name = `Funke Shortcode${days}`;
    const { reference } = await payBookingOverHttp(baseUrl, name, date, '11:00', {
      customerEmail: `funke${days}@example.com`,
      customerPhone: `0809 444 00${days}`,
    });
    const code = shortReference(reference);
    const { page, problems } = await openPage(browser(), baseUrl, viewport, { bypassCSP: true });
    await signIn(page, `${paths.admin}/bookings?tab=cancelled`);
    await page.getByRole('heading', { name: 'Massage Bookings' }).waitFor();

    // Typed as heard, in small letters: every tab's matches show, the tabs set aside.
    await page.getByLabel('Find a booking').fill(code.toLowerCase());
    const found = page.getByRole('region', { name: `Massage Bookings matching “${code.toLowerCase()}”` });
    await found.waitFor();
    const rows = found.getByRole('listitem').filter({ hasText: formatAppointment(date, '11:00') });
    await eventually(() => rows.count()).toBe(1);
    expect(await found.locator('.admin-row').count()).toBe(1);
    expect(await rows.first().textContent()).toContain(name);
    expect(await page.getByRole('tab').count()).toBe(0);
    await rows.first().getByRole('button', { name: 'Details' }).click();
    expect(await found.locator('.admin-details').textContent()).toContain(`${code} (${reference})`);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, `admin-find-booking-${viewport.width}`, 'viewport');

    // The address keeps the search: a reload finds the same booking.
    await page.reload();
    await eventually(() => page.getByLabel('Find a booking').inputValue()).toBe(code.toLowerCase());
    await eventually(() => found.locator('.admin-row').count()).toBe(1);

    // Nothing matches: said so; cleared, the tabs come back.
    await page.getByLabel('Find a booking').fill('ZZZ ZZZ');
    await eventually(() => page.locator('.admin-list__empty').textContent()).toBe(
      'Nothing in any tab matches “ZZZ ZZZ”.',
    );
    await page.getByLabel('Find a booking').fill('');
    await eventually(() => page.getByRole('tab').count()).toBe(5);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
