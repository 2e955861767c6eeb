// What visitors see after staff change the catalogue, on the built site in Chromium: a new price in
// /massage-therapy's HTML (read without scripts) within a minute, in the booking total and in the
// amount the checkout takes; a product staff add with a photo, in the shop and bought; a size that
// sells out, said so (and its button disabled); a cancelled order with its refund on the Orders
// screen. The browser tests share one database: every change here is put back at the end.
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { readSiteUrl } from '../../../scripts/lib/web-define.ts';
import { paths } from '../../../web/config/paths';
import { sitePages } from '../../../worker/shared/site-pages';
import { addDays, lagosDate } from '../../../worker/shared/time';
import { confirmBooking, fillBooking } from '../support/booking-steps';
import {
  axeViolations,
  eventually,
  openPage,
  screenshot,
  sharedChromium,
  type Viewport,
  viewports,
} from '../support/browser';
import { payOverHttp } from '../support/pay-over-http';
import { signIn, staffCookie } from '../support/staff';

const baseUrl = inject('baseUrl');
const siteUrl = readSiteUrl();
const browser = sharedChromium();

const open = (viewport: Viewport, options: { javaScriptEnabled?: boolean } = {}) =>
  openPage(browser(), baseUrl, viewport, { bypassCSP: true, ...options });

/** A staff call to the API with the session cookie (JSON, the site's own Origin). */
async function staff(cookie: string, path: string, method = 'GET', body?: unknown) {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { Cookie: cookie, Origin: baseUrl, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(response.status, `${method} ${path}`).toBeLessThan(300);
  return response.json() as Promise<Record<string, unknown>>;
}

interface StaffProduct {
  _id: string;
  name: string;
  version: number;
  sizes: Array<{ size: string; price: number; stock: number | null }>;
}

const staffProduct = async (cookie: string, id: string) =>
  ((await staff(cookie, '/api/catalogue')) as unknown as { products: StaffProduct[] }).products.find(
    (product) => product._id === id,
  );

/** The page's HTML as it arrives, no script run. */
const html = async (path: string) => (await fetch(`${baseUrl}${path}`)).text();

/** The products in the shop's structured data, as its HTML arrives. */
async function productGraph(): Promise<Array<Record<string, unknown>>> {
  const blocks = [...(await html(paths.shop)).matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)];
  return blocks.flatMap(
    ([, json]) => (JSON.parse(json ?? '{}') as { '@graph'?: Array<Record<string, unknown>> })['@graph'] ?? [],
  );
}

/** A 64×64 PNG drawn by the browser: a real photo to choose in a file input or upload. */
const pngPhoto = (page: Page) =>
  page.evaluate(async () => {
    const canvas = new OffscreenCanvas(64, 64);
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d context');
    context.fillStyle = '#7d5426';
    context.fillRect(0, 0, 64, 64);
    const blob = await canvas.convertToBlob({ type: 'image/png' });
    return [...new Uint8Array(await blob.arrayBuffer())];
  });

describe('a price staff change', () => {
  it('is in /massage-therapy’s HTML within a minute (without scripts too), the booking total and the checkout amount', {
    timeout: 120_000,
  }, async () => {
    const cookie = await staffCookie(baseUrl);
    await staff(cookie, '/api/treatments/swedish', 'PUT', { price: 27_500 });
    try {
      const saved = Date.now();
      await eventually(() => html(paths.massageTherapy).then((text) => text.includes('₦27,500')), 60_000).toBe(true);
      console.log(`new price in the HTML after ${Date.now() - saved} ms`);
      const offers = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(await html(paths.massageTherapy));
      expect(offers?.[1]).toContain('"price":27500');

      // A visitor without JavaScript reads it.
      const plain = await open(viewports.phone, { javaScriptEnabled: false });
      await plain.page.goto(paths.massageTherapy);
      const swedish = plain.page.locator('.treatment-card', {
        has: plain.page.getByRole('heading', { name: 'Swedish' }),
      });
      expect(await swedish.locator('.price').textContent()).toBe('₦27,500');
      await screenshot(plain.page, 'massage-therapy-new-price-nojs-390', 'viewport');
      await plain.page.context().close();

      // The booking form totals it and the checkout takes it.
      const { page, problems } = await open(viewports.desktop);
      await page.goto(paths.booking);
      await fillBooking(page, addDays(lagosDate(new Date()), 15), '10:00');
      await eventually(() => page.locator('.booking-form__total').textContent()).toContain('₦57,500');
      const dialog = await confirmBooking(page);
      expect(await dialog.locator('.payment-dialog__total').textContent()).toContain('₦57,500');
      await dialog.getByRole('button', { name: 'Make Payment' }).click();
      await page.waitForURL(/\/api\/payment\/test-checkout\/BK-/);
      expect(await page.locator('body').textContent()).toContain('₦57,500');
      expect(problems).toEqual([]);
      await page.context().close();
    } finally {
      await staff(cookie, '/api/treatments/swedish', 'PUT', { price: 25_000 });
    }
  });
});

