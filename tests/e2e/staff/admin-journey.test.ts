// The staff side in Chromium, on the built site: log in, find what visitors booked and bought,
// act on it, manage coupons (and see the booking payment dialog follow), export, log out.
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { paths } from '../../../web/config/paths';
import { addDays, formatAppointment, formatDate, formatJoinedDate, lagosDate } from '../../../worker/shared/time';
import { confirmBooking, fillBooking, placesLeft } from '../support/booking-steps';
import type { Viewport } from '../support/browser';
import {
  axeViolations,
  dialogOpenings,
  eventually,
  openPage,
  recordDialogOpenings,
  screenshot,
  sharedChromium,
  viewports,
} from '../support/browser';
import { payBookingOverHttp, payOrderOverHttp } from '../support/pay-over-http';
import { whatsappsTo } from '../support/phone';
import { confirmWaitlistSignup, LOCAL_PASSWORD, signIn } from '../support/staff';

const baseUrl = inject('baseUrl');
const visitsDate = inject('visitsDate');
const browser = sharedChromium();

const open = (viewport: Viewport) => openPage(browser(), baseUrl, viewport, { bypassCSP: true });
/** Waits until the list of the current tab has loaded. */
async function listLoaded(page: Page) {
  await page.getByText('Loading...').waitFor({ state: 'detached' });
}

