// The Reports screen in Chromium: the owner sets a therapist's commission on the
// Therapists screen, reads this month's Reports, switches to last month (its seeded history:
// REPORT_HISTORY) and downloads the commissions for payroll. 1280 and 390 px, with axe.
import { readFile } from 'node:fs/promises';
import { describe, expect, inject, it } from 'vitest';
import { paths } from '../../../web/config/paths';
import { presetPeriods } from '../../../worker/shared/report-rules';
import { lagosDate } from '../../../worker/shared/time';
import { axeViolations, eventually, openPage, screenshot, sharedChromium, viewports } from '../support/browser';
import { REPORT_HISTORY } from '../support/global-setup';
import { signIn } from '../support/staff';

const baseUrl = inject('baseUrl');
const browser = sharedChromium();

describe('the Reports screen', () => {
  it('reads this month, switches to last month and downloads commissions (1280 px, then 390 px)', async () => {
    const { page, problems } = await openPage(browser(), baseUrl, viewports.desktop, { bypassCSP: true });
    // Therapist 1 earns 10%, and 20% on Ashiatsu.
    await signIn(page, `${paths.admin}/therapists`);
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Therapist 1' }) });
    await card.getByText(/^Commission: /).click();
    const form = card.getByRole('form', { name: 'Therapist 1’s commission' });
    await form.getByLabel('Commission (%)').fill('110');
    await form.getByRole('button', { name: 'Save Therapist 1’s commission' }).click();
    await form.getByText('Give their commission as a whole percent from 0 to 100.').waitFor();
    await form.getByLabel('Commission (%)').fill('10');
    await form.getByLabel('Ashiatsu (%)').fill('20');
    await form.getByRole('button', { name: 'Save Therapist 1’s commission' }).click();
    await eventually(() => page.getByRole('status').textContent()).toBe('Therapist 1’s commission is saved.');
    await card.getByText('Commission: 10% of their visits; Ashiatsu 20%').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await form.getByLabel('Ashiatsu (%)').scrollIntoViewIfNeeded();
    await screenshot(page, 'admin-therapist-commission-1280', 'viewport');

    await page.goto(`${paths.admin}/reports`);
    await page.getByRole('heading', { level: 1, name: 'Reports' }).waitFor();
    const presets = presetPeriods(lagosDate(new Date()));
    expect(await page.getByRole('button', { name: 'This month' }).getAttribute('aria-pressed')).toBe('true');
    await page.getByText('Money in per day, by how it came in').waitFor();
    // The table's total is the summary's revenue.
    const revenueTable = page.getByRole('table', { name: 'Revenue per day' });
    const summaryRevenue = await page.locator('.report-figures dd').first().textContent();
    expect(await revenueTable.locator('tfoot td').last().textContent()).toBe(summaryRevenue);
    expect(summaryRevenue).toMatch(/^₦[\d,]+$/);
    // Every figure says what it means on the page.
    await page.getByText(/^Money in: payments received on the Lagos day they arrived/).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'admin-reports-1280');

    await page.getByRole('button', { name: 'Last month' }).click();
    await eventually(async () => page.url()).toContain(`from=${presets.lastMonth.from}&to=${presets.lastMonth.to}`);
    const treatments = page.getByRole('table', { name: 'Treatments' });
    const ashiatsu = treatments.getByRole('row', { name: /^Ashiatsu/ });
    await ashiatsu.waitFor();
    // Two completed visits at ₦20,000; the no-show earned nothing.
    expect(await ashiatsu.textContent()).toBe('Ashiatsu2₦40,000');
    const commission = page.getByRole('table', { name: /^Therapist 1: / });
    expect(await commission.getByRole('row', { name: /^Ashiatsu/ }).textContent()).toBe('Ashiatsu2₦40,00020%₦8,000');
    expect(await axeViolations(page)).toEqual([]);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download commissions (CSV)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`commissions-${presets.lastMonth.from}-to-${presets.lastMonth.to}.csv`);
    const csv = await readFile((await download.path()) ?? '', 'utf8');
    expect(csv.split('\r\n')).toContain(`Therapist 1,${REPORT_HISTORY.treatment},2,40000,20,8000`);

    await page.setViewportSize(viewports.phone);
    await page.getByRole('heading', { level: 1, name: 'Reports' }).scrollIntoViewIfNeeded();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'admin-reports-390');
    // A period the other way round is refused on the spot, with the server's words.
    await page.getByLabel('From').fill(presets.lastMonth.to);
    await page.getByLabel('To').fill(presets.lastMonth.from);
    await page.getByRole('button', { name: 'Show' }).click();
    await page.getByText('The period must end on or after its first day.').waitFor();
    expect(problems).toEqual([]);
  });
});
