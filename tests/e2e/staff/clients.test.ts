// Clients in the browser: staff find a person as they type, open their record from the list or
// from a booking, and the owner downloads their data and erases them.
import { describe, expect, inject, it } from 'vitest';
import { paths } from '../../../web/config/paths';
import { addDays, formatAppointment, lagosDate } from '../../../worker/shared/time';
import { axeViolations, eventually, openPage, screenshot, sharedChromium, viewports } from '../support/browser';
import { payBookingOverHttp } from '../support/pay-over-http';
import { signIn, staffCookie, upcomingPageWith } from '../support/staff';

const baseUrl = inject('baseUrl');
const browser = sharedChromium();

describe('the Clients screen', () => {
  it.each([
    ['phone', viewports.phone, 50],
    ['desktop', viewports.desktop, 51],
  ] as const)('finds a client as staff type and opens their record (%s)', async (_, viewport, days) => {
    const date = addDays(lagosDate(new Date()), days);
    const name = `Yetunde Client${days}`;
    await payBookingOverHttp(baseUrl, name, date, '09:00', {
      customerEmail: `yetunde${days}@example.com`,
      customerPhone: `0809 555 00${days}`,
      healthConditions: ['Arthritis'],
      referralSource: 'Word of Mouth',
    });
    const { page, problems } = await openPage(browser(), baseUrl, viewport, { bypassCSP: true });
    await signIn(page, `${paths.admin}/clients`);
    await page.getByRole('heading', { name: 'Clients' }).waitFor();
    await page.getByLabel('Search clients').fill(`555 00${days}`);
    const link = page.getByRole('link', { name });
    // Once the list follows the search: the header and one client.
    await eventually(() => page.getByRole('row').count()).toBe(2);
    await link.waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, `admin-clients-${viewport.width}`, 'viewport');
    await link.click();
    await page.getByRole('heading', { name, level: 1 }).waitFor();
    const visits = page.getByRole('region', { name: 'Visits' });
    expect(await visits.textContent()).toContain('Arthritis');
    expect(await page.getByRole('region', { name: 'Contact' }).textContent()).toContain('Word of Mouth');
    await page.getByLabel(`Notes on ${name}`).fill('Prefers the afternoon');
    await page.getByRole('button', { name: 'Save notes' }).click();
    await eventually(() => page.getByRole('status').textContent()).toBe('Notes saved.');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, `admin-client-${viewport.width}`);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});

describe('erasing a client', () => {
  it('from a booking to its client, their data downloaded, then erased; the booking stays as Erased client', async () => {
    const date = addDays(lagosDate(new Date()), 52);
    const name = 'Olamide Forgetme';
    const { reference } = await payBookingOverHttp(baseUrl, name, date, '10:00', {
      customerEmail: 'olamide.forgetme@example.com',
      customerPhone: '0809 777 1212',
    });
    const { page, problems } = await openPage(browser(), baseUrl, viewports.desktop, { bypassCSP: true });
    await signIn(page, await upcomingPageWith(baseUrl, (booking) => booking.paymentReference === reference));
    const row = page.getByRole('listitem').filter({ hasText: formatAppointment(date, '10:00') });
    await row.getByRole('button', { name: 'Details' }).click();
    await row.getByRole('link', { name: `Open ${name}’s record` }).click();
    await page.getByRole('heading', { name, level: 1 }).waitFor();

    // The owner's copy: the JSON file, with the booking in it.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download their data (JSON)' }).click(),
    ]);
    const saved = await download.path();
    const { readFileSync } = await import('node:fs');
    expect(JSON.parse(readFileSync(saved, 'utf8')).client.name).toBe(name);

    page.once('dialog', (dialog) => dialog.accept());
    await page.getByRole('button', { name: 'Erase this client' }).click();
    await eventually(() => page.getByRole('status').textContent()).toBe(`${name} is erased.`);
    await screenshot(page, 'admin-client-erased-1280', 'viewport');
    const cookie = await staffCookie(baseUrl);
    const left = await (await fetch(`${baseUrl}/api/clients?q=forgetme`, { headers: { Cookie: cookie } })).json();
    expect(left).toEqual([]);
    // Other journeys add bookings before it: the page of the list that holds it.
    await page.goto(await upcomingPageWith(baseUrl, (booking) => booking.paymentReference === reference));
    await eventually(() =>
      page
        .getByRole('listitem')
        .filter({ hasText: formatAppointment(date, '10:00') })
        .textContent(),
    ).toContain('Erased client');
    expect(await page.content()).not.toContain(name);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});

describe('how long health answers are kept', () => {
  it.each([
    ['phone', viewports.phone],
    ['desktop', viewports.desktop],
  ] as const)('is a setting on the Schedule screen (%s)', async (_, viewport) => {
    const { page, problems } = await openPage(browser(), baseUrl, viewport, { bypassCSP: true });
    await signIn(page, `${paths.admin}/schedule`);
    const panel = page.getByRole('region', { name: 'Clients’ health answers' });
    const field = panel.getByLabel('Months after the visit');
    await eventually(() => field.inputValue()).toBe('12');
    await field.fill('0');
    await panel.getByRole('button', { name: 'Save' }).click();
    await eventually(() => panel.getByRole('alert').textContent()).toBe(
      'Keep health answers for 1 to 120 months after the visit.',
    );
    await field.fill('12');
    await panel.getByRole('button', { name: 'Save' }).click();
    await eventually(() => page.getByRole('status').first().textContent()).toBe(
      'Health answers are now erased 12 months after each visit.',
    );
    expect(await axeViolations(page)).toEqual([]);
    await panel.scrollIntoViewIfNeeded();
    await screenshot(page, `admin-health-retention-${viewport.width}`, 'viewport');
    expect(problems.filter((problem) => !problem.includes('400'))).toEqual([]);
    await page.context().close();
  });
});
