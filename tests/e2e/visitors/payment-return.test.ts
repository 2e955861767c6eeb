// A visitor who goes back from the checkout without paying (a declined card, second thoughts):
// trying again takes no second place, and "Cancel this payment" gives the held place back at once.
import { describe, expect, inject, it } from 'vitest';
import { paths } from '../../../web/config/paths';
import { addDays, lagosDate } from '../../../worker/shared/time';
import { confirmBooking, fillBooking, placesLeft, SLOT_CAPACITY } from '../support/booking-steps';
import { axeViolations, eventually, openPage, screenshot, sharedChromium, viewports } from '../support/browser';

const baseUrl = inject('baseUrl');
const browser = sharedChromium();

describe('coming back from the checkout without paying', () => {
  it('holds one place however often the visitor retries, and gives it back on "Cancel this payment"', async () => {
    const { page, problems } = await openPage(browser(), baseUrl, viewports.phone, { bypassCSP: true });
    const date = addDays(lagosDate(new Date()), 12);
    await page.goto(paths.booking);
    await fillBooking(page, date, '15:00');

    let dialog = await confirmBooking(page);
    for (let attempt = 0; attempt < 3; attempt++) {
      await dialog.getByRole('button', { name: 'Make Payment' }).click();
      await page.waitForURL(/\/api\/payment\/test-checkout\//);
      await page.goBack();
      await page.waitForURL(/\/booking$/);
      // Back on the booking page, the payment dialog is there again.
      dialog = page.getByRole('dialog', { name: 'Review and pay' });
      await eventually(() => dialog.isVisible()).toBe(true);
      // One place held, never one per try.
      expect((await placesLeft(baseUrl, date))['15:00']).toBe(SLOT_CAPACITY - 1);
    }

    const notice = dialog.getByRole('region', { name: 'Your payment is not finished' });
    await eventually(() => notice.isVisible()).toBe(true);
    expect(await notice.textContent()).toMatch(/₦55,000 for (Swedish, Hot Stone|Hot Stone, Swedish)\./);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'booking-unfinished-payment-390', 'viewport');

    await notice.getByRole('button', { name: 'Cancel this payment' }).click();
    await eventually(() => dialog.getByRole('status').filter({ hasText: 'Payment cancelled' }).isVisible()).toBe(true);
    expect((await placesLeft(baseUrl, date))['15:00']).toBe(SLOT_CAPACITY);
    await screenshot(page, 'booking-payment-cancelled-390', 'viewport');
    // Gone for good: a reload opens no dialog.
    await page.reload();
    await eventually(() => page.getByLabel('Full name').inputValue()).toBe('Ada Obi');
    expect(await dialog.isVisible()).toBe(false);

    // And the booking can still be paid.
    dialog = await confirmBooking(page);
    await dialog.getByRole('button', { name: 'Make Payment' }).click();
    await page.waitForURL(/\/api\/payment\/test-checkout\//);
    await page.getByRole('button', { name: /Pay/ }).click();
    await page.waitForURL(/\/booking-confirmation-pg\?trxref=/);
    await eventually(() => page.locator('h1').textContent()).toBe('Thank you, Ada!');
    expect(await page.getByRole('link', { name: 'Manage booking' }).count()).toBe(1);
    expect((await placesLeft(baseUrl, date))['15:00']).toBe(SLOT_CAPACITY - 1);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('shows another browser holding the reference only that the booking is paid, never the manage link', async () => {
    const first = await openPage(browser(), baseUrl, viewports.desktop, { bypassCSP: true });
    const date = addDays(lagosDate(new Date()), 13);
    await first.page.goto(paths.booking);
    await fillBooking(first.page, date, '11:00');
    const dialog = await confirmBooking(first.page);
    await dialog.getByRole('button', { name: 'Make Payment' }).click();
    await first.page.waitForURL(/\/api\/payment\/test-checkout\//);
    await first.page.getByRole('button', { name: /Pay/ }).click();
    await first.page.waitForURL(/\/booking-confirmation-pg\?trxref=/);
    await eventually(() => first.page.locator('h1').textContent()).toBe('Thank you, Ada!');
    const confirmationUrl = first.page.url();
    await first.page.context().close();

    // Someone else with the link (shared, forwarded, read off a receipt) and a pending payment of their own.
    const other = await openPage(browser(), baseUrl, viewports.desktop, { bypassCSP: true });
    await other.page.goto(paths.booking);
    await other.page.evaluate(
      (reference) =>
        sessionStorage.setItem(
          'spa.pending-booking',
          JSON.stringify({ kind: 'booking', reference, summary: [], amount: 0 }),
        ),
      new URL(confirmationUrl).searchParams.get('reference'),
    );
    await other.page.goto(new URL(confirmationUrl).pathname + new URL(confirmationUrl).search);
    await eventually(() => other.page.locator('h1').textContent()).toBe('Your booking is confirmed');
    expect(await other.page.getByRole('link', { name: 'Manage booking' }).count()).toBe(0);
    const text = (await other.page.locator('main').textContent()) ?? '';
    expect(text).not.toContain('Ada');
    expect(text).not.toContain('Swedish');
    await screenshot(other.page, 'booking-confirmation-other-browser-1280');
    await other.page.context().close();
  });
});