describe('the staff admin', () => {
  it('turns away a wrong password, then shows a paid booking with its intake, and marks yesterday’s visit complete (390 px)', async () => {
    // A visitor books and pays, declaring a health condition.
    const visitor = await open(viewports.phone);
    const date = addDays(lagosDate(new Date()), 9);
    await visitor.page.goto(paths.booking);
    await fillBooking(visitor.page, date, '15:00');
    await visitor.page.getByLabel('Pregnancy').check();
    const dialog = await confirmBooking(visitor.page);
    await dialog.getByRole('button', { name: 'Make Payment' }).click();
    await visitor.page.getByRole('button', { name: /Pay/ }).click();
    await visitor.page.waitForURL(/\/booking-confirmation-pg\?trxref=/);
    await eventually(() => visitor.page.locator('h1').textContent()).toBe('Thank you, Ada!');
    await visitor.page.context().close();

    const { page, problems } = await open(viewports.phone);
    await page.goto(paths.admin);
    await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'admin-login-390');
    await page.getByRole('button', { name: 'Login' }).click();
    await eventually(() => page.getByRole('alert').textContent()).toBe('Please enter your username and password.');

    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    expect(await page.getByLabel('Password', { exact: true }).getAttribute('type')).toBe('password');
    await page.getByRole('button', { name: 'Show password' }).click();
    expect(await page.getByLabel('Password', { exact: true }).getAttribute('type')).toBe('text');
    await page.getByRole('button', { name: 'Login' }).click();
    await eventually(() => page.getByRole('alert').textContent()).toBe('Invalid username or password');

    await page.getByLabel('Password', { exact: true }).fill(LOCAL_PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(`${baseUrl}${paths.admin}/bookings`);
    await page.getByRole('heading', { name: 'Massage Bookings' }).waitFor();
    await listLoaded(page);
    const cookies = await page.context().cookies();
    expect(cookies.find((cookie) => cookie.name === '__Host-spa_admin_session')).toMatchObject({
      httpOnly: true,
      secure: true,
      sameSite: 'Strict',
    });

    // The sidebar is an overlay on a phone: closed at first, closed again by a tap outside it.
    expect(await page.getByRole('navigation', { name: 'Admin sections' }).isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Open menu' }).click();
    expect(await page.getByRole('heading', { name: 'Dashboard' }).isVisible()).toBe(true);
    await screenshot(page, 'admin-menu-390', 'viewport');
    await page.mouse.click(370, 400);
    await eventually(() => page.getByRole('navigation', { name: 'Admin sections' }).isVisible()).toBe(false);
    // Opened again, it takes the focus on the current screen's item; Escape closes it and gives the
    // focus back to the menu button.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await eventually(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Bookings');
    await page.keyboard.press('Escape');
    await eventually(() => page.getByRole('navigation', { name: 'Admin sections' }).isVisible()).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-controls'))).toBe('admin-sidebar');

    const row = page.getByRole('listitem').filter({ hasText: formatAppointment(date, '15:00') });
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.getByText('Read health notes first').isVisible()).toBe(true);
    expect(await row.getByRole('listitem').allTextContents()).toEqual(['Swedish', 'Hot Stone']);
    await row.getByRole('button', { name: 'Details' }).click();
    const details = row.locator('.admin-details');
    await details.waitFor();
    for (const text of ['ada@example.com', '0803 123 4567', 'Pregnancy', '₦55,000', 'BK-']) {
      expect(await details.textContent(), text).toContain(text);
    }
    // The treatments and the health conditions read as bullet lists, as the spec shows them.
    for (const list of ['.admin-row__treatments', '.admin-details__conditions']) {
      expect(await row.locator(list).evaluate((element) => getComputedStyle(element).listStyleType), list).toBe('disc');
    }
    // Every status tab in sight on a phone (they wrap); the client's phone: call, or WhatsApp.
    const tabs = await page
      .getByRole('tab')
      .evaluateAll((elements) =>
        elements.map((tab) => ({ name: tab.textContent, right: tab.getBoundingClientRect().right })),
      );
    expect(tabs.map((tab) => tab.name)).toContain('Cancelled');
    for (const tab of tabs) expect(tab.right, String(tab.name)).toBeLessThanOrEqual(390);
    expect(await details.getByRole('link', { name: /^WhatsApp / }).getAttribute('href')).toBe(
      'https://wa.me/2348031234567',
    );
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'admin-bookings-390');

    // A visit still to come cannot be marked complete (nor the client arrived, days ahead).
    expect(await row.getByRole('button', { name: 'Mark Complete' }).count()).toBe(0);
    expect(await row.getByRole('button', { name: 'Arrived' }).count()).toBe(0);

    // Yesterday's visit (seeded: no test can wait for one to start) is marked complete.
    const yesterdays = page.getByRole('listitem').filter({ hasText: 'Femi Adeleke' });
    expect(await yesterdays.textContent()).toContain(formatDate(visitsDate));
    await yesterdays.getByRole('button', { name: 'Mark Complete' }).click();
    await eventually(() => page.getByRole('status').filter({ hasText: 'marked complete' }).count()).toBe(1);
    await eventually(() => yesterdays.count()).toBe(0);
    await page.getByRole('tab', { name: 'Completed' }).click();
    await listLoaded(page);
    const done = page.getByRole('listitem').filter({ hasText: 'Femi Adeleke' });
    await eventually(() => done.count()).toBe(1);
    expect(await done.getByRole('button', { name: 'Mark Complete' }).count()).toBe(0);
    expect(await done.textContent()).toContain('Completed');
    expect(problems.filter((problem) => !problem.includes('401'))).toEqual([]);
    await page.context().close();
  });

  it('ships and delivers an order and exports the list as CSV (1280 px)', async () => {
    await payOrderOverHttp(baseUrl, 'Kemi Balogun');
    const { page, problems } = await open(viewports.desktop);
    await signIn(page, `${paths.admin}/orders`);
    await page.getByRole('heading', { name: 'Orders' }).waitFor();
    await listLoaded(page);
    expect(await page.getByRole('navigation', { name: 'Admin sections' }).isVisible()).toBe(true);
    expect(await page.getByRole('tab', { name: 'Processing' }).getAttribute('aria-selected')).toBe('true');

    const row = page.getByRole('listitem').filter({ hasText: 'Kemi Balogun' });
    await eventually(() => row.count()).toBe(1);
    expect(await row.textContent()).toContain('₦30,000');
    await row.getByRole('button', { name: 'Details' }).click();
    expect(await row.locator('.admin-details').textContent()).toContain('Mystic Body Oil × 2');
    expect(await row.locator('.admin-details').textContent()).toContain('4 Awolowo Road, Ikoyi, Lagos');
    const items = row.locator('.admin-details__items');
    expect(await items.evaluate((element) => getComputedStyle(element).listStyleType)).toBe('disc');
    // The shipping quote the shop promises: its price typed, a WhatsApp chat with the client holding it.
    expect(await row.getByRole('link', { name: 'Send shipping quote on WhatsApp' }).count()).toBe(0);
    await row.getByLabel('Shipping price (₦)').fill('2500');
    const quote = new URL(
      (await row.getByRole('link', { name: 'Send shipping quote on WhatsApp' }).getAttribute('href')) ?? '',
    );
    expect(quote.pathname).toBe('/2348020001111');
    expect(quote.searchParams.get('text')).toMatch(
      /^Hello Kemi Balogun, .*OR-.* 4 Awolowo Road, Ikoyi, Lagos costs ₦2,500/,
    );
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'admin-orders-1280');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^orders-processing-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync(await download.path());
    expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = csv.toString('utf8');
    expect(text).toContain('Name,Ordered at (UTC),Status');
    const line = text.split('\r\n').find((entry) => entry.startsWith('Kemi Balogun,'));
    expect(line).toContain('processing,30000,Mystic Body Oil (100ml) × 2,kemi@example.com,0802 000 1111');

    await row.getByRole('button', { name: 'Ship' }).click();
    await eventually(() => row.count()).toBe(0);
    await page.getByRole('tab', { name: 'Shipped' }).click();
    await listLoaded(page);
    const shipped = page.getByRole('listitem').filter({ hasText: 'Kemi Balogun' });
    await eventually(() => shipped.count()).toBe(1);
    await shipped.getByRole('button', { name: 'Deliver' }).click();
    await eventually(() => shipped.count()).toBe(0);
    await eventually(() => page.getByText('No shipped orders found').isVisible()).toBe(true);
    await page.getByRole('tab', { name: 'Delivered' }).click();
    await listLoaded(page);
    const delivered = page.getByRole('listitem').filter({ hasText: 'Kemi Balogun' });
    await eventually(() => delivered.count()).toBe(1);
    expect(await delivered.getByRole('button', { name: /^(Ship|Deliver)$/ }).count()).toBe(0);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('creates, edits, deactivates and deletes a coupon, and the booking payment dialog follows each step', async () => {
    const { page, problems } = await open(viewports.desktop);
    await signIn(page, `${paths.admin}/coupons`);
    await page.getByRole('heading', { name: 'Coupon Management' }).waitFor();
    await listLoaded(page);

    await page.getByRole('button', { name: 'Create Coupon' }).click();
    const form = page.getByRole('dialog', { name: 'Create New Coupon' });
    await form.waitFor();
    await eventually(() => form.getByLabel('Expiry date').inputValue()).toBe(lagosDate(new Date()));
    await eventually(() => form.getByLabel('Active').isChecked()).toBe(true);
    await form.getByRole('button', { name: 'Create Coupon' }).click();
    await eventually(() => form.getByText('Please enter a coupon code').isVisible()).toBe(true);
    await form.getByLabel('Coupon code').fill('staff25');
    await eventually(() => form.getByLabel('Coupon code').inputValue()).toBe('STAFF25');
    await form.getByLabel('Discount (%)').fill('125');
    await form.getByRole('button', { name: 'Create Coupon' }).click();
    await eventually(() => form.getByText('The discount must be a whole number from 0 to 100').isVisible()).toBe(true);
    await form.getByLabel('Discount (%)').fill('25');
    await form.getByLabel('Expiry date').fill(addDays(lagosDate(new Date()), 30));
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'admin-coupon-form-1280', 'viewport');
    await form.getByRole('button', { name: 'Create Coupon' }).click();
    await eventually(() => form.isVisible()).toBe(false);
    await eventually(() => page.getByText('Coupon created successfully!').isVisible()).toBe(true);

    const couponRow = page.getByRole('row').filter({ hasText: 'STAFF25' });
    await eventually(() => couponRow.count()).toBe(1);
    expect(await couponRow.textContent()).toContain('25%');
    expect(await couponRow.textContent()).toContain('Active');

    // A duplicate code is refused with the server's message. Each dialog opens with its own
    // values from its first frame: a new coupon's blank, not the last form's.
    await recordDialogOpenings(page);
    await page.getByRole('button', { name: 'Create Coupon' }).click();
    await eventually(() => dialogOpenings(page)).toHaveLength(1);
    expect((await dialogOpenings(page))[0]).toMatchObject({ code: '', discount: '', active: 'true' });
    await form.getByLabel('Coupon code').fill('Staff25');
    await form.getByLabel('Discount (%)').fill('5');
    await form.getByRole('button', { name: 'Create Coupon' }).click();
    await eventually(() => form.getByRole('alert').textContent()).toBe(
      'A coupon with the code STAFF25 already exists.',
    );
    await form.getByRole('button', { name: 'Cancel' }).click();

    await couponRow.getByRole('button', { name: /^Edit/ }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Coupon' });
    await edit.waitFor();
    await eventually(() => dialogOpenings(page)).toHaveLength(2);
    expect((await dialogOpenings(page))[1]).toMatchObject({ code: 'STAFF25', discount: '25' });
    await eventually(() => edit.getByLabel('Coupon code').inputValue()).toBe('STAFF25');
    await eventually(() => edit.getByLabel('Discount (%)').inputValue()).toBe('25');
    await edit.getByLabel('Discount (%)').fill('50');
    await edit.getByRole('button', { name: 'Update Coupon' }).click();
    await eventually(() => page.getByText('Coupon updated successfully!').isVisible()).toBe(true);
    await eventually(() => couponRow.textContent()).toContain('50%');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'admin-coupons-1280');

    // A visitor applies it in the booking payment dialog: half off ₦55,000.
    const visitor = await open(viewports.phone);
    await visitor.page.goto(paths.booking);
    await fillBooking(visitor.page, addDays(lagosDate(new Date()), 10), '09:00');
    const payment = await confirmBooking(visitor.page);
    const apply = async (code: string) => {
      // Clearing the field clears the last message, so the next one is the answer to this Apply.
      await payment.getByLabel('Coupon code').fill('');
      await eventually(() => payment.getByRole('status').count()).toBe(0);
      await payment.getByLabel('Coupon code').fill(code);
      await payment.getByRole('button', { name: 'Apply' }).click();
      await eventually(() => payment.getByRole('status').count()).toBe(1);
      return payment.getByRole('status').textContent();
    };
    expect(await apply('STAFF25')).toBe('Coupon applied: 50% off.');
    await eventually(() => payment.locator('.payment-dialog__total').textContent()).toContain('₦27,500');

    await couponRow.getByRole('button', { name: /^Deactivate/ }).click();
    await eventually(() => couponRow.textContent()).toContain('Inactive');
    expect(await apply('STAFF25')).toBe('This coupon code is invalid or expired.');
    await eventually(() => payment.locator('.payment-dialog__total').textContent()).toContain('₦55,000');

    await couponRow.getByRole('button', { name: /^Activate/ }).click();
    await eventually(() => couponRow.textContent()).toContain('Active');
    expect(await apply('STAFF25')).toBe('Coupon applied: 50% off.');

    page.once('dialog', (question) => {
      expect(question.message()).toBe('Are you sure you want to delete this coupon?');
      void question.accept();
    });
    await couponRow.getByRole('button', { name: /^Delete/ }).click();
    await eventually(() => page.getByText('Coupon deleted successfully!').isVisible()).toBe(true);
    await eventually(() => couponRow.count()).toBe(0);
    expect(await apply('STAFF25')).toBe('This coupon code is invalid or expired.');
    await visitor.page.context().close();
    expect(problems.filter((problem) => !problem.includes('409'))).toEqual([]); // the duplicate code

    await page.context().close();
  });

  it('lists the academy waitlist, marks sign-ups awaiting confirmation, and shows a bulk email campaign to its end (390 px)', async () => {
    const email = `amaka.${Date.now()}@example.com`;
    const waiting = `bisi.${Date.now()}@example.com`;
    for (const [firstName, address] of [
      ['Amaka', email],
      ['Bisi', waiting],
    ] as const) {
      const joined = await fetch(`${baseUrl}/api/academy-waitlist`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ firstName, email: address, whatsapp: '0803 555 6666', state: 'Enugu' }),
      });
      expect(joined.status).toBe(201);
    }
    await confirmWaitlistSignup(baseUrl, email);

    const { page, problems } = await open(viewports.phone);
    await signIn(page, `${paths.admin}/academy`);
    await page.getByRole('heading', { name: 'Academy' }).waitFor();
    await listLoaded(page);
    const row = page.getByRole('row').filter({ hasText: email });
    await eventually(() => row.count()).toBe(1);
    expect(await row.textContent()).toContain('+2348035556666');
    expect(await row.textContent()).toContain(formatJoinedDate(new Date().toISOString()));
    expect(await row.textContent()).not.toContain('Awaiting confirmation');
    const waitingRow = page.getByRole('row').filter({ hasText: waiting });
    await eventually(() => waitingRow.textContent()).toContain('Awaiting confirmation');
    expect(await page.locator('.admin-total').textContent()).toMatch(/Total Subscribers: \d+/);

    await page.getByLabel('Subject (optional)').fill('Classes open in March');
    await page.getByRole('button', { name: 'Send Bulk Email' }).click();
    await eventually(() => page.getByText('Bulk email sent successfully!').isVisible()).toBe(true);
    // The local queue delivers through the simulated send_email binding: the campaign finishes.
    const emailCampaign = page
      .locator('.admin-campaigns__list > li')
      .filter({ hasText: 'Email: “Classes open in March”' });
    await expect
      .poll(() => emailCampaign.locator('.admin-campaign__title').textContent(), { timeout: 30_000 })
      .toContain('finished');
    const counts = await emailCampaign.locator('.admin-campaign__counts').textContent();
    const total = /Total(\d+)/.exec(counts ?? '')?.[1];
    expect(counts).toContain(`Sent${total}`);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'admin-academy-390');

    // With the WhatsApp token set (global-setup's .dev.vars), a WhatsApp campaign goes to the
    // numbers that wrote to the studio: Ngozi's phone gets it.
    await page.getByRole('button', { name: 'Send Bulk WhatsApp' }).click();
    await eventually(() => page.getByText('Bulk WhatsApp messages sent successfully!').isVisible()).toBe(true);
    const whatsappCampaign = page
      .locator('.admin-campaigns__list > li')
      .filter({ hasText: 'WhatsApp: “Classes open in March”' });
    await expect
      .poll(() => whatsappCampaign.locator('.admin-campaign__title').textContent(), { timeout: 30_000 })
      .toContain('finished');
    await expect
      .poll(async () => (await whatsappsTo(inject('whatsappInbox'), '+2348030000001', 'academy_update')).length)
      .toBeGreaterThan(0);
    expect(await whatsappCampaign.getByText('Held messages wait until a WhatsApp token is set').count()).toBe(0);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('logs out: the login shows again and the old session cookie opens nothing', async () => {
    const { page } = await open(viewports.desktop);
    await signIn(page);
    await page.getByRole('heading', { name: 'Massage Bookings' }).waitFor();
    const cookie = (await page.context().cookies()).find((entry) => entry.name === '__Host-spa_admin_session');
    expect(cookie).toBeDefined();

    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('spa.admin-user'))).toBeNull();
    const stale = await fetch(`${baseUrl}/api/bookings`, {
      headers: { Cookie: `__Host-spa_admin_session=${cookie?.value}` },
    });
    expect(stale.status).toBe(401);

    // Even with the browser's note forced to an owner, the server refuses and the login comes back.
    await page.evaluate(() =>
      localStorage.setItem(
        'spa.admin-user',
        JSON.stringify({ _id: 'owner', name: 'Studio owner', email: null, role: 'owner' }),
      ),
    );
    await page.goto(`${paths.admin}/orders`);
    await page.getByRole('heading', { name: 'Admin Login' }).waitFor();

    await page.goto(paths.login);
    await page.waitForURL(`${baseUrl}${paths.admin}`);
    await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
    await page.context().close();
  });

  it('confirms a booking paid entirely by a 100% coupon without any payment page', async () => {
    const staff = await open(viewports.desktop);
    await signIn(staff.page, `${paths.admin}/coupons`);
    await staff.page.getByRole('button', { name: 'Create Coupon' }).click();
    const form = staff.page.getByRole('dialog', { name: 'Create New Coupon' });
    await form.getByLabel('Coupon code').fill('ONTHEHOUSE');
    await form.getByLabel('Discount (%)').fill('100');
    await form.getByRole('button', { name: 'Create Coupon' }).click();
    await eventually(() => staff.page.getByText('Coupon created successfully!').isVisible()).toBe(true);

    const { page, problems } = await open(viewports.phone);
    const date = addDays(lagosDate(new Date()), 11);
    await page.goto(paths.booking);
    await fillBooking(page, date, '13:00');
    const payment = await confirmBooking(page);
    await payment.getByLabel('Coupon code').fill('ONTHEHOUSE');
    await payment.getByRole('button', { name: 'Apply' }).click();
    await eventually(() => payment.locator('.payment-dialog__total').textContent()).toContain('₦0');
    await payment.getByRole('button', { name: 'Make Payment' }).click();
    await page.waitForURL(/\/booking-confirmation-pg\?trxref=/);
    await eventually(() => page.locator('h1').textContent()).toBe('Thank you, Ada!');
    expect(await page.locator('.confirmation__details').textContent()).toContain('₦0');
    expect(problems).toEqual([]);
    await page.context().close();

    await staff.page.goto(`${paths.admin}/bookings`);
    await listLoaded(staff.page);
    const row = staff.page.getByRole('listitem').filter({ hasText: formatAppointment(date, '13:00') });
    await eventually(() => row.count()).toBe(1);
    await row.getByRole('button', { name: 'Details' }).click();
    expect(await row.locator('.admin-details').textContent()).toContain('ONTHEHOUSE');

    // Its confirmation is in the Messages screen (its kinds in words), and reads well on a phone.
    await staff.page.getByRole('link', { name: 'Messages' }).click();
    const kind = staff.page.getByLabel('Kind of message');
    expect(await kind.locator('option[value="booking-confirmation"]').textContent()).toBe('Booking confirmed');
    await kind.selectOption({ label: 'Booking confirmed' });
    const message = staff.page
      .getByRole('listitem')
      .filter({ hasText: `Your booking is confirmed: ${formatAppointment(date, '13:00')} (WAT)` });
    await eventually(() => message.count()).toBe(2); // by email and by WhatsApp
    expect(await axeViolations(staff.page)).toEqual([]);
    await screenshot(staff.page, 'admin-messages-1280');
    const emailRow = message.filter({ hasText: 'Email to ada@example.com' });
    await emailRow.getByRole('button', { name: 'Details' }).click();
    const href = await emailRow.getByRole('link', { name: 'Open the message in a new tab' }).getAttribute('href');
    const preview = await staff.page.context().newPage();
    await preview.setViewportSize(viewports.phone);
    await preview.goto(href ?? '');
    expect(await preview.getByRole('heading', { name: 'Your booking is confirmed' }).isVisible()).toBe(true);
    expect(await preview.getByText('₦0').isVisible()).toBe(true);
    const overflow = await preview.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(preview, 'email-booking-confirmation-390');
    await staff.page.context().close();
  });

  it.each([
    ['390', viewports.phone],
    ['1280', viewports.desktop],
  ] as const)('shows every admin screen at %s px without overflow or axe violations', async (width, viewport) => {
    const { page, problems } = await open(viewport);
    await signIn(page);
    for (const [section, heading] of [
      ['bookings', 'Massage Bookings'],
      ['orders', 'Orders'],
      ['coupons', 'Coupon Management'],
      ['academy', 'Academy'],
      ['messages', 'Messages'],
      ['schedule', 'Schedule'],
    ] as const) {
      await page.goto(`${paths.admin}/${section}`);
      await page.getByRole('heading', { name: heading, exact: true }).waitFor();
      await listLoaded(page);
      await eventually(() => page.locator('.admin-stats').count()).toBe(section === 'bookings' ? 1 : 0); // figures there only
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, section).toBeLessThanOrEqual(0);
      expect(await axeViolations(page), section).toEqual([]);
      await screenshot(page, `admin-${section}-screen-${width}`);
    }
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('closes a day from the Schedule screen: listed with its reason, shown closed on the booking page, then reopened', async () => {
    const date = addDays(lagosDate(new Date()), 20);
    const elsewhere = addDays(date, 1);
    await payBookingOverHttp(baseUrl, 'Bisi Closedday', date, '13:00');
    const staff = await open(viewports.phone);
    await signIn(staff.page, `${paths.admin}/schedule`);
    await staff.page.getByRole('heading', { name: 'Schedule', exact: true }).waitFor();
    const form = staff.page.getByRole('form', { name: 'Close a day' });
    await form.getByLabel('Date').fill(date);
    await form.getByLabel('Reason').fill('Staff training');
    await form.getByRole('button', { name: 'Close day' }).click();
    await eventually(() => staff.page.getByRole('status').textContent()).toBe(
      `${formatDate(date)} is closed. 1 booking is still on that day: see below.`,
    );
    const closedDays = staff.page.getByRole('region', { name: 'Closed days' });
    await eventually(() => closedDays.getByText(`${formatDate(date)} · Staff training`).isVisible()).toBe(true);
    expect(await axeViolations(staff.page)).toEqual([]);
    await screenshot(staff.page, 'admin-schedule-390');

    // The booking still on the closed day is moved from the list.
    const move = closedDays.getByRole('form', { name: 'Move Bisi Closedday’s booking' });
    await move.getByLabel('New date').fill(elsewhere);
    await move.getByLabel('New time').selectOption('13:00');
    await move.getByRole('button', { name: 'Move booking' }).click();
    await eventually(() => staff.page.getByRole('status').textContent()).toBe(
      `Bisi Closedday’s booking is moved to ${formatAppointment(elsewhere, '13:00')}.`,
    );
    await eventually(() => closedDays.getByText('Bisi Closedday').count()).toBe(0);
    expect((await placesLeft(baseUrl, elsewhere))['13:00']).toBe(1);

    const visitor = await open(viewports.phone);
    await visitor.page.goto(paths.booking);
    await visitor.page.getByLabel('Date', { exact: true }).fill(date);
    await eventually(() =>
      visitor.page.getByText('The studio is closed on this day (Staff training).', { exact: false }).isVisible(),
    ).toBe(true);

    await closedDays.getByRole('button', { name: `Reopen ${formatDate(date)}` }).click();
    await eventually(() => staff.page.getByRole('status').textContent()).toBe(
      `${formatDate(date)} is open for bookings again.`,
    );
    await visitor.page.reload();
    await visitor.page.getByLabel('Date', { exact: true }).fill(date);
    await eventually(() => visitor.page.locator('.slot input:not([disabled])').count()).toBeGreaterThan(0);
    expect(staff.problems).toEqual([]);
    expect(visitor.problems).toEqual([]);
    await staff.page.context().close();
    await visitor.page.context().close();
  });

  it('sets half-hour start times and a treatment buffer from the Schedule screen', async () => {
    const { page, problems } = await open(viewports.desktop);
    await signIn(page, `${paths.admin}/schedule`);
    const panel = page.getByRole('form', { name: 'Start times and treatment lengths' });
    await eventually(() => panel.getByLabel('Start times').inputValue()).toBe('60');
    await panel.getByLabel('Start times').selectOption('30');
    await panel.getByLabel('Swedish buffer after (minutes)').fill('15');
    await panel.getByRole('button', { name: 'Save start times and lengths' }).click();
    await eventually(() => page.getByRole('status').textContent()).toBe(
      'Start times and treatment lengths saved. Bookings already made keep their times.',
    );
    await screenshot(page, 'admin-schedule-1280');
    const date = addDays(lagosDate(new Date()), 30);
    const day = async () =>
      (await (await fetch(`${baseUrl}/api/availability?date=${date}&treatments=swedish`)).json()) as {
        durationMinutes: number;
        slots: Array<{ time: string }>;
      };
    expect((await day()).durationMinutes).toBe(75);
    expect((await day()).slots.map((slot) => slot.time).slice(0, 3)).toEqual(['09:00', '09:30', '10:00']);
    // Back to hourly and no buffer, for the other journeys.
    await panel.getByLabel('Start times').selectOption('60');
    await panel.getByLabel('Swedish buffer after (minutes)').fill('0');
    await panel.getByRole('button', { name: 'Save start times and lengths' }).click();
    await eventually(async () => (await day()).durationMinutes).toBe(60);
    expect((await day()).slots).toHaveLength(9);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('unsubscribes from the link in a bulk email, and says so plainly for a broken link', async () => {
    const email = `tunde.${Date.now()}@example.com`;
    await fetch(`${baseUrl}/api/academy-waitlist`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ firstName: 'Tunde', email, whatsapp: '0805 111 2222', state: 'Oyo' }),
    });
    await confirmWaitlistSignup(baseUrl, email); // campaigns go to confirmed addresses only
    const staff = await open(viewports.desktop);
    await signIn(staff.page, `${paths.admin}/academy`);
    await staff.page.getByRole('button', { name: 'Send Bulk Email' }).click();
    await staff.page.getByText('Bulk email sent successfully!').waitFor();
    // The link as the subscriber gets it: from the email's text, found through the staff's API.
    const link = await staff.page.evaluate(async (address) => {
      const list = (await (await fetch('/api/messages?template=campaign&channel=email')).json()) as {
        messages: Array<{ _id: string; to: string }>;
      };
      const message = list.messages.find((entry) => entry.to === address);
      const full = (await (await fetch(`/api/messages/${message?._id}`)).json()) as { text: string };
      return /Unsubscribe: (\S+)/.exec(full.text)?.[1];
    }, email);
    expect(link).toMatch(/\/unsubscribe\?token=/);

    const { page, problems } = await open(viewports.phone);
    await page.goto(new URL(link ?? '').pathname + new URL(link ?? '').search);
    await eventually(() => page.locator('h1').textContent()).toBe('You are unsubscribed');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'unsubscribed-390');
    await page.goto('/unsubscribe?token=broken');
    await eventually(() => page.locator('h1').textContent()).toBe('We could not unsubscribe you');
    expect(problems.filter((problem) => !problem.includes('400'))).toEqual([]);
    await page.context().close();

    await staff.page.reload();
    const row = staff.page.getByRole('row').filter({ hasText: email });
    await eventually(() => row.textContent()).toContain('Unsubscribed');
    await staff.page.context().close();
  });
});