describe('a product staff add with a photo', () => {
  it('is in the shop with its photo, is bought, and when it sells out the shop says so', {
    timeout: 120_000,
  }, async () => {
    const cookie = await staffCookie(baseUrl);
    // Staff add it on the Shop screen, the photo chosen from a file (made a WebP by the browser).
    const admin = await open(viewports.desktop);
    await signIn(admin.page, `${paths.admin}/shop`);
    await admin.page.getByRole('button', { name: 'Add product' }).click();
    const form = admin.page.getByRole('dialog', { name: 'Add product' });
    await form.getByLabel('Name').fill('Shea Glow Butter');
    await form.getByLabel('Category').fill('Body Butter');
    await form.getByLabel('Description').fill('Whipped shea butter with a little orange oil.');
    const size = form.getByRole('group', { name: 'Size 1' });
    await size.getByLabel('Size label').fill('200g');
    await size.getByLabel('Price (₦)').fill('9000');
    await size.getByLabel('Stock').fill('1');
    await form
      .getByLabel('Add a photo')
      .setInputFiles({ name: 'shea.png', mimeType: 'image/png', buffer: Buffer.from(await pngPhoto(admin.page)) });
    await eventually(() => form.locator('.admin-photos__thumb').getAttribute('src')).toMatch(/^\/media\//);
    await form.getByRole('button', { name: 'Add product' }).click();
    await eventually(() => form.isVisible()).toBe(false);
    expect(admin.problems).toEqual([]);
    await admin.page.context().close();
    const created = ((await staff(cookie, '/api/catalogue')) as unknown as { products: StaffProduct[] }).products.find(
      (product) => product.name === 'Shea Glow Butter',
    ) as StaffProduct & { images: string[] };
    const [url] = created.images;
    expect(url).toMatch(/^\/media\/products\/\w+\.webp$/);

    const { page, problems } = await open(viewports.phone);
    try {
      await page.goto(paths.shop);
      const card = page.locator('.product-card', { has: page.getByRole('heading', { name: 'Shea Glow Butter' }) });
      await eventually(() => card.count()).toBe(1);
      await card.scrollIntoViewIfNeeded(); // its picture loads as it comes near
      await eventually(() => card.locator('img').evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(64);
      expect(await card.locator('img').getAttribute('src')).toBe(url);
      expect(await card.locator('.stock-badge').textContent()).toBe('Only 1 left');
      // New, so no reviews: said in words, and its structured data claims no rating.
      expect(await card.locator('.rating').textContent()).toBe('No reviews yet');
      const sheaData = async () => (await productGraph()).find((item) => item.name === 'Shea Glow Butter');
      await eventually(sheaData, 60_000).toBeDefined();
      const shopData = await sheaData();
      expect(shopData).toMatchObject({ offers: [{ price: 9000, availability: 'https://schema.org/InStock' }] });
      expect(shopData).not.toHaveProperty('aggregateRating');
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, 'shop-new-product-390', 'viewport');

      // Bought: the one left goes in the cart, and the cart will not take a second.
      await card.getByRole('button', { name: 'Add to cart: Shea Glow Butter, 200g' }).click();
      await card.getByRole('button', { name: 'Add to cart: Shea Glow Butter, 200g' }).click();
      await eventually(() => page.locator('.toast-region').textContent()).toBe(
        'Only 1 left: your cart already has it.',
      );
      await page.locator('.cart-button').click();
      const cart = page.getByRole('dialog', { name: 'Your cart' });
      expect(
        await cart.getByRole('button', { name: 'One more Shea Glow Butter, 200g' }).getAttribute('aria-disabled'),
      ).toBe('true');
      await cart.getByRole('button', { name: 'Proceed to Checkout' }).click();
      const checkout = page.getByRole('dialog', { name: 'Checkout' });
      await checkout.getByLabel('Full name').fill('Ngozi Eze');
      await checkout.getByLabel('Email address').fill('ngozi@example.com');
      await checkout.getByLabel('Phone number').fill('0803 555 0101');
      await checkout.getByLabel('Shipping address').fill('3 Bourdillon Road, Ikoyi, Lagos');
      await checkout.getByRole('button', { name: 'Continue to payment' }).click();
      const payment = page.getByRole('dialog', { name: 'Review and pay' });
      expect(await payment.locator('.payment-dialog__total').textContent()).toContain('₦9,000');
      await payment.getByRole('button', { name: 'Make Payment' }).click();
      await page.waitForURL(/\/api\/payment\/test-checkout\/OR-/);
      await page.getByRole('button', { name: /Pay/ }).click();
      await page.waitForURL(/\/order-confirmation-pg\?trxref=OR-/);
      await eventually(() => page.locator('.confirmation').textContent()).toContain('Shea Glow Butter 200g × 1');

      // Sold out: the shop says so, with scripts and without, and no one else can pay for one.
      await page.goto(paths.shop);
      const soldOut = page.getByRole('button', { name: 'Sold out: Shea Glow Butter, 200g' });
      await eventually(() => soldOut.isDisabled()).toBe(true);
      expect(await card.locator('.stock-badge').textContent()).toBe('Sold out');
      await card.scrollIntoViewIfNeeded();
      await screenshot(page, 'shop-sold-out-390', 'viewport');
      await eventually(
        () => html(paths.shop).then((text) => text.includes('Sold out: Shea Glow Butter, 200g')),
        60_000,
      ).toBe(true);
      const late = await fetch(`${baseUrl}/api/payment/initialize`, {
        method: 'POST',
        headers: { Origin: baseUrl, 'Content-Type': 'application/json' },
        body: JSON.stringify({
          amount: 900_000,
          email: 'late@example.com',
          metadata: JSON.stringify({
            details: {
              paymentType: 'order',
              customerName: 'Late Buyer',
              customerEmail: 'late@example.com',
              customerPhone: '0803 555 0102',
              shippingAddress: '1 Marina, Lagos Island, Lagos',
              orderItems: [{ productId: created._id, productSize: { size: '200g' }, productQuantity: 1 }],
              amount: 9_000,
            },
          }),
        }),
      });
      expect(late.status).toBe(409);
      expect(((await late.json()) as { message: string }).message).toMatch(/^Only 0 left of Shea Glow Butter \(200g\)/);
      expect(problems).toEqual([]);
    } finally {
      const current = await staffProduct(cookie, created._id);
      await staff(cookie, `/api/products/${created._id}`, 'PUT', { active: false, version: current?.version });
      await page.context().close();
    }
  });
});

describe('an order staff cancel', () => {
  it.each([
    ['phone', viewports.phone],
    ['desktop', viewports.desktop],
  ] as const)('is cancelled with its refund and its units back, under Cancelled (%s)', async (_name, viewport) => {
    const cookie = await staffCookie(baseUrl);
    const before = await staffProduct(cookie, 'recovery-night-cream');
    const size = before?.sizes[0];
    if (!before || !size) throw new Error('the night cream is not in the shop');
    await staff(cookie, '/api/products/recovery-night-cream', 'PUT', {
      sizes: before.sizes.map((each, index) => (index === 0 ? { ...each, stock: 4 } : each)),
      version: before.version,
    });
    const customer = `Tolu Ade ${viewport.width}`;
    await payOverHttp(
      baseUrl,
      {
        paymentType: 'order',
        customerName: customer,
        customerEmail: 'tolu@example.com',
        customerPhone: '0803 555 0199',
        shippingAddress: '7 Admiralty Road, Lekki Phase 1, Lagos',
        orderItems: [{ productId: 'recovery-night-cream', productSize: { size: size.size }, productQuantity: 2 }],
        amount: size.price * 2,
      },
      size.price * 200,
    );
    expect((await staffProduct(cookie, 'recovery-night-cream'))?.sizes[0]?.stock).toBe(2);

    const { page, problems } = await open(viewport);
    try {
      await signIn(page, `${paths.admin}/orders`);
      await page.getByText('Loading...').waitFor({ state: 'detached' });
      const row = page.getByRole('listitem').filter({ hasText: customer });
      await eventually(() => row.count()).toBe(1);
      await row.getByRole('button', { name: 'Details' }).click();
      expect(await row.getByLabel(/Refund .* to the customer/).isChecked()).toBe(true);
      await row.getByRole('button', { name: 'Cancel order' }).click();
      expect(await row.textContent()).toContain('The items go back into stock and the customer is told by email.');
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, `admin-order-cancel-${viewport.width}`, 'viewport');
      await row.getByRole('button', { name: 'Yes, cancel order' }).click();
      await eventually(() => row.count()).toBe(0);

      await page.getByRole('tab', { name: 'Cancelled' }).click();
      await page.getByText('Loading...').waitFor({ state: 'detached' });
      const cancelled = page.getByRole('listitem').filter({ hasText: customer });
      await eventually(() => cancelled.count()).toBe(1);
      expect(await cancelled.textContent()).toContain('Refunded (test mode)');
      expect(await cancelled.getByRole('button', { name: 'Cancel order' }).count()).toBe(0);
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, `admin-orders-cancelled-${viewport.width}`, 'viewport');
      expect((await staffProduct(cookie, 'recovery-night-cream'))?.sizes[0]?.stock).toBe(4);
      expect(problems).toEqual([]);
    } finally {
      const current = await staffProduct(cookie, 'recovery-night-cream');
      await staff(cookie, '/api/products/recovery-night-cream', 'PUT', {
        sizes: before.sizes,
        version: current?.version,
      });
      await page.context().close();
    }
  });
});

