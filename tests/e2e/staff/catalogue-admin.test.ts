// Staff edit the menu and the shop in Chromium, on the built site: a price the API serves at once,
// bad values refused with their message and nothing changed, a product added with a photo chosen
// from a file (resized and uploaded), stock and its badges, hiding and showing, moving, and a save
// made after someone else's told to reload. The browser tests share one database: whatever is
// changed is put back, and the product added has a name of its own and is hidden at the end.
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { paths } from '../../../web/config/paths';
import {
  axeViolations,
  eventually,
  openPage,
  screenshot,
  sharedChromium,
  type Viewport,
  viewports,
} from '../support/browser';
import { signIn, staffCookie } from '../support/staff';

const baseUrl = inject('baseUrl');
const browser = sharedChromium();

const open = (viewport: Viewport) => openPage(browser(), baseUrl, viewport, { bypassCSP: true });

interface PublicTreatment {
  _id: string;
  name: string;
  group: string;
  price: number;
}
interface PublicProduct {
  _id: string;
  name: string;
  images: string[];
  sizes: Array<{ size: string; price: number; stock: number | null }>;
}

const publicTreatments = async () => (await (await fetch(`${baseUrl}/api/treatments`)).json()) as PublicTreatment[];
const publicProducts = async () => (await (await fetch(`${baseUrl}/api/products`)).json()) as PublicProduct[];
const publicProduct = async (name: string) => (await publicProducts()).find((product) => product.name === name);

/** A row of the Menu or Shop list, found by the item's name. */
const item = (page: Page, name: string) =>
  page.locator('.admin-catalogue__item').filter({ has: page.getByRole('heading', { name, exact: true }) });

async function listLoaded(page: Page) {
  await page.getByText('Loading...').waitFor({ state: 'detached' });
}

/** The screen's notice line once it says `text`. */
const notice = (page: Page, text: string) =>
  eventually(() => page.getByRole('status').filter({ hasText: text }).count()).toBe(1);

/** A small PNG drawn by the browser itself: a real picture to choose in the file input. */
async function pngPhoto(page: Page): Promise<Buffer> {
  const data = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 320;
    canvas.height = 200;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d context');
    const gradient = context.createLinearGradient(0, 0, 320, 200);
    gradient.addColorStop(0, '#d8b57f');
    gradient.addColorStop(1, '#3b2619');
    context.fillStyle = gradient;
    context.fillRect(0, 0, 320, 200);
    context.fillStyle = '#faf6f0';
    context.beginPath();
    context.arc(160, 100, 50, 0, Math.PI * 2);
    context.fill();
    return canvas.toDataURL('image/png').split(',')[1] ?? '';
  });
  return Buffer.from(data, 'base64');
}

/** The whole screen from its top, so the sticky top bar and the sidebar sit where a person sees them. */
async function screenFromTop(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, name);
}

/** How far the page is wider than the window (0 when nothing overflows). */
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** Failures the page logs for refusals the test asked for (409, 400) are expected; nothing else. */
const unexpected = (problems: string[]) => problems.filter((problem) => !/\b(409|400)\b/.test(problem));

