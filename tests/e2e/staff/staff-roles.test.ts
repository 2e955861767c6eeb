// A member of the team signs in with their email and sees the staff area their role opens: a
// receptionist gets the desk (bookings, calendar, orders) and never the figures, exports, coupons,
// campaigns or settings, in the menu or by typing an address; and the sidebar keeps the current screen's item in view.
import { describe, expect, inject, it } from 'vitest';
import { paths } from '../../../web/config/paths';
import { axeViolations, eventually, openPage, screenshot, sharedChromium, viewports } from '../support/browser';
import { RECEPTIONIST } from '../support/global-setup';
import { signIn } from '../support/staff';

const baseUrl = inject('baseUrl');
const browser = sharedChromium();

describe('a receptionist', () => {
  it.each([
    ['phone', viewports.phone],
    ['desktop', viewports.desktop],
  ] as const)('signs in with her email and is offered the desk only (%s)', async (label, viewport) => {
    const { page, problems } = await openPage(browser(), baseUrl, viewport, { bypassCSP: true });
    try {
      await page.goto(`${paths.admin}/coupons`);
      await page.getByLabel('Username').fill(RECEPTIONIST.email.toUpperCase());
      await page.getByLabel('Password', { exact: true }).fill(RECEPTIONIST.password);
      await page.getByRole('button', { name: 'Login' }).click();
      // Coupons are not hers: her day opens instead, as after any sign-in of the desk.
      await page.getByRole('heading', { level: 1, name: 'Today' }).waitFor();
      expect(page.url()).toBe(`${baseUrl}${paths.admin}/today`);

      if (label === 'phone') await page.getByRole('button', { name: 'Open menu' }).click();
      const menu = page.getByRole('navigation', { name: 'Admin sections' });
      expect(await menu.getByRole('link').allTextContents()).toEqual([
        'Today',
        'Bookings',
        'Calendar',
        'Waitlist',
        'Clients',
        'Orders',
        'Gift Vouchers',
        'Your account',
      ]);
      const sidebar = page.locator('#admin-sidebar');
      expect(await sidebar.locator('.admin-sidebar__user').textContent()).toBe(`${RECEPTIONIST.name}Reception`);
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, `admin-reception-${viewport.width}`, 'viewport');
      if (label === 'phone') await page.keyboard.press('Escape');

      // No figures and no export, here or on Orders.
      expect(await page.getByText('Booking revenue this month').count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Export CSV' }).count()).toBe(0);
      await page.goto(`${paths.admin}/orders`);
      await page.getByRole('heading', { name: 'Orders' }).waitFor();
      expect(await page.getByRole('button', { name: 'Export CSV' }).count()).toBe(0);

      // Typing the address of a screen that is not hers opens her day.
      for (const section of ['shop', 'academy', 'schedule', 'therapists', 'menu', 'messages', 'reports']) {
        await page.goto(`${paths.admin}/${section}`);
        await page.getByRole('heading', { level: 1, name: 'Today' }).waitFor();
      }

      // The server says the same, whatever the browser shows.
      const stats = await page.evaluate(async () => (await fetch('/api/stats')).status);
      expect(stats).toBe(403);
      expect(problems.filter((problem) => !problem.includes('403'))).toEqual([]);
    } finally {
      await page.context().close();
    }
  });
});

describe('the sidebar beside the page', () => {
  it('keeps the current screen’s item in view, low in the menu too (1280 px)', async () => {
    const { page } = await openPage(browser(), baseUrl, viewports.desktop, { bypassCSP: true });
    await signIn(page, `${paths.admin}/bookings`);
    // Straight to a screen low in the menu: its item is in view in the sidebar, not below it.
    await page.goto(`${paths.admin}/account`);
    await page.getByRole('heading', { level: 1, name: 'Your account' }).waitFor();
    const current = page.locator('#admin-sidebar a[aria-current="page"]');
    await eventually(() =>
      current.evaluate((link) => {
        const box = link.getBoundingClientRect();
        return box.top >= 0 && box.bottom <= window.innerHeight + 1;
      }),
    ).toBe(true);
    await page.context().close();
  });
});

describe('the owner’s first-run checklist', () => {
  it.each([
    ['phone', viewports.phone],
    ['desktop', viewports.desktop],
  ] as const)('lists the placeholders a fresh install still shows, on Bookings only (%s)', async (label, viewport) => {
    const { page, problems } = await openPage(browser(), baseUrl, viewport, { bypassCSP: true });
    await signIn(page, `${paths.admin}/bookings`);
    const checklist = page.getByRole('region', { name: 'Get your studio ready' });
    await checklist.waitFor();
    // This install keeps wrangler.toml's placeholders and the therapists "Therapist 1" and "Therapist 2".
    expect(await checklist.getByRole('listitem').allTextContents()).toEqual([
      expect.stringMatching(/^To do: The studio’s phone and WhatsApp number/),
      expect.stringMatching(/^To do: The studio’s email address/),
      'To do: Your therapists’ names Name your therapists',
    ]);
    expect(await checklist.textContent()).toContain('3 of 3 still show a placeholder');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, `admin-setup-checklist-${label}`, 'viewport');
    await checklist.getByRole('link', { name: 'Name your therapists' }).click();
    await page.waitForURL(`${baseUrl}${paths.admin}/therapists`);
    // The URL changes before the Therapists screen (its own chunk) replaces Bookings: wait for it.
    await page.getByRole('heading', { level: 1, name: 'Therapists' }).waitFor();
    expect(await checklist.count()).toBe(0);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
