// A gift voucher's whole life in Chromium: bought for a friend on the Gift vouchers page, sent by
// the cron on its date, its printable card, part of it spent on a booking (no payment page: it
// covers the booking) and the rest on an order (Paystack's test checkout takes the difference),
// then the staff's Gift Vouchers screen. Every screen at 390 px and 1280 px, with axe.
import { describe, expect, inject, it } from 'vitest';
import { paths } from '../../../web/config/paths';
import { formatNaira } from '../../../worker/shared/money';
import { addDays, lagosDate, lagosToUtc } from '../../../worker/shared/time';
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
import { RECEPTIONIST } from '../support/global-setup';
import { emailsTo } from '../support/inbox';
import { signIn, staffCookie } from '../support/staff';

const baseUrl = inject('baseUrl');
const browser = sharedChromium();

/** The cron's run as the platform would trigger it at `time` (wrangler dev's own trigger). */
async function runCron(time: Date) {
  const response = await fetch(`${baseUrl}/cdn-cgi/local/scheduled?cron=*/15+*+*+*+*&time=${time.getTime()}`);
  expect(response.status).toBe(200);
}

interface StaffVoucher {
  _id: string;
  last4: string;
  recipientName: string;
  balance: number;
  state: string;
}

async function staffVouchers(query = ''): Promise<StaffVoucher[]> {
  const response = await fetch(`${baseUrl}/api/vouchers?q=${encodeURIComponent(query)}`, {
    headers: { Cookie: await staffCookie(baseUrl) },
  });
  return ((await response.json()) as { vouchers: StaffVoucher[] }).vouchers;
}

