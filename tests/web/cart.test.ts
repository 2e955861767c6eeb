import { createStore } from 'jotai';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ShopProduct } from '../../web/features/catalogue/catalogue-types';
import { shopAtom } from '../../web/features/catalogue/live-shop';
import { catalogueReady } from '../../web/features/catalogue/starting-catalogue';
import {
  addToCartAtom,
  cartCountAtom,
  cartItemsAtom,
  cartSubtotalAtom,
  changeQuantityAtom,
  orderableItemsAtom,
  removeFromCartAtom,
} from '../../web/features/shop/cart';
import { CART_KEY } from '../../web/features/shop/shop-constants';

const oil100 = { productId: 'all-glow-body-oil', size: '100ml' };
const oil250 = { productId: 'all-glow-body-oil', size: '250ml' };
const soap = { productId: 'goat-milk-bar-soap', size: '100g' };

// As a page's route does, the atoms wait for the catalogue the page starts from (the build's here).
beforeAll(() => catalogueReady());

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

/** A reload or a new tab: the module loads again and reads local storage afresh. */
async function reload() {
  vi.resetModules();
  await (await import('../../web/features/catalogue/starting-catalogue')).catalogueReady();
  const module = await import('../../web/features/shop/cart');
  return { store: createStore(), ...module };
}

const lines = (store: ReturnType<typeof createStore>, items = cartItemsAtom) =>
  store.get(items).map(({ productId, size, quantity }) => ({ productId, size, quantity }));

describe('the cart', () => {
  it('raises the quantity when the same product and size is added again', () => {
    const store = createStore();
    store.set(addToCartAtom, oil100);
    store.set(addToCartAtom, oil100);
    expect(lines(store)).toEqual([{ ...oil100, quantity: 2 }]);
    expect(store.get(cartCountAtom)).toBe(2);
  });

  it('adds another size of the same product as a new line', () => {
    const store = createStore();
    store.set(addToCartAtom, oil100);
    store.set(addToCartAtom, oil250);
    store.set(addToCartAtom, soap);
    expect(lines(store)).toEqual([
      { ...oil100, quantity: 1 },
      { ...oil250, quantity: 1 },
      { ...soap, quantity: 1 },
    ]);
    expect(store.get(cartSubtotalAtom)).toBe(13_000 + 20_000 + 6_000);
  });

  it('prices every line from the catalogue', () => {
    const store = createStore();
    store.set(addToCartAtom, oil250);
    store.set(changeQuantityAtom, { ...oil250, by: 1 });
    const [item] = store.get(cartItemsAtom);
    expect(item).toMatchObject({ unitPrice: 20_000, lineTotal: 40_000, product: { name: 'All Glow Body Oil' } });
  });

  it('never lets minus take a line below 1, nor plus above 20', () => {
    const store = createStore();
    store.set(addToCartAtom, soap);
    store.set(changeQuantityAtom, { ...soap, by: -1 });
    expect(lines(store)).toEqual([{ ...soap, quantity: 1 }]);
    for (let step = 0; step < 25; step++) store.set(changeQuantityAtom, { ...soap, by: 1 });
    expect(lines(store)).toEqual([{ ...soap, quantity: 20 }]);
    expect(store.set(addToCartAtom, soap)).toMatchObject({ added: false, reason: 'line-limit' });
    expect(store.get(cartCountAtom)).toBe(20);
  });

  it('removes one size of a product and keeps the other', () => {
    const store = createStore();
    store.set(addToCartAtom, oil100);
    store.set(addToCartAtom, oil250);
    store.set(removeFromCartAtom, oil100);
    expect(lines(store)).toEqual([{ ...oil250, quantity: 1 }]);
  });

  it('survives a reload in local storage and empties for good once cleared', async () => {
    const first = createStore();
    first.set(addToCartAtom, oil100);
    first.set(addToCartAtom, oil100);
    first.set(addToCartAtom, soap);
    expect(JSON.parse(localStorage.getItem(CART_KEY) ?? '[]')).toEqual([
      { ...oil100, quantity: 2 },
      { ...soap, quantity: 1 },
    ]);
    const reloaded = await reload();
    expect(reloaded.store.get(reloaded.cartCountAtom)).toBe(3);
    reloaded.store.set(reloaded.clearCartAtom);
    const again = await reload();
    expect(again.store.get(again.cartItemsAtom)).toEqual([]);
  });

  it('cleans a tampered stored cart: unknown products and sizes dropped, quantities kept within 1 to 20', async () => {
    localStorage.setItem(
      CART_KEY,
      JSON.stringify([
        { ...oil100, quantity: 500, unitPrice: 1 },
        { productId: 'snake-oil', size: '100ml', quantity: 1 },
        { productId: 'goat-milk-bar-soap', size: '5kg', quantity: 1 },
        { ...soap, quantity: -3 },
        { ...soap, quantity: 2 },
        'junk',
      ]),
    );
    const tampered = await reload();
    expect(lines(tampered.store, tampered.cartItemsAtom)).toEqual([
      { ...oil100, quantity: 20 },
      { ...soap, quantity: 3 },
    ]);
    localStorage.setItem(CART_KEY, '{broken');
    const broken = await reload();
    expect(broken.store.get(broken.cartItemsAtom)).toEqual([]);
  });

  it('never holds more of a size than is left, and says so; a size that sells out stays, at 0, out of the order', () => {
    const store = createStore();
    const withStock = (left: number | null) =>
      store.set(shopAtom, (shop: readonly ShopProduct[]) =>
        shop.map((product) =>
          product.id === oil100.productId
            ? {
                ...product,
                sizes: product.sizes.map((size) => (size.size === oil100.size ? { ...size, stock: left } : size)),
              }
            : product,
        ),
      );
    withStock(2);
    expect(store.set(addToCartAtom, oil100)).toEqual({ added: true });
    expect(store.set(addToCartAtom, oil100)).toEqual({ added: true });
    expect(store.set(addToCartAtom, oil100)).toEqual({ added: false, reason: 'no-more-left', left: 2 });
    store.set(changeQuantityAtom, { ...oil100, by: 1 });
    expect(lines(store)).toEqual([{ ...oil100, quantity: 2 }]);
    expect(store.get(cartItemsAtom)[0]?.maxQuantity).toBe(2);

    // Someone else bought one meanwhile: the line counts what is left.
    store.set(addToCartAtom, soap);
    withStock(1);
    expect(lines(store)).toEqual([
      { ...oil100, quantity: 1 },
      { ...soap, quantity: 1 },
    ]);
    expect(store.get(cartSubtotalAtom)).toBe(13_000 + 6_000);
    withStock(0);
    expect(lines(store, orderableItemsAtom)).toEqual([{ ...soap, quantity: 1 }]);
    expect(store.set(addToCartAtom, oil100)).toEqual({ added: false, reason: 'no-more-left', left: 0 });
    // Back in stock: the visitor's choice of 2 was kept.
    withStock(null);
    expect(lines(store)).toEqual([
      { ...oil100, quantity: 2 },
      { ...soap, quantity: 1 },
    ]);
  });
});
