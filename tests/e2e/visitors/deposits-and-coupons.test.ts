// Deposits and the new coupon rules in Chromium: staff set a treatment's deposit on the Menu
// screen and create a fixed-amount, limited coupon; a visitor pays the deposit and is told what is
// left for the studio; staff see what is due and mark it paid at the visit. Each screen with axe.
import { afterAll, describe, expect, inject, it } from 'vitest';
import { paths } from '../../../web/config/paths';
import { addDays, lagosDate } from '../../../worker/shared/time';
import { confirmBooking } from '../support/booking-steps';
import {
  atBothWidths,
  axeViolations,
  eventually,
  openPage,
  screenshot,
  sharedChromium,
  viewports,
} from '../support/browser';
import { TWICE_MISSED } from '../support/global-setup';
import { signIn, staffCookie } from '../support/staff';

const baseUrl = inject('baseUrl');
const browser = sharedChromium();

/** The Swedish massage goes back to being paid in full, whatever happened: the other journeys expect it. */
afterAll(async () => {
  await fetch(`${baseUrl}/api/treatments/swedish`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', Origin: baseUrl, Cookie: await staffCookie(baseUrl) },
    body: JSON.stringify({ depositPercent: 0 }),
  });
});

describe('deposits and coupons', () => {
  it('lets staff set a deposit and a fixed, limited coupon; the visitor pays the deposit; staff take the rest', {
    timeout: 120_000,
  }, async () => {
    // Staff, on a desktop: Swedish at 30% deposit.
    const staff = (await openPage(browser(), baseUrl, viewports.desktop, { bypassCSP: true })).page;
    await signIn(staff, `${paths.admin}/menu`);
    await staff.getByRole('button', { name: 'Edit Swedish' }).click();
    const treatment = staff.getByRole('dialog', { name: 'Edit Swedish' });
    await treatment.getByLabel('Deposit online, the rest at the studio').check();
    await treatment.getByLabel('Deposit (%)').fill('0');
    await treatment.getByRole('button', { name: 'Save' }).click();
    await eventually(() =>
      treatment.getByText('A deposit is a whole percent from 1 to 100, or 0 to be paid online in full.').isVisible(),
    ).toBe(true);
    await treatment.getByLabel('Deposit (%)').fill('30');
    await atBothWidths(staff, 'admin-treatment-deposit', 'viewport');
    await treatment.getByRole('button', { name: 'Save' }).click();
    await eventually(() => treatment.isVisible()).toBe(false);

    // Staff, on a phone: a ₦5,000 coupon for the shop only, 5 uses, one per customer.
    const phone = (await openPage(browser(), baseUrl, viewports.phone, { bypassCSP: true })).page;
    await signIn(phone, `${paths.admin}/coupons`);
    await phone.getByRole('button', { name: 'Create Coupon' }).click();
    const coupon = phone.getByRole('dialog', { name: 'Create New Coupon' });
    await coupon.getByLabel('Coupon code').fill('SHOP5K');
    await coupon.getByLabel('Fixed amount').check();
    await coupon.getByLabel('Discount (₦)').fill('5000');
    await coupon.getByLabel('Total uses').fill('5');
    await coupon.getByLabel('Applies to').selectOption('shop');
    await coupon.getByLabel('One use per customer (by email or phone)').check();
    await coupon.getByLabel('Expiry date').fill(addDays(lagosDate(new Date()), 30));
    await atBothWidths(phone, 'admin-coupon-form', 'viewport');
    await coupon.getByRole('button', { name: 'Create Coupon' }).click();
    await eventually(() => coupon.isVisible()).toBe(false);
    const row = phone.getByRole('row').filter({ hasText: 'SHOP5K' });
    await eventually(() => row.count()).toBe(1);
    const listed = await row.textContent();
    expect(listed).toContain('₦5,000');
    expect(listed).toContain('0 of 5');
    expect(listed).toContain('The shop only');
    await atBothWidths(phone, 'admin-coupons');

    // A visitor books Swedish: ₦7,500 now, ₦17,500 at the studio; the shop coupon is refused here.
    const { page, problems } = await openPage(browser(), baseUrl, viewports.phone, { bypassCSP: true });
    await page.goto(paths.booking);
    await page.getByLabel('Swedish').check();
    await page.getByLabel('Date', { exact: true }).fill(addDays(lagosDate(new Date()), 5));
    await page.locator('.slot:has(input[value="16:00"])').click();
    await page.getByLabel('Full name').fill('Funke Ade');
    await page.getByLabel('Email address').fill('funke@example.com');
    await page.getByLabel('Phone number').fill('0809 333 4444');
    const dialog = await confirmBooking(page);
    await eventually(() => dialog.locator('.payment-dialog__total').textContent()).toBe('Deposit to pay now₦7,500');
    expect(await dialog.locator('.payment-dialog__totals').textContent()).toContain('To pay at the studio₦17,500');
    await dialog.getByLabel('Coupon code').fill('SHOP5K');
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await eventually(() => dialog.getByRole('status').first().textContent()).toBe(
      'This coupon code is invalid or expired.',
    );
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'booking-deposit-390', 'viewport');
    await dialog.getByRole('button', { name: 'Make Payment' }).click();
    await page.waitForURL(/\/api\/payment\/test-checkout\/BK-/);
    expect(await page.locator('body').textContent()).toContain('₦7,500');
    await page.getByRole('button', { name: /Pay/ }).click();
    await page.waitForURL(/\/booking-confirmation-pg\?trxref=BK-/);
    await eventually(() => page.locator('h1').textContent()).toBe('Thank you, Funke!');
    const confirmed = await page.locator('.confirmation').textContent();
    expect(confirmed).toContain('Paid (deposit)₦7,500');
    expect(confirmed).toContain('To pay at the studio₦17,500');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'booking-deposit-confirmed-390');
    expect(problems).toEqual([]);

    // Staff see what is due, and take the rest by POS at the visit.
    await staff.goto(`${paths.admin}/bookings`);
    const booking = staff.locator('.admin-row', { hasText: 'Funke Ade' });
    await eventually(() => booking.getByText('₦17,500 due').isVisible()).toBe(true);
    await booking.getByRole('button', { name: 'Details for Funke Ade' }).click();
    await eventually(() => booking.getByText('Due at the studio').isVisible()).toBe(true);
    expect(await axeViolations(staff)).toEqual([]);
    await screenshot(staff, 'admin-booking-due-1280');
    await booking.getByRole('button', { name: 'POS' }).click();
    await eventually(() => staff.getByText('Funke Ade’s booking is marked paid (POS).').isVisible()).toBe(true);
    await eventually(() => booking.getByText('₦17,500 due').count()).toBe(0);
  });

  it('asks a client who missed two visits for payment in full, and says only that (390 px)', async () => {
    const deposit = await fetch(`${baseUrl}/api/treatments/swedish`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', Origin: baseUrl, Cookie: await staffCookie(baseUrl) },
      body: JSON.stringify({ depositPercent: 30 }),
    });
    expect(deposit.status).toBe(200);
    const { page, problems } = await openPage(browser(), baseUrl, viewports.phone, { bypassCSP: true });
    await page.goto(paths.booking);
    await page.getByLabel('Swedish').check();
    await page.getByLabel('Date', { exact: true }).fill(addDays(lagosDate(new Date()), 6));
    await page.locator('.slot:has(input[value="16:00"])').click();
    await page.getByLabel('Full name').fill(TWICE_MISSED.name);
    await page.getByLabel('Email address').fill(TWICE_MISSED.email);
    await page.getByLabel('Phone number').fill(TWICE_MISSED.phone);
    const dialog = await confirmBooking(page);
    await dialog.getByText('This booking needs payment in full').waitFor();
    expect(await dialog.textContent()).not.toMatch(/no-show|missed/i);
    await eventually(() => dialog.locator('.payment-dialog__total').textContent()).toContain('₦25,000');
    expect(await dialog.locator('.payment-dialog__totals').textContent()).not.toContain('To pay at the studio');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'booking-in-full-390', 'viewport');
    await dialog.getByRole('button', { name: 'Make Payment' }).click();
    await page.waitForURL(/\/api\/payment\/test-checkout\/BK-/);
    expect(await page.locator('body').textContent()).toContain('₦25,000');
    await page.getByRole('button', { name: /Pay/ }).click();
    await page.waitForURL(/\/booking-confirmation-pg\?trxref=BK-/);
    await eventually(() => page.locator('h1').textContent()).toBe('Thank you, Bayo!');
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