describe('a gift voucher', () => {
  it('is bought for a friend, delivered on its date, and spent on a booking and an order', {
    timeout: 120_000,
  }, async () => {
    const tomorrow = addDays(lagosDate(new Date()), 1);
    const { page, problems } = await openPage(browser(), baseUrl, viewports.phone, { bypassCSP: true });

    // Buying: a preset amount, the friend by email and WhatsApp, a message, tomorrow.
    await page.goto(paths.giftVouchers);
    await page.getByRole('heading', { level: 1, name: 'Give the gift of calm' }).waitFor();
    const form = page.getByRole('form', { name: 'Buy a gift voucher' });
    await form.getByRole('button', { name: 'Buy gift voucher' }).click();
    await eventually(() => form.getByText('Please enter the recipient’s name').isVisible()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'gift-vouchers-errors-390');
    await form.getByLabel('₦50,000').check();
    await form.getByLabel('Recipient’s name').fill('Zainab Musa');
    await form.getByLabel('Recipient’s email').fill('zainab@example.com');
    await form.getByLabel('Recipient’s WhatsApp number').fill('0805 111 2222');
    await form.getByLabel('Your message (optional)').fill('Happy birthday, Zainab! Enjoy a quiet hour.');
    await form.getByLabel('Delivery date').fill(tomorrow);
    await form.getByLabel('Your name').fill('Ngozi Eze');
    await form.getByLabel('Your email').fill('ngozi@example.com');
    await eventually(() => form.locator('.gift-voucher-form__total').textContent()).toBe('You pay ₦50,000');
    await screenshot(page, 'gift-vouchers-390');
    await form.getByRole('button', { name: 'Buy gift voucher' }).click();
    await page.waitForURL(/\/api\/payment\/test-checkout\/GV-/);
    expect(await page.locator('body').textContent()).toContain('A gift voucher for Zainab Musa');
    await page.getByRole('button', { name: /Pay/ }).click();
    await page.waitForURL(/\/gift-voucher-confirmation\?trxref=GV-/);
    await eventually(() => page.locator('h1').textContent()).toBe('Thank you, Ngozi!');
    expect(await page.locator('.confirmation').textContent()).toContain('Zainab Musa');
    await atBothWidths(page, 'gift-voucher-confirmed');

    // Not before its day; on it, from 08:00 Lagos, the cron sends it.
    const [bought] = await staffVouchers('Zainab');
    // No code before its day: it is made when the voucher is sent.
    expect(bought).toMatchObject({ balance: 50_000, state: 'to deliver', last4: '' });
    await runCron(lagosToUtc(tomorrow, '08:15'));
    await eventually(async () => (await staffVouchers('Zainab'))[0]?.state).toBe('delivered');
    const sent = (await (
      await fetch(`${baseUrl}/api/messages?template=voucher-delivery`, {
        headers: { Cookie: await staffCookie(baseUrl) },
      })
    ).json()) as { messages: Array<{ to: string; channel: string }> };
    expect(sent.messages.map((message) => `${message.channel}:${message.to}`).sort()).toEqual([
      'email:zainab@example.com',
      expect.stringMatching(/^whatsapp:/),
    ]);

    // Zainab's email: its code, and the printable card it links to.
    await eventually(
      async () => (await emailsTo(baseUrl, 'zainab@example.com', /sent you a gift voucher/)).length,
    ).toBe(1);
    const [email] = await emailsTo(baseUrl, 'zainab@example.com', /sent you a gift voucher/);
    const code = /\b[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}\b/.exec(email?.text ?? '')?.[0] ?? '';
    const cardLink = /https?:\/\/\S+(\/gift-vouchers\/card\/[A-Za-z0-9_-]{43})/.exec(email?.text ?? '')?.[1] ?? '';
    expect(code.slice(-4)).toBe((await staffVouchers('Zainab'))[0]?.last4);
    await page.goto(cardLink);
    expect(await page.locator('.code').textContent()).toBe(code);
    await atBothWidths(page, 'gift-voucher-card');

    // Part of it on a booking: a Swedish massage (₦25,000) wholly paid by it, no payment page.
    await page.goto(paths.booking);
    await page.getByLabel('Swedish').check();
    await page.getByLabel('Date', { exact: true }).fill(addDays(lagosDate(new Date()), 3));
    await page.locator('.slot:has(input[value="14:00"])').click();
    await page.getByLabel('Full name').fill('Zainab Musa');
    await page.getByLabel('Email address').fill('zainab@example.com');
    await page.getByLabel('Phone number').fill('0805 111 2222');
    const dialog = await confirmBooking(page);
    // One field for a first-time client: the coupon; the voucher and package open from one line.
    expect(await dialog.getByLabel('Coupon code').isVisible()).toBe(true);
    expect(await dialog.getByLabel('Gift voucher').isVisible()).toBe(false);
    expect(await dialog.getByLabel('Package').isVisible()).toBe(false);
    await openPrepaidCodes(dialog);
    for (const name of ['Apply', 'Redeem', 'Use sessions']) {
      const button = dialog.getByRole('button', { name, exact: true });
      // One line: the label's text makes one box (a wrapped label makes one per line).
      const lines = await button.evaluate((element) => {
        const range = document.createRange();
        range.selectNodeContents(element);
        return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
      });
      expect(lines, name).toBe(1);
    }
    await dialog.getByLabel('Gift voucher').fill(code.toLowerCase());
    await dialog.getByRole('button', { name: 'Redeem' }).click();
    await eventually(() => dialog.getByRole('status').last().textContent()).toContain('₦50,000 available until');
    await eventually(() => dialog.locator('.payment-dialog__total').textContent()).toContain('₦0');
    expect(await dialog.locator('.payment-dialog__totals').textContent()).toContain('Gift voucher−₦25,000');
    await atBothWidths(page, 'gift-voucher-booking', 'viewport');
    await dialog.getByRole('button', { name: 'Make Payment' }).click();
    await page.waitForURL(/\/booking-confirmation-pg\?trxref=BK-/);
    await eventually(() => page.locator('h1').textContent()).toBe('Thank you, Zainab!');
    expect((await staffVouchers('Zainab'))[0]?.balance).toBe(25_000);

    // The rest on an order of ₦32,000: the voucher's ₦25,000, then ₦7,000 at the checkout.
    await page.goto(paths.shop);
    await eventually(() => page.locator('.product-card').count()).toBe(6);
    const card = page.locator('.product-card', { has: page.getByRole('heading', { name: 'All Glow Body Oil' }) });
    await card.locator('.size-picker__option', { hasText: '100ml' }).click();
    for (let added = 0; added < 2; added++) {
      await page.getByRole('button', { name: 'Add to cart: All Glow Body Oil, 100ml' }).click();
    }
    const soap = page.locator('.product-card', { has: page.getByRole('heading', { name: 'Goat Milk Bar Soap' }) });
    await soap.locator('.size-picker__option', { hasText: '100g' }).click();
    await page.getByRole('button', { name: 'Add to cart: Goat Milk Bar Soap, 100g' }).click();
    await page.locator('.cart-button').click();
    await page.getByRole('dialog', { name: 'Your cart' }).getByRole('button', { name: 'Proceed to Checkout' }).click();
    const checkout = page.getByRole('dialog', { name: 'Checkout' });
    await checkout.getByLabel('Full name').fill('Zainab Musa');
    await checkout.getByLabel('Email address').fill('zainab@example.com');
    await checkout.getByLabel('Phone number').fill('0805 111 2222');
    await checkout.getByLabel('Shipping address').fill('4 Bourdillon Road, Ikoyi, Lagos');
    await checkout.getByRole('button', { name: 'Continue to payment' }).click();
    const payment = page.getByRole('dialog', { name: 'Review and pay' });
    await payment.waitFor();
    expect(await payment.getByLabel('Membership').isVisible()).toBe(false);
    await openPrepaidCodes(payment);
    await payment.getByLabel('Gift voucher').fill(code);
    await payment.getByRole('button', { name: 'Redeem' }).click();
    await eventually(() => payment.locator('.payment-dialog__total').textContent()).toContain('₦7,000');
    await payment.getByRole('button', { name: 'Make Payment' }).click();
    await page.waitForURL(/\/api\/payment\/test-checkout\/OR-/);
    expect(await page.locator('body').textContent()).toContain('₦7,000');
    await page.getByRole('button', { name: /Pay/ }).click();
    await page.waitForURL(/\/order-confirmation-pg\?trxref=OR-/);
    await eventually(() => page.locator('h1').textContent()).toBe('Thank you, Zainab!');
    expect(await staffVouchers('Zainab')).toMatchObject([{ balance: 0, state: 'used' }]);
    expect(problems).toEqual([]);
  });

  it('shows the staff’s Gift Vouchers screen with its figures, at 1280 and 390 px', { timeout: 60_000 }, async () => {
    const figuresNow = async () =>
      (
        (await (
          await fetch(`${baseUrl}/api/vouchers`, { headers: { Cookie: await staffCookie(baseUrl) } })
        ).json()) as {
          figures: { soldThisMonth: { count: number; amount: number }; outstanding: number };
        }
      ).figures;
    const before = await figuresNow();
    // One sold at the desk for next week: no code until it is sent.
    const sold = await fetch(`${baseUrl}/api/vouchers`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: baseUrl, Cookie: await staffCookie(baseUrl) },
      body: JSON.stringify({
        amount: 20_000,
        buyerName: 'Kemi Ade',
        recipientName: 'Bola Ade',
        recipientPhone: '0803 222 3333',
        deliverOn: addDays(lagosDate(new Date()), 7),
        payment: 'transfer',
      }),
    });
    expect(await sold.json()).toMatchObject({ last4: '', amount: 20_000 });
    for (const [name, viewport] of [
      ['1280', viewports.desktop],
      ['390', viewports.phone],
    ] as const) {
      const { page } = await openPage(browser(), baseUrl, viewport, { bypassCSP: true });
      await signIn(page, `${paths.admin}/vouchers`);
      await page.getByRole('heading', { level: 1, name: 'Gift Vouchers' }).waitFor();
      const unsent = page.getByRole('row', { name: /Bola Ade/ });
      await unsent.waitFor();
      // The figures count it: one more sold this month, ₦20,000 more sold and owed.
      const figures = page.locator('dl[aria-label="Gift voucher figures"]');
      const figure = (label: string) => figures.locator('div', { hasText: label }).locator('dd').textContent();
      expect(await figure('Vouchers sold this month')).toBe(String(before.soldThisMonth.count + 1));
      expect(await figure('Sold this month for')).toBe(formatNaira(before.soldThisMonth.amount + 20_000));
      expect(await figure('Outstanding balance (owed)')).toBe(formatNaira(before.outstanding + 20_000));
      expect(await unsent.getByRole('rowheader').textContent()).toBe('Made when sent');
      expect(await page.getByText('Outstanding balance (owed)').isVisible()).toBe(true);
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, `admin-vouchers-${name}`);
      await page.getByRole('button', { name: 'Sell a voucher' }).click();
      const sell = page.getByRole('dialog', { name: 'Sell a gift voucher' });
      await sell.waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, `admin-vouchers-sell-${name}`, 'viewport');
      await page.keyboard.press('Escape');
      await page.context().close();
    }
  });
});

