import { describe, expect, it } from 'vitest';
import { percentDiscount, priceBooking, priceOrder } from '../../../worker/shared/catalogue/pricing';
import { products } from '../../../worker/shared/catalogue/products';
import { treatments } from '../../../worker/shared/catalogue/treatment-list';
import { formatNaira, nairaToKobo } from '../../../worker/shared/money';
import { packageShare } from '../../../worker/shared/prepaid/package-pricing';
import { packageValue } from '../../../worker/shared/prepaid/package-rules';
import { addDays, formatDate } from '../../../worker/shared/time';

describe('catalogue', () => {
  it('holds the eleven massages at the studio prices', () => {
    expect(Object.fromEntries(treatments.map((treatment) => [treatment.name, treatment.price]))).toEqual({
      Nuru: 100_000,
      Lingam: 50_000,
      'Soapy/Shower': 70_000,
      Sleepover: 200_000,
      'Chair Sensual': 40_000,
      'Tantric/Erotic': 120_000,
      'Deep Tissue': 30_000,
      'Hot Stone': 30_000,
      Ashiatsu: 20_000,
      'Back/Neck': 20_000,
      Swedish: 25_000,
    });
  });

  it('holds the six products with their sizes and prices', () => {
    expect(
      Object.fromEntries(products.map((product) => [product.name, product.sizes.map((s) => `${s.size}=${s.price}`)])),
    ).toEqual({
      'All Glow Body Oil': ['100ml=13000', '250ml=20000'],
      'Milky Soapy Scrub': ['250g=12000', '1 litre=30000'],
      'Mystic Body Oil': ['100ml=15000', '250ml=25000'],
      'Recovery Facial Oil': ['50ml=10000'],
      'Recovery Night Cream': ['30g=8000'],
      'Goat Milk Bar Soap': ['100g=6000'],
    });
  });

  it('gives every treatment and product a unique id', () => {
    expect(new Set(treatments.map((t) => t.id)).size).toBe(treatments.length);
    expect(new Set(products.map((p) => p.id)).size).toBe(products.length);
  });
});

describe('priceBooking', () => {
  it('adds up the chosen treatments from the catalogue', () => {
    const priced = priceBooking(['Swedish', 'Hot Stone'], treatments);
    expect(priced).toEqual({
      ok: true,
      lines: [
        { name: 'Swedish', price: 25_000 },
        { name: 'Hot Stone', price: 30_000 },
      ],
      total: 55_000,
    });
  });

  it('finds a name with case and spaces aside, and keeps the menu’s spelling ("Hotstone" is "Hot Stone")', () => {
    expect(priceBooking(['swedish', 'Hotstone'], treatments)).toMatchObject({
      ok: true,
      lines: [{ name: 'Swedish' }, { name: 'Hot Stone' }],
    });
    expect(priceBooking(['Hot Stone', 'HOTSTONE'], treatments)).toMatchObject({
      ok: false,
      message: 'Each service option can be chosen only once.',
    });
  });

  it('refuses an empty selection with the spec message', () => {
    expect(priceBooking([], treatments)).toEqual({ ok: false, message: 'Please select at least one service option.' });
  });

  it('refuses an unknown option', () => {
    expect(priceBooking(['Swedish', 'Free Massage'], treatments)).toEqual({
      ok: false,
      message: 'Unknown service option: Free Massage',
    });
  });

  it('refuses the same option twice', () => {
    expect(priceBooking(['Swedish', 'Swedish'], treatments).ok).toBe(false);
  });

  it('refuses a treatment staff have hidden with 409, and prices from the menu it is given', () => {
    const menu = treatments.map((treatment) =>
      treatment.name === 'Hot Stone' ? { ...treatment, active: false } : { ...treatment, price: treatment.price + 1 },
    );
    expect(priceBooking(['Swedish', 'Hot Stone'], menu)).toEqual({
      ok: false,
      status: 409,
      message: 'Hot Stone is no longer offered. Please choose from the menu as it is now.',
    });
    expect(priceBooking(['Swedish'], menu)).toMatchObject({ ok: true, total: 25_001 });
  });
});

