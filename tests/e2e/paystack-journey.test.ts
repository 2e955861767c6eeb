// The booking journey with a Paystack key set: the built site talks over HTTP to the fake Paystack
// (tests/fakes), exactly as it would talk to api.paystack.co, and the browser pays on its hosted
// checkout page. The other journeys run the keyless TEST MODE checkout.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningSite, startBuiltSite } from '../../scripts/lib/wrangler';
import { paths } from '../../web/config/paths';
import { addDays, formatAppointment, lagosDate } from '../../worker/shared/time';
import { confirmBooking, fillBooking, placesLeft, SLOT_CAPACITY } from './booking-steps';
import { eventually, launchChromium, openPage, screenshot, viewports } from './browser';
import { type FakePaystackServer, startFakePaystackServer } from './fake-paystack-server';

const secretKey = 'sk_test_e2e_fake_key';
let paystack: FakePaystackServer;
let site: RunningSite;
let browser: Browser;
let envDir: string;

beforeAll(async () => {
  paystack = await startFakePaystackServer(secretKey);
  envDir = mkdtempSync(join(tmpdir(), 'spa-env-'));
  const envFile = join(envDir, '.dev.vars');
  // Live mode, as in production: Paystack with its key (here the fake's).
  const example = readFileSync('.dev.vars.example', 'utf8')
    .replace(/^PAYSTACK_SECRET_KEY=.*$/m, '')
    .replace(/^PAYMENT_MODE=.*$/m, 'PAYMENT_MODE=live');
  writeFileSync(envFile, `${example}\nPAYSTACK_SECRET_KEY=${secretKey}\nPAYSTACK_BASE_URL=${paystack.fake.baseUrl}\n`);
  site = await startBuiltSite(envFile);
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await site?.stop();
  await paystack?.close();
  if (envDir) rmSync(envDir, { recursive: true, force: true });
});

describe('paying through Paystack', () => {
  it('initializes at Paystack, pays on its checkout and records one booking when the webhook beats the callback', async () => {
    paystack.fake.webhookUrl = `${site.baseUrl}/api/payment/webhook`;
    const { page, problems } = await openPage(browser, site.baseUrl, viewports.phone);
    const date = addDays(lagosDate(new Date()), 4);
    await page.goto(paths.booking);
    await fillBooking(page, date, '14:00');
    const dialog = await confirmBooking(page);
    await dialog.getByRole('button', { name: 'Make Payment' }).click();

    await page.waitForURL(`${paystack.fake.baseUrl}/checkout/**`);
    const [call] = paystack.fake.initializeCalls;
    expect(call?.authorization).toBe(`Bearer ${secretKey}`);
    expect(call?.body).toMatchObject({
      email: 'ada@example.com',
      amount: 5_500_000,
      currency: 'NGN',
      callback_url: `${site.baseUrl}${paths.bookingConfirmation}`,
    });
    expect(await page.locator('h1').textContent()).toBe('Pay NGN 55,000');
    expect(await page.locator('body').textContent()).not.toContain('TEST MODE');
    expect((await placesLeft(site.baseUrl, date))['14:00']).toBe(SLOT_CAPACITY - 1); // the hold
    await screenshot(page, 'paystack-checkout-390');

    await page.getByRole('button', { name: 'Pay NGN 55,000' }).click();
    await page.waitForURL(/\/booking-confirmation-pg\?trxref=BK-/);
    expect(paystack.fake.webhookStatuses).toEqual([200]); // delivered before the redirect
    await eventually(() => page.locator('h1').textContent()).toBe('Thank you, Ada!');
    const details = await page.locator('.confirmation__details').textContent();
    expect(details).toContain(formatAppointment(date, '14:00'));
    expect(details).toContain('₦55,000');
    expect(details).toContain(String(call?.body.reference));
    // The webhook and the callback both confirmed the payment: one booking holds one place.
    expect((await placesLeft(site.baseUrl, date))['14:00']).toBe(SLOT_CAPACITY - 1);
    await screenshot(page, 'paystack-confirmed-390');

    // The visitor cancels from the manage link: the site asks Paystack to refund the transaction.
    await page.getByRole('link', { name: 'Manage booking' }).click();
    await page.getByRole('button', { name: 'Cancel booking' }).click();
    await page.getByRole('button', { name: 'Yes, cancel booking' }).click();
    await eventually(() => page.locator('h1').textContent()).toBe('Your booking is cancelled');
    expect(paystack.fake.refundCalls).toEqual([{ transaction: call?.body.reference }]);
    const refunded = await page.locator('.confirmation__details').textContent();
    expect(refunded).toContain('₦55,000, on its way back to the card or account you paid with');
    expect(refunded).not.toContain('TEST MODE');
    expect((await placesLeft(site.baseUrl, date))['14:00']).toBe(SLOT_CAPACITY);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('books a visitor who paid and closed the tab, from a signed webhook alone', async () => {
    paystack.fake.webhookUrl = undefined;
    const { page } = await openPage(browser, site.baseUrl, viewports.desktop);
    const date = addDays(lagosDate(new Date()), 5);
    await page.goto(paths.booking);
    await fillBooking(page, date, '15:00');
    const dialog = await confirmBooking(page);
    await dialog.getByRole('button', { name: 'Make Payment' }).click();
    await page.waitForURL(`${paystack.fake.baseUrl}/checkout/**`);
    const reference = String(paystack.fake.initializeCalls.at(-1)?.body.reference);
    await page.context().close(); // paid at Paystack, never came back

    paystack.fake.settle(reference, 'success');
    const post = (body: string, signature: string) =>
      fetch(`${site.baseUrl}/api/payment/webhook`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'x-paystack-signature': signature },
        body,
      });
    const forged = await paystack.fake.webhook(reference, 'sk_test_not_the_studio');
    expect((await post(forged.body, forged.signature)).status).toBe(401);
    const signed = await paystack.fake.webhook(reference);
    const deliveries = await Promise.all([1, 2, 3].map(() => post(signed.body, signed.signature)));
    expect(deliveries.map((response) => response.status)).toEqual([200, 200, 200]);
    // Paystack retries: three deliveries, one booking (the hold became it; no extra place taken).
    expect((await placesLeft(site.baseUrl, date))['15:00']).toBe(SLOT_CAPACITY - 1);
    const verify = await fetch(`${site.baseUrl}/api/payment/verify`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ reference }),
    });
    // Asked without the paying browser's key (its tab is gone): paid, and nothing more.
    expect(await verify.json()).toEqual({ status: true, data: { reference, kind: 'booking', paid: true } });
  });

  it('shows the failure page when the visitor cancels at Paystack, and frees the place', async () => {
    const { page } = await openPage(browser, site.baseUrl, viewports.desktop);
    const date = addDays(lagosDate(new Date()), 6);
    await page.goto(paths.booking);
    await fillBooking(page, date, '11:00');
    const dialog = await confirmBooking(page);
    await dialog.getByRole('button', { name: 'Make Payment' }).click();
    await page.waitForURL(`${paystack.fake.baseUrl}/checkout/**`);
    await page.getByRole('button', { name: 'Cancel payment' }).click();
    await page.waitForURL(/\/booking-confirmation-pg/);
    await eventually(() => page.locator('h1').textContent()).toBe('Payment Verification Failed');
    expect((await placesLeft(site.baseUrl, date))['11:00']).toBe(SLOT_CAPACITY);
    await screenshot(page, 'paystack-cancelled-1280');
    await page.context().close();
  });
});