describe('reception’s daily limit of desk gift vouchers', () => {
  it('is set on the Schedule screen, and a desk sale past it is refused with the reason', async () => {
    const setLimit = async (naira: number) => {
      const saved = await fetch(`${baseUrl}/api/schedule-settings`, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json', Origin: baseUrl, Cookie: await staffCookie(baseUrl) },
        body: JSON.stringify({ deskVoucherDailyLimit: naira }),
      });
      expect(saved.status).toBe(200);
    };
    try {
      // The owner, at a desk, sets ₦50,000.
      const desk = await openPage(browser(), baseUrl, viewports.desktop, { bypassCSP: true });
      await signIn(desk.page, `${paths.admin}/schedule`);
      const panel = desk.page.getByRole('region', { name: 'Desk gift vouchers' });
      const field = panel.getByLabel('Naira reception may sell a day');
      await eventually(() => field.inputValue()).toBe('200000');
      await field.fill('50000');
      await panel.getByRole('button', { name: 'Save' }).click();
      await eventually(() => desk.page.getByRole('status').first().textContent()).toBe(
        'Reception may now sell up to ₦50,000 of gift vouchers a day.',
      );
      for (const viewport of [viewports.desktop, viewports.phone]) {
        await desk.page.setViewportSize(viewport);
        await panel.scrollIntoViewIfNeeded();
        expect(await axeViolations(desk.page), `axe at ${viewport.width} px`).toEqual([]);
        await screenshot(desk.page, `admin-desk-voucher-limit-${viewport.width}`, 'viewport');
      }
      expect(desk.problems).toEqual([]);
      await desk.page.context().close();

      // The receptionist, on a phone: ₦60,000 taken in cash is more than reception may sell today.
      const { page, problems } = await openPage(browser(), baseUrl, viewports.phone, { bypassCSP: true });
      await page.goto(`${paths.admin}/vouchers`);
      await page.getByLabel('Username').fill(RECEPTIONIST.email);
      await page.getByLabel('Password', { exact: true }).fill(RECEPTIONIST.password);
      await page.getByRole('button', { name: 'Login' }).click();
      await page.getByRole('heading', { level: 1, name: 'Gift Vouchers' }).waitFor();
      await page.getByRole('button', { name: 'Sell a voucher' }).click();
      const sell = page.getByRole('dialog', { name: 'Sell a gift voucher' });
      await sell.getByLabel('Amount (₦)').fill('60000');
      await sell.getByLabel('Buyer’s name').fill('Walk-in Buyer');
      await sell.getByLabel('Recipient’s name').fill('Bisi Ade');
      await sell.getByLabel('Recipient’s WhatsApp number').fill('0802 555 0000');
      await sell.getByLabel('Cash').check();
      await sell.getByRole('button', { name: 'Sell voucher' }).click();
      await eventually(() => sell.getByRole('alert').textContent()).toBe(
        'Reception may sell up to ₦50,000 of gift vouchers a day: ₦50,000 is left today, and this one is ₦60,000. A manager or the owner can sell it.',
      );
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, 'admin-vouchers-over-limit-390', 'viewport');
      expect(problems.filter((problem) => !problem.includes('409'))).toEqual([]);
      await page.context().close();
    } finally {
      await setLimit(200_000);
    }
  });
});
