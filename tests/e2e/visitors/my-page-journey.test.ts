// A client's own page in Chromium: Yemi signs in with a 6-digit code sent to her
// WhatsApp, sees her past visit, books it again (the form filled with the same treatments and
// therapist), finds it under her upcoming visits, and opens its receipt. 390 and 1280 px, with axe.
import { describe, expect, inject, it } from 'vitest';
import { paths } from '../../../web/config/paths';
import { ACCOUNT_GUESSES_PER_ADDRESS } from '../../../worker/shared/my-page-rules';
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
import { ACCOUNT_VISIT } from '../support/global-setup';
import { whatsappsTo } from '../support/phone';
import { staffCookie } from '../support/staff';

const baseUrl = inject('baseUrl');
const whatsappInbox = inject('whatsappInbox');
const browser = sharedChromium();

/** The code in the newest WhatsApp message to `phone`, as her phone shows it. */
async function whatsappCode(phone: string): Promise<string> {
  const codes = await whatsappsTo(whatsappInbox, phone, 'account_code');
  return codes.at(-1)?.parameters[0] ?? '';
}

/** What the owner's Messages screen shows of that message: never the code. */
async function codeOnMessagesScreen(code: string): Promise<boolean> {
  const headers = { Cookie: await staffCookie(baseUrl) };
  const listed = (await (await fetch(`${baseUrl}/api/messages?template=account-code`, { headers })).json()) as {
    messages: Array<{ _id: string }>;
  };
  const bodies = await Promise.all(
    listed.messages.map(async (message) => (await fetch(`${baseUrl}/api/messages/${message._id}`, { headers })).text()),
  );
  return [JSON.stringify(listed), ...bodies].some((text) => text.includes(code));
}

describe('the client’s own page', () => {
  it('signs in with a WhatsApp code and books a past visit again', { timeout: 120_000 }, async () => {
    const { page, problems } = await openPage(browser(), baseUrl, viewports.phone, { bypassCSP: true });
    await page.goto(paths.account);
    await page.getByRole('heading', { level: 1, name: 'Your page' }).waitFor();
    const signIn = page.getByRole('form', { name: 'Sign in' });
    await signIn.getByRole('button', { name: 'Send me a code' }).click();
    await signIn.getByText('Please enter your email address or WhatsApp number.').waitFor();
    await signIn.getByLabel('Email or WhatsApp number').fill('+234 809 444 5555');
    await atBothWidths(page, 'account-sign-in');
    await signIn.getByRole('button', { name: 'Send me a code' }).click();
    const codeForm = page.getByRole('form', { name: 'Enter your code' });
    await codeForm
      .getByText('If we know this address, a 6-digit code is on its way to it.', { exact: false })
      .waitFor();
    // The code's field opens empty, focused, with the number pad and one-time-code autofill.
    const codeInput = codeForm.getByLabel('6-digit code');
    expect(await codeInput.inputValue()).toBe('');
    await eventually(() => codeInput.evaluate((input) => input === document.activeElement)).toBe(true);
    expect(await codeInput.getAttribute('inputmode')).toBe('numeric');
    expect(await codeInput.getAttribute('autocomplete')).toBe('one-time-code');
    await eventually(() => whatsappCode(ACCOUNT_VISIT.phone)).toMatch(/^\d{6}$/);
    const code = await whatsappCode(ACCOUNT_VISIT.phone);
    expect(await codeOnMessagesScreen(code)).toBe(false);
    const wrong = code === '000000' ? '111111' : '000000';
    await codeForm.getByLabel('6-digit code').fill(wrong);
    await codeForm.getByRole('button', { name: 'Sign in' }).click();
    await codeForm.getByText(`That code is not right. ${ACCOUNT_GUESSES_PER_ADDRESS - 1} tries left.`).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'account-code-390');
    await codeForm.getByLabel('6-digit code').fill(code);
    await codeForm.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { level: 1, name: 'Hello, Yemi' }).waitFor();
    const past = page.getByRole('region', { name: 'Past visits' });
    await past.getByRole('heading', { name: 'Swedish, Hotstone' }).waitFor();
    await atBothWidths(page, 'account');

    // Book again: the same treatments and therapist, a new day.
    await past.getByRole('link', { name: 'Book again Swedish, Hotstone' }).click();
    await page.waitForURL((url) => url.pathname === paths.booking);
    await eventually(() => page.getByLabel('Swedish').isChecked()).toBe(true);
    // Kept as "Hotstone", the visit's treatment is found on the menu that now says "Hot Stone".
    expect(await page.getByLabel('Hot Stone').isChecked()).toBe(true);
    await eventually(() => page.getByLabel('Therapist', { exact: true }).inputValue()).toBe('therapist-1');
    const day = addDays(lagosDate(new Date()), 17);
    await page.getByLabel('Date', { exact: true }).fill(day);
    await page.locator('.slot:has(input[value="12:00"])').click();
    await page.getByLabel('Full name').fill(ACCOUNT_VISIT.name);
    await page.getByLabel('Email address').fill(ACCOUNT_VISIT.email);
    await page.getByLabel('Phone number').fill(ACCOUNT_VISIT.phone);
    const dialog = await confirmBooking(page);
    await eventually(() => dialog.locator('.payment-dialog__total').textContent()).toContain('₦55,000');
    await dialog.getByRole('button', { name: 'Make Payment' }).click();
    await page.waitForURL(/\/api\/payment\/test-checkout\/BK-/);
    await page.getByRole('button', { name: /Pay/ }).click();
    await page.waitForURL(/\/booking-confirmation-pg\?trxref=BK-/);
    await eventually(() => page.locator('h1').textContent()).toBe('Thank you, Yemi!');

    // On her page: the new visit to come, and its receipt to print.
    await page.setViewportSize(viewports.desktop);
    await page.goto(paths.account);
    const upcoming = page.getByRole('region', { name: 'Upcoming visits' });
    // Signed in by WhatsApp: the visit's manage link went only by email (its confirmation's
    // WhatsApp template carries no link), so the page points there instead of showing it.
    await upcoming.getByRole('heading', { name: 'Swedish, Hot Stone' }).waitFor();
    await upcoming.getByText('To move or cancel, use the link in the email confirming this visit.').waitFor();
    expect(await upcoming.getByRole('link', { name: /^Move or cancel/ }).count()).toBe(0);
    const receipts = page.getByRole('region', { name: 'Receipts' });
    await receipts
      .getByRole('link', { name: /^Receipt BK-\d{8}-/ })
      .first()
      .click();
    await page.getByRole('heading', { level: 1, name: 'Receipt' }).waitFor();
    expect(await page.locator('.receipt').textContent()).toContain('₦55,000');
    await atBothWidths(page, 'account-receipt');
    // The browser logs the two refusals the journey met on purpose: signed out, and the wrong code.
    expect(problems).toEqual([
      'Failed to load resource: the server responded with a status of 401 (Unauthorized)',
      'Failed to load resource: the server responded with a status of 400 (Bad Request)',
    ]);
    await page.context().close();
  });
});