describe('the catalogue a page starts from', () => {
  it('is the copy in the HTML the Worker rendered, and the build’s only after a move from a page without one', async () => {
    const { page, problems } = await open(viewports.phone);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    const builtCopy = () => scripts.filter((path) => path.includes('/built-catalogue-'));
    try {
      await page.goto(paths.booking);
      await page.waitForLoadState('networkidle');
      expect(await page.getByLabel('Swedish').isVisible()).toBe(true);
      expect(builtCopy()).toEqual([]);

      // /about carries no catalogue: the booking page reached from it starts from the build's,
      // and the head follows the move.
      await page.goto(paths.about);
      await page.getByRole('link', { name: 'Book now' }).click();
      await page.waitForURL(`**${paths.booking}`);
      await eventually(() => page.getByLabel('Swedish').isVisible()).toBe(true);
      expect(builtCopy()).toHaveLength(1);
      await eventually(() => page.title()).toBe(sitePages.booking.title);
      expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(
        `${siteUrl}${sitePages.booking.path}`,
      );
      expect(problems).toEqual([]);
    } finally {
      await page.context().close();
    }
  });
});

describe('the Packages menu item', () => {
  it('is left out of every menu while nothing is on sale at /packages, and back once something is', {
    timeout: 120_000,
  }, async () => {
    const cookie = await staffCookie(baseUrl);
    const onSale = {
      packages: ((await staff(cookie, '/api/packages')) as unknown as Array<{ _id: string }>).map((each) => each._id),
      memberships: ((await staff(cookie, '/api/memberships')) as unknown as Array<{ _id: string }>).map(
        (each) => each._id,
      ),
    };
    const show = async (kind: 'packages' | 'memberships', ids: string[], shown: boolean) => {
      for (const id of ids) await staff(cookie, `/api/${kind}/${id}`, 'PUT', { shown });
    };
    let added: string | undefined;
    try {
      await show('packages', onSale.packages, false);
      await show('memberships', onSale.memberships, false);
      // A catalogue page, a plain page and a visitor's app shell: each marked.
      for (const path of [paths.home, paths.about, paths.bookingConfirmation]) {
        await eventually(() => html(path).then((text) => text.includes('<html data-packages="none"')), 60_000).toBe(
          true,
        );
      }

      const { page, problems } = await open(viewports.desktop);
      await page.goto(paths.about);
      await page.getByRole('button', { name: 'Services' }).click();
      const submenu = page.locator('.site-nav__submenu');
      await eventually(() => submenu.getByRole('link').allTextContents()).toEqual([
        'Massage Therapy',
        'Gift Vouchers',
        'Academy',
      ]);
      const footer = page.getByRole('contentinfo');
      expect(await footer.getByRole('link', { name: 'Gift Vouchers' }).count()).toBe(1);
      expect(await footer.getByRole('link', { name: 'Packages' }).count()).toBe(0);
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, 'menu-without-packages-1280', 'viewport');
      // On a phone, behind the menu button: the same three services.
      const phone = await open(viewports.phone);
      await phone.page.goto(paths.about);
      await phone.page.getByRole('button', { name: 'Open menu' }).click();
      await phone.page.getByRole('button', { name: 'Services' }).click();
      await eventually(() => phone.page.locator('.site-nav__submenu').getByRole('link').allTextContents()).toEqual([
        'Massage Therapy',
        'Gift Vouchers',
        'Academy',
      ]);
      expect(await axeViolations(phone.page)).toEqual([]);
      await screenshot(phone.page, 'menu-without-packages-390', 'viewport');
      expect(phone.problems).toEqual([]);
      await phone.page.context().close();

      // Something on sale again: every page's menu has it after a reload.
      const created = await staff(cookie, '/api/packages', 'POST', {
        name: 'Menu test pair',
        treatments: ['swedish'],
        sessions: 2,
        price: 45_000,
        validMonths: 3,
      });
      added = created._id as string;
      await eventually(() => html(paths.about).then((text) => text.includes('data-packages')), 60_000).toBe(false);
      await page.reload();
      await page.getByRole('button', { name: 'Services' }).click();
      await eventually(() => submenu.getByRole('link', { name: 'Packages' }).count()).toBe(1);
      expect(await footer.getByRole('link', { name: 'Packages' }).count()).toBe(1);
      expect(problems).toEqual([]);
      await page.context().close();
    } finally {
      if (added) await show('packages', [added], false);
      await show('packages', onSale.packages, true);
      await show('memberships', onSale.memberships, true);
    }
  });
});
