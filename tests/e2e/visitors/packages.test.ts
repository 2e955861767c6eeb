// The Packages screen in Chromium: the owner adds a package of
// sessions (a refused save says which field), sees what a session costs and what it saves, and
// hides it from the site, then sells it at the desk. 1280 and 390 px, with axe.
import { describe, expect, inject, it } from 'vitest';
import { paths } from '../../../web/config/paths';
import { membershipMessages } from '../../../worker/shared/prepaid/membership-rules';
import { packageMessages } from '../../../worker/shared/prepaid/package-rules';
import { axeViolations, eventually, openPage, screenshot, sharedChromium, viewports } from '../support/browser';
import { signIn } from '../support/staff';

const baseUrl = inject('baseUrl');
const browser = sharedChromium();

describe('the Packages screen', () => {
  it('adds a package, shows its value, hides it from the site and sells it at the desk (1280 px, then 390 px)', async () => {
    const { page, problems } = await openPage(browser(), baseUrl, viewports.desktop, { bypassCSP: true });
    await signIn(page, `${paths.admin}/packages`);
    await page.getByRole('heading', { level: 1, name: 'Packages' }).waitFor();
    await page.getByRole('button', { name: 'Add package' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add package' });
    await dialog.getByLabel('Name').fill('Six Deep Tissue massages');
    await dialog.getByLabel('Price (₦)').fill('150000');
    await dialog.getByLabel('Sessions').fill('6');
    await dialog.getByRole('button', { name: 'Add package' }).click();
    await dialog.getByText(packageMessages.treatments).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'admin-package-form-1280', 'viewport');
    await dialog.getByLabel('Deep Tissue').check();
    await dialog.getByRole('button', { name: 'Add package' }).click();
    await eventually(() => page.getByRole('status').textContent()).toBe('Six Deep Tissue massages is added.');
    const item = page.getByRole('listitem').filter({ hasText: 'Six Deep Tissue massages' });
    // ₦150,000 for 6: ₦25,000 a session, ₦30,000 less than six single visits at ₦30,000.
    expect(await item.textContent()).toContain('6 sessions, ₦25,000 each');
    expect(await item.textContent()).toContain('saves ₦30,000');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'admin-packages-1280');
    const listed = (await (await fetch(`${baseUrl}/api/packages`)).json()) as Array<{ name: string }>;
    expect(listed.map((each) => each.name)).toContain('Six Deep Tissue massages');

    await page.setViewportSize(viewports.phone);
    await item.getByRole('button', { name: 'Edit Six Deep Tissue massages' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Six Deep Tissue massages' });
    await edit.getByLabel('Shown on the site').uncheck();
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await eventually(() => page.getByRole('status').textContent()).toBe('Six Deep Tissue massages is saved.');
    await eventually(() => item.getByText('Hidden').count()).toBe(1);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'admin-packages-390');
    const after = (await (await fetch(`${baseUrl}/api/packages`)).json()) as Array<{ name: string }>;
    expect(after.map((each) => each.name)).not.toContain('Six Deep Tissue massages');

    // Sold at the desk (POS): the code goes to the buyer's WhatsApp; the desk sees its last 4.
    await item.getByRole('button', { name: 'Sell Six Deep Tissue massages' }).click();
    const sale = page.getByRole('dialog', { name: 'Sell Six Deep Tissue massages' });
    await sale.getByRole('button', { name: 'Sell package' }).click();
    await sale.getByText(packageMessages.deskContact).waitFor();
    await sale.getByLabel('Buyer’s name').fill('Kemi Ade');
    await sale.getByLabel('Buyer’s WhatsApp number').fill('0809 777 1212');
    await sale.getByLabel('POS').check();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'admin-package-sale-390', 'viewport');
    await sale.getByRole('button', { name: 'Sell package' }).click();
    await eventually(() => page.getByRole('status').textContent()).toMatch(
      /^Six Deep Tissue massages is sold to Kemi Ade: the code ending [A-Z2-9]{4} is on its way to them\.$/,
    );

    // A membership beside them: without a Paystack key (this site's test mode) it is saved, and
    // the list says Paystack does not hold its plan yet (so visitors cannot join it).
    await page.getByRole('button', { name: 'Add membership' }).click();
    const plan = page.getByRole('dialog', { name: 'Add membership' });
    await plan.getByLabel('Name').fill('Monthly calm');
    await plan.getByLabel('Monthly price (₦)').fill('40000');
    await plan.getByRole('button', { name: 'Add membership' }).click();
    await plan.getByText(membershipMessages.treatments).waitFor();
    await plan.getByLabel('Swedish').check();
    await plan.getByLabel('Shop discount (%)').fill('10');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'admin-membership-form-390', 'viewport');
    await plan.getByRole('button', { name: 'Add membership' }).click();
    await eventually(() => page.getByRole('status').textContent()).toBe('Monthly calm is added.');
    const member = page.getByRole('listitem').filter({ hasText: 'Monthly calm' });
    expect(await member.textContent()).toContain('₦40,000 a month');
    await member.getByText('Not at Paystack yet').waitFor();
    await screenshot(page, 'admin-memberships-390');
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
