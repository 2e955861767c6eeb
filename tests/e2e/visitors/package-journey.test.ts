// A package's life in Chromium: the owner puts one on sale, a visitor buys it on
// /packages through the test checkout, its code comes by email, and two of its sessions are
// booked: one wholly on the package (no payment page), one beside a paid treatment. 390 and
// 1280 px, with axe.
import { describe, expect, inject, it } from 'vitest';
import { paths } from '../../../web/config/paths';
import { addDays, lagosDate } from '../../../worker/shared/time';
import { confirmBooking, openPrepaidCodes } from '../support/booking-steps';
import {
  atBothWidths,
  axeViolations,
  eventually,
  openPage,
  screenshot,
  sharedChromium,
  viewports,
} from '../support/browser';
import { emailsTo } from '../support/inbox';
import { staffCookie } from '../support/staff';

const baseUrl = inject('baseUrl');
const browser = sharedChromium();

/** Puts a package on sale as the owner's Packages screen does (over HTTP: that screen has its own test). */
async function putOnSale(body: Record<string, unknown>) {
  const response = await fetch(`${baseUrl}/api/packages`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: baseUrl, Cookie: await staffCookie(baseUrl) },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(201);
}

describe('a package', () => {
  it('is bought on /packages and two of its sessions booked', { timeout: 120_000 }, async () => {
    await putOnSale({ name: 'Swedish trio', treatments: ['swedish'], sessions: 3, price: 63_000, validMonths: 6 });
    const { page, problems } = await openPage(browser(), baseUrl, viewports.phone, { bypassCSP: true });

    // The page lists it with the price of a session and the saving (3 × ₦25,000 = ₦75,000).
    await page.goto(paths.packages);
    await page.getByRole('heading', { level: 1, name: 'More calm, for less' }).waitFor();
    const form = page.getByRole('form', { name: 'Buy a package' });
    const choice = form.getByRole('radio', { name: /Swedish trio/ });
    await choice.check();
    const card = form.locator('label', { hasText: 'Swedish trio' });
    expect(await card.textContent()).toContain('₦21,000 a session');
    expect(await card.textContent()).toContain('You save ₦12,000 against single visits');
    await form.getByRole('button', { name: 'Buy package' }).click();
    await eventually(() => form.getByText('Please enter your full name').isVisible()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await form.getByLabel('Your name').fill('Bisi Adeyemi');
    await form.getByLabel('Your email').fill('bisi@example.com');
    await form.getByLabel('Your WhatsApp number').fill('0802 555 0101');
    await eventually(() => form.locator('.package-form__total').textContent()).toBe('You pay ₦63,000');
    await atBothWidths(page, 'packages');
    await form.getByRole('button', { name: 'Buy package' }).click();
    await page.waitForURL(/\/api\/payment\/test-checkout\/PK-/);
    expect(await page.locator('body').textContent()).toContain('The Swedish trio package (3 sessions)');
    await page.getByRole('button', { name: /Pay/ }).click();
    await page.waitForURL(/\/package-confirmation\?trxref=PK-/);
    await eventually(() => page.locator('h1').textContent()).toBe('Thank you, Bisi!');
    expect(await page.locator('.confirmation').textContent()).toContain('Swedish trio');
    await atBothWidths(page, 'package-confirmed');

    // The code, as Bisi reads it in her email.
    await eventually(async () => (await emailsTo(baseUrl, 'bisi@example.com', /package/)).length).toBe(1);
    const [email] = await emailsTo(baseUrl, 'bisi@example.com', /package/);
    const code = /\b[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}\b/.exec(email?.text ?? '')?.[0] ?? '';
    expect(code).not.toBe('');

    // First session: a Swedish massage wholly on the package, no payment page.
    await page.getByRole('link', { name: 'Book a session' }).click();
    await page.getByLabel('Swedish').check();
    await page.getByLabel('Date', { exact: true }).fill(addDays(lagosDate(new Date()), 4));
    await page.locator('.slot:has(input[value="11:00"])').click();
    await page.getByLabel('Full name').fill('Bisi Adeyemi');
    await page.getByLabel('Email address').fill('bisi@example.com');
    await page.getByLabel('Phone number').fill('0802 555 0101');
    const dialog = await confirmBooking(page);
    await openPrepaidCodes(dialog);
    await dialog.getByLabel('Package').fill(code.toLowerCase());
    await dialog.getByRole('button', { name: 'Use sessions' }).click();
    await eventually(() => dialog.getByRole('status').last().textContent()).toContain(
      'Package applied: 1 of your 3 sessions pay for this visit',
    );
    await eventually(() => dialog.locator('.payment-dialog__total').textContent()).toContain('₦0');
    expect(await dialog.locator('.payment-dialog__totals').textContent()).toContain('Package (1 session)−₦25,000');
    await atBothWidths(page, 'package-booking', 'viewport');
    await dialog.getByRole('button', { name: 'Make Payment' }).click();
    await page.waitForURL(/\/booking-confirmation-pg\?trxref=BK-/);
    await eventually(() => page.locator('h1').textContent()).toBe('Thank you, Bisi!');

    // Second session beside a paid Hot Stone (₦30,000): only the Hot Stone goes to the checkout.
    await page.setViewportSize(viewports.desktop);
    await page.goto(paths.booking);
    await page.getByLabel('Swedish').check();
    await page.getByLabel('Hot Stone').check();
    await page.getByLabel('Date', { exact: true }).fill(addDays(lagosDate(new Date()), 5));
    await page.locator('.slot:has(input[value="13:00"])').click();
    await page.getByLabel('Full name').fill('Bisi Adeyemi');
    await page.getByLabel('Email address').fill('bisi@example.com');
    await page.getByLabel('Phone number').fill('0802 555 0101');
    const second = await confirmBooking(page);
    await openPrepaidCodes(second);
    await second.getByLabel('Package').fill(code);
    await second.getByRole('button', { name: 'Use sessions' }).click();
    await eventually(() => second.getByRole('status').last().textContent()).toContain('1 of your 2 sessions');
    await eventually(() => second.locator('.payment-dialog__total').textContent()).toContain('₦30,000');
    await screenshot(page, 'package-mixed-booking-1280', 'viewport');
    await second.getByRole('button', { name: 'Make Payment' }).click();
    await page.waitForURL(/\/api\/payment\/test-checkout\/BK-/);
    await page.getByRole('button', { name: /Pay/ }).click();
    await page.waitForURL(/\/booking-confirmation-pg\?trxref=BK-/);
    await eventually(() => page.locator('h1').textContent()).toBe('Thank you, Bisi!');

    const left = await fetch(`${baseUrl}/api/packages/check`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ code }),
    });
    expect(await left.json()).toMatchObject({ name: 'Swedish trio', sessionsLeft: 1 });
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
