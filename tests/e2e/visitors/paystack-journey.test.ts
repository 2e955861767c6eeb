// The booking journey with a Paystack key set: the built site talks over HTTP to the fake Paystack
// (tests/fakes), exactly as it would talk to api.paystack.co, and the browser pays on its hosted
// checkout page. The other journeys run the keyless TEST MODE checkout.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type RunningSite, startBuiltSite } from '../../../scripts/lib/wrangler';
import { paths } from '../../../web/config/paths';
import { addDays, formatAppointment, lagosDate } from '../../../worker/shared/time';
import { confirmBooking, fillBooking, openPrepaidCodes, placesLeft, SLOT_CAPACITY } from '../support/booking-steps';
import {
  atBothWidths,
  axeViolations,
  eventually,
  launchChromium,
  openPage,
  screenshot,
  viewports,
} from '../support/browser';
import { type FakePaystackServer, startFakePaystackServer } from '../support/fake-paystack-server';
import { emailsTo } from '../support/inbox';
import { staffCookie } from '../support/staff';

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
  writeFileSync(
    envFile,
    `${example}\nPAYSTACK_SECRET_KEY=${secretKey}\nPAYSTACK_BASE_URL=${paystack.fake.baseUrl}\nRUN_CLOCK_OFFSET_MS=${inject('runClockOffsetMs')}\n`,
  );
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

describe('a membership through Paystack', () => {
  it('is joined on /packages, renewed by a webhook, and its session used at booking', {
    timeout: 120_000,
  }, async () => {
    paystack.fake.webhookUrl = `${site.baseUrl}/api/payment/webhook`;
    // The owner adds it: the Worker makes its monthly plan at Paystack.
    const created = await fetch(`${site.baseUrl}/api/memberships`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: site.baseUrl, Cookie: await staffCookie(site.baseUrl) },
      body: JSON.stringify({
        name: 'Monthly calm',
        treatments: ['swedish'],
        sessionsPerMonth: 2,
        price: 40_000,
        shopPercent: 10,
      }),
    });
    expect(created.status).toBe(201);
    expect([...paystack.fake.subscriptions.plans.values()].map((plan) => plan.amount)).toEqual([4_000_000]);

    // axe runs as an inline script: the test's browser lets it past the site's CSP.
    const { page, problems } = await openPage(browser, site.baseUrl, viewports.phone, { bypassCSP: true });
    await page.goto(paths.packages);
    const form = page.getByRole('form', { name: 'Join a membership' });
    await form.getByRole('radio', { name: /Monthly calm/ }).check();
    expect(await form.textContent()).toContain(
      'Memberships renew monthly by card. Paying by transfer? Choose a package instead.',
    );
    await form.getByLabel('Your name').fill('Funke Akin');
    await form.getByLabel('Your email').fill('funke@example.com');
    await form.getByLabel('Your WhatsApp number').fill('0803 222 3333');
    await eventually(() => form.locator('.package-form__total').textContent()).toBe('You pay ₦40,000 a month');
    await page.getByRole('heading', { name: 'Become a member' }).scrollIntoViewIfNeeded();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'membership-join-390');
    await form.getByRole('button', { name: 'Join membership' }).click();
    await page.waitForURL(`${paystack.fake.baseUrl}/checkout/**`);
    expect(paystack.fake.initializeCalls.at(-1)?.body).toMatchObject({ channels: ['card'], amount: 4_000_000 });
    await page.getByRole('button', { name: 'Pay NGN 40,000' }).click();
    await page.waitForURL(/\/package-confirmation\?trxref=MB-/);
    await eventually(() => page.locator('h1').textContent()).toBe('Thank you, Funke!');
    expect(await page.locator('.confirmation').textContent()).toContain('Monthly calm');
    await atBothWidths(page, 'membership-confirmed');

    // Its code, from the welcome email; a month later Paystack renews it (sessions 2 → 4).
    await eventually(
      async () => (await emailsTo(site.baseUrl, 'funke@example.com', /Welcome to Monthly calm/)).length,
    ).toBe(1);
    const [welcome] = await emailsTo(site.baseUrl, 'funke@example.com', /Welcome to Monthly calm/);
    const code = /\b[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}\b/.exec(welcome?.text ?? '')?.[0] ?? '';
    const subscription = paystack.fake.subscriptions.subscriptionOf('funke@example.com');
    await paystack.fake.deliver(await paystack.fake.subscriptions.renewal(subscription));
    expect(paystack.fake.webhookStatuses.slice(-3)).toEqual([200, 200, 200]);
    const check = async () =>
      (await (
        await fetch(`${site.baseUrl}/api/packages/check`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ code }),
        })
      ).json()) as { sessionsLeft: number };
    expect(await check()).toMatchObject({ sessionsLeft: 4 });

    // A session used: a Swedish massage, nothing to pay.
    await page.setViewportSize(viewports.desktop);
    await page.goto(paths.booking);
    await page.getByLabel('Swedish').check();
    await page.getByLabel('Date', { exact: true }).fill(addDays(lagosDate(new Date()), 8));
    await page.locator('.slot:has(input[value="10:00"])').click();
    await page.getByLabel('Full name').fill('Funke Akin');
    await page.getByLabel('Email address').fill('funke@example.com');
    await page.getByLabel('Phone number').fill('0803 222 3333');
    const dialog = await confirmBooking(page);
    await openPrepaidCodes(dialog);
    await dialog.getByLabel('Package').fill(code);
    await dialog.getByRole('button', { name: 'Use sessions' }).click();
    await eventually(() => dialog.locator('.payment-dialog__total').textContent()).toContain('₦0');
    await dialog.getByRole('button', { name: 'Make Payment' }).click();
    await page.waitForURL(/\/booking-confirmation-pg\?trxref=BK-/);
    await eventually(() => page.locator('h1').textContent()).toBe('Thank you, Funke!');
    expect(await check()).toMatchObject({ sessionsLeft: 3 });
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