describe('the Menu and Shop screens', () => {
  it('changes a treatment’s price (the API has it at once), refuses a bad one with its message, and moves it (1280 px)', async () => {
    const before = (await publicTreatments()).find((treatment) => treatment.name === 'Ashiatsu');
    expect(before?.price).toBe(20_000);
    const { page, problems } = await open(viewports.desktop);
    await signIn(page, `${paths.admin}/menu`);
    await page.getByRole('heading', { name: 'Menu', level: 1 }).waitFor();
    await listLoaded(page);
    const row = item(page, 'Ashiatsu');
    await eventually(() => row.textContent()).toContain('₦20,000');

    await row.getByRole('button', { name: 'Edit Ashiatsu' }).click();
    const form = page.getByRole('dialog', { name: 'Edit Ashiatsu' });
    await form.waitFor();
    await eventually(() => form.getByLabel('Price (₦)').inputValue()).toBe('20000');
    // Over ₦10,000,000: the field says why and nothing is sent.
    await form.getByLabel('Price (₦)').fill('20000000');
    await form.getByRole('button', { name: 'Save' }).click();
    const priceMessage = 'Please give a price in whole naira, from ₦1 to ₦10,000,000.';
    await eventually(() => form.getByText(priceMessage).isVisible()).toBe(true);
    expect(await form.getByLabel('Price (₦)').getAttribute('aria-invalid')).toBe('true');
    expect((await publicTreatments()).find((treatment) => treatment._id === before?._id)?.price).toBe(20_000);
    await form.getByLabel('Price (₦)').fill('23500');
    expect(await form.getByLabel('Group').inputValue()).toBe(before?.group);
    expect(await form.getByLabel('Shown on the site').isChecked()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'admin-treatment-form-1280', 'viewport');
    await form.getByRole('button', { name: 'Save' }).click();
    await eventually(() => form.isVisible()).toBe(false);
    await notice(page, 'Ashiatsu is saved.');
    await eventually(() => row.textContent()).toContain('₦23,500');
    expect((await publicTreatments()).find((treatment) => treatment.name === 'Ashiatsu')?.price).toBe(23_500);

    // Up its group and back down: the site's order follows each move.
    const group = page.locator('section.admin-catalogue').filter({ has: row });
    const names = () => group.locator('.admin-catalogue__name').allTextContents();
    const order = await names();
    const at = order.indexOf('Ashiatsu');
    expect(at).toBeGreaterThan(0);
    const publicOrder = async () =>
      (await publicTreatments()).filter((treatment) => order.includes(treatment.name)).map((entry) => entry.name);
    expect(await publicOrder()).toEqual(order);
    await row.getByRole('button', { name: 'Move Ashiatsu up' }).click();
    const raised = [...order];
    raised.splice(at - 1, 2, 'Ashiatsu', order[at - 1] ?? '');
    await eventually(names).toEqual(raised);
    await notice(page, 'Ashiatsu moved up.');
    expect(await publicOrder()).toEqual(raised);
    await row.getByRole('button', { name: 'Move Ashiatsu down' }).click();
    await eventually(names).toEqual(order);
    expect(await publicOrder()).toEqual(order);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    expect(await axeViolations(page)).toEqual([]);
    await screenFromTop(page, 'admin-menu-1280');

    // The price goes back, as the other journeys expect it.
    await row.getByRole('button', { name: 'Edit Ashiatsu' }).click();
    await form.waitFor();
    await eventually(() => form.getByLabel('Price (₦)').inputValue()).toBe('23500');
    await form.getByLabel('Price (₦)').fill('20000');
    await form.getByRole('button', { name: 'Save' }).click();
    await eventually(() => row.textContent()).toContain('₦20,000');
    expect((await publicTreatments()).find((treatment) => treatment.name === 'Ashiatsu')?.price).toBe(20_000);
    expect(unexpected(problems)).toEqual([]);
    await page.context().close();
  });

  it('adds a product with a photo chosen from a file, counts its stock, and hides and shows it (390 px)', async () => {
    const name = `Shea Butter ${Date.now().toString(36)}`;
    const { page, problems } = await open(viewports.phone);
    await signIn(page, `${paths.admin}/shop`);
    await page.getByRole('heading', { name: 'Shop', level: 1 }).waitFor();
    await listLoaded(page);

    await page.getByRole('button', { name: 'Add product' }).click();
    const form = page.getByRole('dialog', { name: 'Add product' });
    await form.waitFor();
    // Empty, each field says what it needs.
    await form.getByRole('button', { name: 'Add product' }).click();
    for (const message of [
      'Please give a name (at most 80 characters).',
      'Please give a category (at most 40 characters).',
      'Please give a description (at most 600 characters).',
      'Each size needs a label (at most 30 characters), e.g. 100ml.',
      'Please give a price in whole naira, from ₦1 to ₦10,000,000.',
    ]) {
      await eventually(() => form.getByText(message).isVisible(), 5_000).toBe(true);
    }
    // The first field that says why has the focus.
    await eventually(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('name');

    await form.getByLabel('Name').fill(name);
    await form.getByLabel('Category').fill('Body Care');
    await form.getByLabel('Description').fill('Raw shea from Kano, whipped soft for dry skin.');
    await form.getByLabel('Ingredients (optional)').fill('Butyrospermum parkii (shea) butter');
    const size = (index: number) => form.getByRole('group', { name: `Size ${index}` });
    await size(1).getByLabel('Size label').fill('200g');
    await size(1).getByLabel('Price (₦)').fill('9000');
    await size(1).getByLabel('Stock').fill('3');
    await form.getByRole('button', { name: 'Add a size' }).click();
    await size(2).getByLabel('Size label').fill('200G');
    await size(2).getByLabel('Price (₦)').fill('15000');
    await form.getByRole('button', { name: 'Add product' }).click();
    await eventually(() => size(2).getByText('Each size label can be used only once.').isVisible()).toBe(true);
    await size(2).scrollIntoViewIfNeeded();
    await screenshot(page, 'admin-product-sizes-390', 'viewport');
    await size(2).getByLabel('Size label').fill('500g');
    // Stock left empty: not counted.

    // Not a picture: refused before anything is sent.
    const photoInput = form.getByLabel('Add a photo');
    expect(await photoInput.getAttribute('accept')).toBe('image/jpeg,image/png,image/webp');
    await photoInput.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await eventually(() => form.getByRole('alert').textContent()).toBe('Please choose a JPEG, PNG or WebP picture.');
    await photoInput.setInputFiles({ name: 'shea.png', mimeType: 'image/png', buffer: await pngPhoto(page) });
    const thumb = form.locator('.admin-photos__thumb');
    await eventually(() => thumb.getAttribute('src')).toMatch(/^\/media\//);
    expect(await thumb.getAttribute('alt')).toBe(name);
    await eventually(() =>
      thumb.evaluate((image) => (image as HTMLImageElement).complete && (image as HTMLImageElement).naturalWidth),
    ).toBe(320);
    await eventually(() => form.getByText('Photo added. Save the product to keep it.').isVisible()).toBe(true);
    // The server's own refusal shows as it comes: a name the shop already has.
    await form.getByLabel('Name').fill('all glow body oil');
    await form.getByRole('button', { name: 'Add product' }).click();
    await eventually(() => form.getByRole('alert').textContent()).toBe(
      'There is already an item called all glow body oil. Please choose another name.',
    );
    expect((await publicProducts()).filter((product) => /^all glow body oil$/i.test(product.name))).toHaveLength(1);
    await form.getByLabel('Name').fill(name);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'admin-product-form-390', 'viewport');
    await form.getByRole('button', { name: 'Add product' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'admin-product-form-end-390', 'viewport');
    await form.getByRole('button', { name: 'Add product' }).click();
    await eventually(() => form.isVisible()).toBe(false);
    await notice(page, `${name} is added to the shop.`);

    const row = item(page, name);
    await eventually(() => row.count()).toBe(1);
    const text = await row.textContent();
    for (const part of ['200g', '₦9,000', '3 in stock', 'Low stock', '500g', '₦15,000', 'Not counted']) {
      expect(text).toContain(part);
    }
    expect(await row.getByText('Sold out').count()).toBe(0);
    const listed = await publicProduct(name);
    expect(listed?.sizes).toEqual([
      { size: '200g', price: 9_000, stock: 3 },
      { size: '500g', price: 15_000, stock: null },
    ]);
    const [image] = listed?.images ?? [];
    expect(image).toMatch(/^\/media\/\S+$/);
    const served = await fetch(`${baseUrl}${image}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('Content-Type')).toBe('image/webp');
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('RIFF');
    expect(bytes.subarray(8, 12).toString('latin1')).toBe('WEBP');

    // The last jar sells: at 0 it is sold out.
    await row.getByRole('button', { name: `Edit ${name}` }).click();
    const edit = page.getByRole('dialog', { name: `Edit ${name}` });
    await edit.waitFor();
    await eventually(() => edit.getByRole('group', { name: 'Size 1' }).getByLabel('Stock').inputValue()).toBe('3');
    await edit.getByRole('group', { name: 'Size 1' }).getByLabel('Stock').fill('0');
    await edit.getByRole('button', { name: 'Save' }).click();
    await notice(page, `${name} is saved.`);
    await eventually(() => row.getByText('Sold out').isVisible()).toBe(true);
    expect(await row.getByText('Low stock').count()).toBe(0);
    expect((await publicProduct(name))?.sizes[0]?.stock).toBe(0);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    expect(await axeViolations(page)).toEqual([]);
    await screenFromTop(page, 'admin-shop-390');

    // Hidden, the shop's API leaves it out; shown, it is back.
    await row.getByRole('button', { name: `Hide ${name}` }).click();
    await notice(page, `${name} is hidden: the shop no longer shows it.`);
    await eventually(() => row.getByText('Hidden', { exact: true }).isVisible()).toBe(true);
    expect(await publicProduct(name)).toBeUndefined();
    await row.getByRole('button', { name: `Show ${name}` }).click();
    await notice(page, `${name} is shown in the shop again.`);
    await eventually(() => row.getByText('Hidden', { exact: true }).count()).toBe(0);
    expect(await publicProduct(name)).toBeDefined();

    // Hidden again: the shop journeys count today's six products.
    await row.getByRole('button', { name: `Hide ${name}` }).click();
    await eventually(() => publicProduct(name)).toBeUndefined();
    expect(unexpected(problems)).toEqual([]);
    await page.context().close();
  });

  it('tells a save made after someone else’s to reload, and saves once reloaded (1280 px)', async () => {
    const name = `Black Soap ${Date.now().toString(36)}`;
    const cookie = await staffCookie(baseUrl);
    const json = { 'Content-Type': 'application/json', Origin: baseUrl, Cookie: cookie };
    const created = await fetch(`${baseUrl}/api/products`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({
        name,
        category: 'Soap',
        description: 'Dudu-osun black soap with shea and honey.',
        sizes: [{ size: '150g', price: 4_500, stock: null }],
        active: false,
      }),
    });
    expect(created.status).toBe(201);
    const { _id: id } = (await created.json()) as { _id: string };

    const { page, problems } = await open(viewports.desktop);
    await signIn(page, `${paths.admin}/shop`);
    await listLoaded(page);
    const row = item(page, name);
    await eventually(() => row.getByText('Hidden', { exact: true }).isVisible()).toBe(true);
    await row.getByRole('button', { name: `Edit ${name}` }).click();
    const form = page.getByRole('dialog', { name: `Edit ${name}` });
    await form.waitFor();
    expect(await form.getByLabel('Shown on the site').isChecked()).toBe(false);

    // Someone else saves a new description meanwhile.
    const catalogue = (await (await fetch(`${baseUrl}/api/catalogue`, { headers: { Cookie: cookie } })).json()) as {
      products: Array<{ _id: string; version: number }>;
    };
    const version = catalogue.products.find((product) => product._id === id)?.version;
    const theirs = await fetch(`${baseUrl}/api/products/${id}`, {
      method: 'PUT',
      headers: json,
      body: JSON.stringify({ description: 'Dudu-osun black soap, now with lime.', version }),
    });
    expect(theirs.status).toBe(200);

    await form.getByRole('group', { name: 'Size 1' }).getByLabel('Price (₦)').fill('5000');
    await form.getByRole('button', { name: 'Save' }).click();
    await eventually(() => form.getByRole('alert').textContent()).toContain(
      `${name} was changed by someone else since you opened it.`,
    );
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'admin-product-conflict-1280', 'viewport');
    await form.getByRole('button', { name: 'Reload the latest' }).click();
    await eventually(() => form.getByLabel('Description').inputValue()).toBe('Dudu-osun black soap, now with lime.');
    expect(await form.getByRole('group', { name: 'Size 1' }).getByLabel('Price (₦)').inputValue()).toBe('4500');
    await form.getByRole('group', { name: 'Size 1' }).getByLabel('Price (₦)').fill('5000');
    await form.getByRole('button', { name: 'Save' }).click();
    await notice(page, `${name} is saved.`);
    await eventually(() => row.textContent()).toContain('₦5,000');
    expect(await row.textContent()).toContain('No photo');
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    expect(await axeViolations(page)).toEqual([]);
    await screenFromTop(page, 'admin-shop-1280');
    expect(unexpected(problems)).toEqual([]);
    await page.context().close();
  });

  it('reaches Menu and Shop from the sidebar on a phone, and the add forms fit it (390 px)', async () => {
    const { page, problems } = await open(viewports.phone);
    await signIn(page, `${paths.admin}/bookings`);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('link', { name: 'Menu', exact: true }).click();
    await page.getByRole('heading', { name: 'Menu', level: 1 }).waitFor();
    await listLoaded(page);
    expect(await page.title()).toMatch(/^Menu · Admin/);
    await eventually(() => item(page, 'Nuru').textContent()).toContain('₦100,000');
    // The overnight treatment has no length to change.
    expect(await item(page, 'Sleepover').textContent()).toContain('Overnight');
    expect(await axeViolations(page)).toEqual([]);
    await screenFromTop(page, 'admin-menu-390');
    await item(page, 'Sleepover').getByRole('button', { name: 'Edit Sleepover' }).click();
    const sleepover = page.getByRole('dialog', { name: 'Edit Sleepover' });
    await sleepover.waitFor();
    expect(await sleepover.getByText('Overnight (cannot change)').isVisible()).toBe(true);
    expect(await sleepover.getByLabel('Length').count()).toBe(0);
    await sleepover.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Add treatment' }).click();
    const add = page.getByRole('dialog', { name: 'Add treatment' });
    await add.waitFor();
    expect(await add.getByLabel('Length').inputValue()).toBe('60');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'admin-treatment-add-390', 'viewport');
    // Nothing overflows the phone's width.
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await add.getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('link', { name: 'Shop', exact: true }).click();
    await page.getByRole('heading', { name: 'Shop', level: 1 }).waitFor();
    await listLoaded(page);
    await eventually(() => item(page, 'All Glow Body Oil').textContent()).toContain('₦13,000');
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
