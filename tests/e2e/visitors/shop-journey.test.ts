import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { paths } from '../../../web/config/paths';
import { CART_KEY, shopMessages } from '../../../web/features/shop/shop-constants';
import { checkoutMessages } from '../../../worker/shared/catalogue/order-schema';
import {
  axeViolations,
  eventually,
  openPage,
  screenshot,
  sharedChromium,
  type Viewport,
  viewports,
} from '../support/browser';
import { E2E_COUPON } from '../support/global-setup';
import { recordRequestUrls, urlsCarrying } from '../support/request-log';

const baseUrl = inject('baseUrl');
const browser = sharedChromium();

const open = (viewport: Viewport) => openPage(browser(), baseUrl, viewport, { bypassCSP: true });

const card = (page: Page, name: string) => page.locator('.product-card', { has: page.getByRole('heading', { name }) });
const addButton = (page: Page, name: string, size: string) =>
  page.getByRole('button', { name: `Add to cart: ${name}, ${size}` });
const cartButton = (page: Page) => page.locator('.cart-button');
const cartCount = (page: Page) => cartButton(page).getAttribute('aria-label');
const toast = (page: Page) => page.locator('.toast-region').textContent();

async function add(page: Page, name: string, size: string) {
  await card(page, name).locator('.size-picker__option', { hasText: size }).click();
  await addButton(page, name, size).click();
}

async function checkOut(page: Page) {
  await cartButton(page).click();
  await page.getByRole('dialog', { name: 'Your cart' }).getByRole('button', { name: 'Proceed to Checkout' }).click();
  return page.getByRole('dialog', { name: 'Checkout' });
}