describe('priceOrder', () => {
  it('prices each line by product and size', () => {
    const priced = priceOrder(
      [
        { productId: 'all-glow-body-oil', size: '100ml', quantity: 2 },
        { productId: 'all-glow-body-oil', size: '250ml', quantity: 1 },
        { productId: 'goat-milk-bar-soap', size: '100g', quantity: 3 },
      ],
      products,
    );
    expect(priced.ok && priced.total).toBe(2 * 13_000 + 20_000 + 3 * 6_000);
    expect(priced.ok && priced.lines[1]).toEqual({
      productId: 'all-glow-body-oil',
      productName: 'All Glow Body Oil',
      size: '250ml',
      unitPrice: 20_000,
      quantity: 1,
    });
  });

  it.each([
    ['an unknown product', { productId: 'gold-serum', size: '50ml', quantity: 1 }],
    ['a size the product lacks', { productId: 'goat-milk-bar-soap', size: '1 litre', quantity: 1 }],
    ['a zero quantity', { productId: 'goat-milk-bar-soap', size: '100g', quantity: 0 }],
    ['a negative quantity', { productId: 'goat-milk-bar-soap', size: '100g', quantity: -2 }],
    ['a fractional quantity', { productId: 'goat-milk-bar-soap', size: '100g', quantity: 1.5 }],
    ['an absurd quantity', { productId: 'goat-milk-bar-soap', size: '100g', quantity: 21 }],
  ])('refuses %s', (_label, line) => {
    expect(priceOrder([line], products).ok).toBe(false);
  });

  it('refuses an empty cart and a repeated line', () => {
    expect(priceOrder([], products).ok).toBe(false);
    const line = { productId: 'goat-milk-bar-soap', size: '100g', quantity: 1 };
    expect(priceOrder([line, line], products).ok).toBe(false);
  });
});

describe('percentDiscount', () => {
  it('rounds to whole naira', () => {
    expect(percentDiscount(25_000, 10)).toBe(2_500);
    expect(percentDiscount(13_333, 15)).toBe(2_000);
    expect(percentDiscount(6_001, 50)).toBe(3_001);
  });

  it('never exceeds the amount nor goes negative', () => {
    expect(percentDiscount(20_000, 100)).toBe(20_000);
    expect(percentDiscount(20_000, 150)).toBe(20_000);
    expect(percentDiscount(20_000, 0)).toBe(0);
    expect(percentDiscount(20_000, -5)).toBe(0);
  });
});

describe('money', () => {
  it('formats naira with the symbol and thousands separators', () => {
    expect(formatNaira(100_000)).toBe('₦100,000');
    expect(formatNaira(6_000)).toBe('₦6,000');
  });

  it('writes amounts as Intl’s en-NG narrow symbol does: whole naira, rounded, a minus before the symbol', () => {
    const intl = new Intl.NumberFormat('en-NG', {
      style: 'currency',
      currency: 'NGN',
      currencyDisplay: 'narrowSymbol',
      maximumFractionDigits: 0,
    });
    for (const amount of [0, 1, 999, 1_000, 55_000, 1_234_567, 1e9, -5_000, 2.5, 1_234.49, 99_999.99]) {
      expect(formatNaira(amount), String(amount)).toBe(intl.format(amount));
    }
  });

  it('writes a long date as en-GB does', () => {
    const intl = new Intl.DateTimeFormat('en-GB', {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    });
    for (let day = 0; day < 800; day += 7) {
      const date = addDays('2026-01-01', day);
      expect(formatDate(date)).toBe(intl.format(new Date(`${date}T00:00:00Z`)));
    }
    expect(formatDate('2026-11-24')).toBe('Tuesday, 24 November 2026');
  });

  it('converts naira to kobo for Paystack', () => {
    expect(nairaToKobo(25_000)).toBe(2_500_000);
  });
});

describe('packageShare and packageValue', () => {
  const lines = [
    { name: 'Swedish', price: 25_000 },
    { name: 'Hotstone', price: 30_000, depositPercent: 50 },
    { name: 'Back/Neck', price: 20_000 },
  ];

  it('pays one covered treatment per session, the dearest first, and leaves the rest to pay', () => {
    const share = packageShare(lines, ['swedish', 'HOTSTONE'], 1);
    expect(share).toEqual({
      covered: [{ name: 'Hotstone', price: 30_000, depositPercent: 50 }],
      paid: [
        { name: 'Swedish', price: 25_000 },
        { name: 'Back/Neck', price: 20_000 },
      ],
      sessions: 1,
      value: 30_000,
    });
    expect(packageShare(lines, ['Swedish', 'Hot Stone'], 5)).toMatchObject({ sessions: 2, value: 55_000 });
  });

  it('pays nothing with no session left or nothing covered', () => {
    expect(packageShare(lines, ['Swedish'], 0)).toMatchObject({ sessions: 0, value: 0, paid: lines });
    expect(packageShare(lines, ['Nuru'], 3)).toMatchObject({ sessions: 0, value: 0, paid: lines });
  });

  it('prices a session and the saving against the cheapest covered treatment, never below 0', () => {
    const treatments = [{ price: 25_000 }, { price: 30_000 }];
    expect(packageValue({ sessions: 3, price: 63_000, treatments })).toEqual({ perSession: 21_000, saving: 12_000 });
    expect(packageValue({ sessions: 2, price: 60_000, treatments })).toEqual({ perSession: 30_000, saving: 0 });
  });
});