describe('the shop', () => {
  it('keeps a cart, checks out with validation, takes a coupon, pays in the test checkout and confirms the order', {
    timeout: 60_000,
  }, async () => {
    const { page, problems } = await open(viewports.phone);
    const requested = recordRequestUrls(page);
    await page.goto(paths.shop);
    await eventually(() => page.locator('.product-card').count()).toBe(6);
    expect(await cartCount(page)).toBe('Open cart, 0 items');

    // Two sizes of one product and another product; the same size again raises its quantity.
    await add(page, 'All Glow Body Oil', '100ml');
    await eventually(() => toast(page)).toBe(`${shopMessages.added} All Glow Body Oil, 100ml View cart`);
    await add(page, 'All Glow Body Oil', '250ml');
    expect(await card(page, 'All Glow Body Oil').locator('.product-card__price').textContent()).toBe('₦20,000');
    await add(page, 'All Glow Body Oil', '100ml');
    await add(page, 'Goat Milk Bar Soap', '100g');
    await eventually(() => cartCount(page)).toBe('Open cart, 4 items');
    await screenshot(page, 'shop-toast-390', 'viewport');
    await page.locator('.toast').getByRole('button', { name: 'View cart' }).click();
    await eventually(() => page.getByRole('dialog', { name: 'Your cart' }).isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await eventually(() => toast(page)).toBe(''); // the toast goes after 3 seconds

    // The cart panel: focus moves in, plus and minus, minus stops at 1, one line removed.
    await cartButton(page).click();
    const cart = page.getByRole('dialog', { name: 'Your cart' });
    await cart.waitFor();
    await cart.evaluate((panel) => Promise.all(panel.getAnimations().map((animation) => animation.finished))); // slid in
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('dialog')))).toBe(true);
    expect(await cart.locator('.cart-line').count()).toBe(3);
    const soapMinus = cart.getByRole('button', { name: 'One fewer Goat Milk Bar Soap, 100g' });
    expect(await soapMinus.getAttribute('aria-disabled')).toBe('true');
    await soapMinus.click({ force: true }); // aria-disabled: focusable, but it does nothing
    expect(await cart.getByLabel('Quantity of Goat Milk Bar Soap, 100g').textContent()).toBe('1');
    await cart.getByRole('button', { name: 'One more Goat Milk Bar Soap, 100g' }).click();
    await eventually(() => cart.getByLabel('Quantity of Goat Milk Bar Soap, 100g').textContent()).toBe('2');
    expect(await soapMinus.getAttribute('aria-disabled')).toBe('false');
    await soapMinus.click();
    await eventually(() => cart.getByLabel('Quantity of Goat Milk Bar Soap, 100g').textContent()).toBe('1');
    await cart.getByRole('button', { name: 'Remove All Glow Body Oil, 250ml' }).click();
    await eventually(() => cart.locator('.cart-line').count()).toBe(2);
    expect(await cart.getByLabel('Quantity of All Glow Body Oil, 100ml').textContent()).toBe('2');
    expect(await cart.locator('.drawer__subtotal').textContent()).toBe('Subtotal₦32,000');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'shop-cart-390', 'viewport');
    await page.keyboard.press('Escape');
    await eventually(() => cart.isVisible()).toBe(false);
    await eventually(() => page.evaluate(() => document.activeElement?.className)).toBe('cart-button');

    // The cart survives a reload and shows in a new tab.
    await page.reload();
    await eventually(() => cartCount(page)).toBe('Open cart, 3 items');
    const secondTab = await page.context().newPage();
    await secondTab.goto(paths.shop);
    await eventually(() => cartCount(secondTab)).toBe('Open cart, 3 items');
    await secondTab.close();

    // The header's cart on every public page: its count, and a tap opens the cart in the shop.
    await page.goto(paths.about);
    const headerCart = page.locator('.site-header__cart');
    await eventually(() => headerCart.getAttribute('aria-label')).toBe('Cart, 3 items');
    await screenshot(page, 'header-cart-390', 'viewport');
    await headerCart.click();
    await page.waitForURL(/\/ecommerce#cart$/);
    await eventually(() => page.getByRole('dialog', { name: 'Your cart' }).isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await eventually(() => page.getByRole('dialog', { name: 'Your cart' }).isVisible()).toBe(false);
    // The address is replaced just after the dialog closes: wait for it rather than race it.
    await eventually(async () => new URL(page.url()).hash).toBe('');
    // And again from the shop itself: the hash was taken off, so the link opens it once more.
    await headerCart.click();
    await eventually(() => page.getByRole('dialog', { name: 'Your cart' }).isVisible()).toBe(true);
    await page.keyboard.press('Escape');

    // Checkout: every field required, inline messages, then the shared payment dialog.
    const checkout = await checkOut(page);
    await checkout.waitFor();
    expect(await cart.isVisible()).toBe(false);
    await checkout.getByRole('button', { name: 'Continue to payment' }).click();
    for (const message of [
      checkoutMessages.name,
      checkoutMessages.email,
      checkoutMessages.phone,
      checkoutMessages.address,
    ]) {
      await eventually(() => checkout.getByText(message).isVisible()).toBe(true);
    }
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('customerName');
    await screenshot(page, 'shop-checkout-errors-390', 'viewport');
    await checkout.getByLabel('Full name').fill('Chioma Nwosu');
    await checkout.getByLabel('Email address').fill('chioma@');
    await checkout.getByLabel('Phone number').fill('0803 123 4567');
    await checkout.getByLabel('Shipping address').fill('12 Admiralty Way, Lekki Phase 1, Lagos');
    await checkout.getByRole('button', { name: 'Continue to payment' }).click();
    await eventually(() => checkout.getByText(checkoutMessages.email).isVisible()).toBe(true);
    expect(await checkout.getByText(checkoutMessages.name).count()).toBe(0);
    await checkout.getByLabel('Email address').fill('chioma@example.com');
    await checkout.getByRole('button', { name: 'Continue to payment' }).click();

    const payment = page.getByRole('dialog', { name: 'Review and pay' });
    await payment.waitFor();
    expect(await payment.locator('.payment-dialog__lines').textContent()).toContain('All Glow Body Oil 100ml × 2');
    await payment.getByLabel('Coupon code').fill(E2E_COUPON.code);
    await payment.getByRole('button', { name: 'Apply' }).click();
    await eventually(() => payment.locator('.payment-dialog__total').textContent()).toContain('₦28,800');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'shop-payment-390', 'viewport');
    await payment.getByRole('button', { name: 'Make Payment' }).click();

    await page.waitForURL(/\/api\/payment\/test-checkout\/OR-/);
    const checkoutText = await page.locator('body').textContent();
    expect(checkoutText).toContain('TEST MODE');
    expect(checkoutText).toContain('All Glow Body Oil 100ml × 2, Goat Milk Bar Soap 100g × 1');
    expect(checkoutText).toContain('₦28,800');
    await page.getByRole('button', { name: /Pay/ }).click();

    await page.waitForURL(/\/order-confirmation-pg\?trxref=OR-/);
    await eventually(() => page.locator('h1').textContent()).toBe('Thank you, Chioma!');
    const order = await page.locator('.confirmation').textContent();
    expect(order).toContain('All Glow Body Oil 100ml × 2');
    expect(order).toContain('Goat Milk Bar Soap 100g × 1');
    expect(order).toContain('₦28,800');
    expect(order).toContain('12 Admiralty Way, Lekki Phase 1, Lagos');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'order-confirmed-390');
    expect(JSON.parse((await page.evaluate((key) => localStorage.getItem(key), CART_KEY)) ?? '[]')).toEqual([]);
    // The whole journey, checkout and confirmation included: nothing personal in any URL.
    expect(requested.length).toBeGreaterThan(10);
    expect(urlsCarrying(requested, ['Chioma Nwosu', 'chioma@example.com', '0803 123 4567', 'Admiralty Way'])).toEqual(
      [],
    );

    await page.getByRole('link', { name: 'Continue Shopping' }).click();
    await page.waitForURL(`${baseUrl}${paths.shop}`);
    await eventually(() => cartCount(page)).toBe('Open cart, 0 items');
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('shows the failure page when the payment is cancelled, keeps the cart, and forgets the pending order on close', async () => {
    const { page } = await open(viewports.desktop);
    await page.goto(paths.shop);
    await add(page, 'Mystic Body Oil', '250ml');
    await eventually(() => cartCount(page)).toBe('Open cart, 1 item');
    await screenshot(page, 'shop-1280');
    const checkout = await checkOut(page);
    await checkout.getByLabel('Full name').fill('Bisi Fashola');
    await checkout.getByLabel('Email address').fill('bisi@example.com');
    await checkout.getByLabel('Phone number').fill('08031234567');
    await checkout.getByLabel('Shipping address').fill('4 Awolowo Road, Ikoyi, Lagos');
    await screenshot(page, 'shop-checkout-1280', 'viewport');
    await checkout.getByRole('button', { name: 'Continue to payment' }).click();
    await page.getByRole('dialog', { name: 'Review and pay' }).getByRole('button', { name: 'Make Payment' }).click();
    await page.waitForURL(/\/api\/payment\/test-checkout\//);
    await page.getByRole('button', { name: 'Cancel payment' }).click();

    await page.waitForURL(/\/order-confirmation-pg/);
    await eventually(() => page.locator('h1').textContent()).toBe('Payment Verification Failed');
    expect(await page.getByRole('link', { name: 'Return to Shop' }).getAttribute('href')).toBe(paths.shop);
    await screenshot(page, 'order-failed-1280');
    await page.getByRole('link', { name: 'Return to Shop' }).click();
    await eventually(() => cartCount(page)).toBe('Open cart, 1 item');

    expect(await page.evaluate(() => sessionStorage.getItem('spa.pending-order'))).not.toBeNull();
    const again = await checkOut(page);
    await eventually(() => again.getByLabel('Full name').inputValue()).toBe('Bisi Fashola'); // kept for this tab
    await again.getByRole('button', { name: 'Close checkout' }).click();
    await eventually(() => page.evaluate(() => sessionStorage.getItem('spa.pending-order'))).toBeNull();
    await page.context().close();
  });

  it('shows a product in full: description, ingredients, sizes and reviews, and adds from there', async () => {
    const { page } = await open(viewports.desktop);
    await page.goto(paths.shop);
    await page.getByRole('button', { name: 'Details of Milky Soapy Scrub' }).click();
    const details = page.getByRole('dialog', { name: 'Milky Soapy Scrub' });
    await details.waitFor();
    const text = await details.textContent();
    expect(text).toContain('Goat milk, cane sugar, shea butter');
    expect(text).toContain('Reviews (2)');
    expect(text).toContain('Chioma N.');
    await details.locator('.size-picker__option', { hasText: '1 litre' }).click();
    expect(await details.locator('.product-card__price').textContent()).toBe('₦30,000');
    await details.getByRole('button', { name: 'Add to cart: Milky Soapy Scrub, 1 litre' }).click();
    await eventually(() => toast(page)).toBe(`${shopMessages.added} Milky Soapy Scrub, 1 litre View cart`);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'shop-details-1280', 'viewport');
    await details.getByRole('button', { name: 'Close' }).click();
    await eventually(() => details.isVisible()).toBe(false);
    await eventually(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      'Details of Milky Soapy Scrub',
    );
    expect(await cartCount(page)).toBe('Open cart, 1 item');
    await page.context().close();
  });

  it('says Order Not Found on the confirmation page when this browser has no order being paid', async () => {
    const { page } = await open(viewports.phone);
    await page.goto(`${paths.orderConfirmation}?reference=OR-unknown`);
    await eventually(() => page.locator('h1').textContent()).toBe('Order Not Found');
    expect(await page.getByRole('link', { name: 'Return to Shop' }).getAttribute('href')).toBe(paths.shop);
    await page.context().close();
  });
});
