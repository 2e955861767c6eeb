// The catalogue in D1: the public menu and shop read from it (exactly today's after the migration),
// staff change it with every bad value refused and nothing changed, a form saved after someone
// else's save is told so, and money and time follow it at once: a new price is what a payment
// charges, a hidden item cannot be bought (409, nothing held), a new treatment can be booked for
// its own length.
import { beforeEach, describe, expect, it } from 'vitest';
import {
  bookings as bookingRows,
  payments,
  products as productRows,
  productSizes,
  timeBlocks,
  treatments as treatmentRows,
} from '../../../worker/db/schema';
import { catalogueFieldMessages } from '../../../worker/routes/catalogue/catalogue';
import { catalogueMessages } from '../../../worker/services/catalogue/catalogue';
import { products } from '../../../worker/shared/catalogue/products';
import { treatments } from '../../../worker/shared/catalogue/treatment-list';
import { adminCall, signIn } from '../admin-harness';
import { bookingDetails, inDays, item, orderDetails } from '../checkout/payment-fixtures';
import { call, clearPaymentData, db, fake, startPayment, verify, withFakePaystack } from '../checkout/payment-harness';

withFakePaystack();
beforeEach(() => clearPaymentData());

const date = inDays(12);
const json = async <T>(response: Response) => (await response.json()) as T;
type Staff = { _id: string; name: string; price: number; version: number; active: boolean };

describe('the public menu and shop', () => {
  it('answer exactly today’s treatments and products, in page order, from D1', async () => {
    const menu = await json<Array<Record<string, unknown>>>(await call('/api/treatments'));
    expect(menu).toEqual(
      treatments.map((treatment) => ({
        _id: treatment.id,
        name: treatment.name,
        group: treatment.group,
        description: treatment.description,
        price: treatment.price,
        durationMinutes: treatment.durationMinutes,
        bufferMinutes: 0,
        depositPercent: 0,
        rating: null,
        reviewCount: 0,
        reviews: [],
      })),
    );
    const shop = await json<Array<Record<string, unknown>>>(await call('/api/products'));
    expect(shop).toEqual(
      products.map((product) => ({
        _id: product.id,
        name: product.name,
        category: product.category,
        description: product.description,
        ingredients: product.ingredients ?? null,
        images: [product.image],
        sizes: product.sizes.map((size) => ({ ...size, stock: null })),
        // The seed reviews (migration 0025), averaged, newest first, marked as not verified.
        rating:
          Math.round((product.reviews.reduce((sum, review) => sum + review.rating, 0) / product.reviews.length) * 10) /
          10,
        reviewCount: product.reviews.length,
        reviews: product.reviews.map((review) => ({
          ...review,
          id: `seed-${review.id}`,
          reply: null,
          date: '2025-06-01',
          verified: false,
        })),
      })),
    );
  });
});

describe('staff edit the menu and the shop', () => {
  const validTreatment = {
    name: 'Shea Butter Glow',
    group: 'therapeutic',
    description: 'A warm shea butter massage for dry skin.',
    price: 35_000,
    durationMinutes: 45,
  };
  const validProduct = {
    name: 'Shea Body Butter',
    category: 'Body Butter',
    description: 'Whipped shea butter for the driest skin.',
    sizes: [{ size: '200g', price: 9_000, stock: 5 }],
  };

  it.each([
    ['a negative price', { price: -100 }, catalogueFieldMessages.price],
    ['a fractional price', { price: 100.5 }, catalogueFieldMessages.price],
    ['an absurd price', { price: 10_000_001 }, catalogueFieldMessages.price],
    ['an empty name', { name: '  ' }, catalogueFieldMessages.name],
    ['a length not a multiple of 15', { durationMinutes: 50 }, catalogueFieldMessages.duration],
    ['a length over 16 hours', { durationMinutes: 975 }, catalogueFieldMessages.duration],
    ['an unknown group', { group: 'facials' }, catalogueMessages.unknownGroup],
  ])('refuses a treatment with %s, changing nothing', async (_label, change, message) => {
    const cookie = await signIn();
    const before = await db.select().from(treatmentRows);
    const created = await adminCall(cookie, '/api/treatments', 'POST', { ...validTreatment, ...change });
    expect(created.status).toBe(400);
    expect((await json<{ message: string }>(created)).message).toBe(message);
    const changed = await adminCall(cookie, '/api/treatments/swedish', 'PUT', change);
    expect(changed.status).toBe(400);
    expect((await json<{ message: string }>(changed)).message).toBe(message);
    expect(await db.select().from(treatmentRows)).toEqual(before);
  });

  it.each([
    ['a size without a label', { sizes: [{ size: '', price: 9_000, stock: null }] }, catalogueFieldMessages.sizeLabel],
    [
      'duplicate size labels',
      {
        sizes: [
          { size: '200g', price: 9_000, stock: null },
          { size: '200G', price: 9_500, stock: null },
        ],
      },
      catalogueFieldMessages.duplicateSizes,
    ],
    ['stock below 0', { sizes: [{ size: '200g', price: 9_000, stock: -1 }] }, catalogueFieldMessages.stock],
    ['a fractional stock', { sizes: [{ size: '200g', price: 9_000, stock: 1.5 }] }, catalogueFieldMessages.stock],
    ['no size at all', { sizes: [] }, catalogueFieldMessages.sizes],
    [
      'an absurd size price',
      { sizes: [{ size: '200g', price: 20_000_000, stock: null }] },
      catalogueFieldMessages.price,
    ],
    ['an empty name', { name: '' }, catalogueFieldMessages.productName],
    ['a picture on another site', { images: ['https://evil.example/x.png'] }, catalogueFieldMessages.image],
    ['a path-like picture', { images: ['/media/../secrets'] }, catalogueFieldMessages.image],
  ])('refuses a product with %s, changing nothing', async (_label, change, message) => {
    const cookie = await signIn();
    const before = [await db.select().from(productRows), await db.select().from(productSizes)];
    const created = await adminCall(cookie, '/api/products', 'POST', { ...validProduct, ...change });
    expect(created.status).toBe(400);
    expect((await json<{ message: string }>(created)).message).toBe(message);
    const changed = await adminCall(cookie, '/api/products/goat-milk-bar-soap', 'PUT', change);
    expect(changed.status).toBe(400);
    expect((await json<{ message: string }>(changed)).message).toBe(message);
    expect([await db.select().from(productRows), await db.select().from(productSizes)]).toEqual(before);
  });

  it('adds a treatment and a product with ids from their names, shown to visitors at the end of the list', async () => {
    const cookie = await signIn();
    const treatment = await adminCall(cookie, '/api/treatments', 'POST', validTreatment);
    expect(treatment.status).toBe(201);
    expect(await json(treatment)).toMatchObject({
      _id: 'shea-butter-glow',
      bufferMinutes: 0,
      active: true,
      version: 1,
    });
    expect((await json<Array<{ _id: string }>>(await call('/api/treatments'))).at(-1)?._id).toBe('shea-butter-glow');
    const product = await adminCall(cookie, '/api/products', 'POST', validProduct);
    expect(product.status).toBe(201);
    const shop = await json<Array<Record<string, unknown>>>(await call('/api/products'));
    expect(shop.at(-1)).toEqual({
      _id: 'shea-body-butter',
      ...validProduct,
      ingredients: null,
      images: [],
      rating: null,
      reviewCount: 0,
      reviews: [],
    });
    // The same name again (in any case) is refused.
    const again = await adminCall(cookie, '/api/products', 'POST', { ...validProduct, name: 'SHEA BODY BUTTER' });
    expect(again.status).toBe(409);
    expect((await json<{ message: string }>(again)).message).toBe(catalogueMessages.nameTaken('SHEA BODY BUTTER'));
    // So is renaming an item to another's name, and nothing of it changes.
    const before = await db.select().from(treatmentRows);
    const rename = await adminCall(cookie, '/api/treatments/swedish', 'PUT', { name: 'deep tissue', price: 1 });
    expect(rename.status).toBe(409);
    expect((await json<{ message: string }>(rename)).message).toBe(catalogueMessages.nameTaken('deep tissue'));
    const renameProduct = await adminCall(cookie, '/api/products/shea-body-butter', 'PUT', {
      name: 'Goat Milk Bar Soap',
    });
    expect(renameProduct.status).toBe(409);
    expect(await db.select().from(treatmentRows)).toEqual(before);
  });

  it('tells the second of two staff saving one item that it changed, and keeps the first save whole', async () => {
    const cookie = await signIn();
    const opened = (await json<{ treatments: Staff[] }>(await adminCall(cookie, '/api/catalogue'))).treatments.find(
      (treatment) => treatment._id === 'swedish',
    );
    expect(opened?.version).toBe(1);
    const first = await adminCall(cookie, '/api/treatments/swedish', 'PUT', { price: 27_000, version: 1 });
    expect(first.status).toBe(200);
    const second = await adminCall(cookie, '/api/treatments/swedish', 'PUT', {
      name: 'Swedish Classic',
      price: 26_000,
      version: 1,
    });
    expect(second.status).toBe(409);
    expect((await json<{ message: string }>(second)).message).toBe(catalogueMessages.changed('Swedish'));
    const now = (await json<Staff[]>(await call('/api/treatments'))).find((treatment) => treatment._id === 'swedish');
    expect(now).toMatchObject({ name: 'Swedish', price: 27_000 });

    // A product's sizes are replaced whole, or not at all when the form was out of date.
    const sizes = [{ size: '100g', price: 6_500, stock: 3 }];
    expect((await adminCall(cookie, '/api/products/goat-milk-bar-soap', 'PUT', { sizes, version: 1 })).status).toBe(
      200,
    );
    const stale = await adminCall(cookie, '/api/products/goat-milk-bar-soap', 'PUT', {
      sizes: [{ size: '200g', price: 1, stock: null }],
      version: 1,
    });
    expect(stale.status).toBe(409);
    const soap = (await json<Array<{ _id: string; sizes: unknown }>>(await call('/api/products'))).find(
      (product) => product._id === 'goat-milk-bar-soap',
    );
    expect(soap?.sizes).toEqual(sizes);
  });
});

describe('money and time follow the catalogue at once', () => {
  it('charges a new price from the next payment on, refusing the old amount', async () => {
    const cookie = await signIn();
    expect((await adminCall(cookie, '/api/treatments/swedish', 'PUT', { price: 28_000 })).status).toBe(200);
    const details = bookingDetails({
      appointmentDate: date,
      appointmentTime: '10:00',
      subservices: ['Swedish'],
      amount: 25_000,
    });
    expect((await startPayment(details, 2_500_000)).status).toBe(409);
    expect((await startPayment(bookingDetails({ ...details, amount: 28_000 }), 2_800_000)).status).toBe(200);
    const [payment] = await db.select().from(payments);
    expect(payment?.amount).toBe(28_000);
  });

  it('refuses a hidden treatment or product in a payment with 409, holding nothing', async () => {
    const cookie = await signIn();
    expect((await adminCall(cookie, '/api/treatments/hotstone', 'PUT', { active: false })).status).toBe(200);
    expect((await json<Array<{ _id: string }>>(await call('/api/treatments'))).map((entry) => entry._id)).not.toContain(
      'hotstone',
    );
    const booking = await startPayment(
      bookingDetails({ appointmentDate: date, appointmentTime: '10:00', subservices: ['Hotstone'], amount: 30_000 }),
      3_000_000,
    );
    expect(booking.status).toBe(409);
    expect((await json<{ message: string }>(booking)).message).toMatch(/^Hot Stone is no longer offered/);
    // Asking its free times is no harm (a booking of it made before may move); an unknown id is 400.
    expect((await call(`/api/availability?date=${date}&treatments=hotstone`)).status).toBe(200);
    expect((await call(`/api/availability?date=${date}&treatments=no-such-thing`)).status).toBe(400);

    expect((await adminCall(cookie, '/api/products/goat-milk-bar-soap', 'PUT', { active: false })).status).toBe(200);
    const order = await startPayment(
      orderDetails({ orderItems: [item('goat-milk-bar-soap', '100g', 1)], amount: 6_000 }),
      600_000,
    );
    expect(order.status).toBe(409);
    expect(await db.select().from(payments)).toEqual([]);
    expect(await db.select().from(timeBlocks)).toEqual([]);
  });

  it('books a treatment staff added, for its own length and buffer', async () => {
    const cookie = await signIn();
    const created = await adminCall(cookie, '/api/treatments', 'POST', {
      name: 'Scalp Ritual',
      group: 'therapeutic',
      description: 'A slow scalp and neck massage.',
      price: 15_000,
      durationMinutes: 45,
      bufferMinutes: 15,
    });
    expect(created.status).toBe(201);
    const day = await json<{ durationMinutes: number; slots: Array<{ time: string; left: number }> }>(
      await call(`/api/availability?date=${date}&treatments=scalp-ritual`),
    );
    expect(day.durationMinutes).toBe(60);
    const start = await startPayment(
      bookingDetails({
        appointmentDate: date,
        appointmentTime: '17:00',
        subservices: ['Scalp Ritual'],
        amount: 15_000,
      }),
      1_500_000,
    );
    expect(start.status).toBe(200);
    // 45 minutes and a 15-minute buffer: four blocks for the therapist and four for the room.
    expect(await db.select().from(timeBlocks)).toHaveLength(8);
  });

  it('lets staff give a new treatment to a therapist and a room, and refuses an id not on the menu', async () => {
    const cookie = await signIn();
    await adminCall(cookie, '/api/treatments', 'POST', {
      name: 'Scalp Ritual',
      group: 'therapeutic',
      description: 'A slow scalp and neck massage.',
      price: 15_000,
      durationMinutes: 45,
    });
    const created = await adminCall(cookie, '/api/staff', 'POST', { name: 'Ngozi', treatments: ['scalp-ritual'] });
    expect(created.status).toBe(201);
    const therapist = await json<{ _id: string; treatments: string[] }>(created);
    expect(therapist.treatments).toEqual(['scalp-ritual']);
    // Lists follow the menu's order, the new treatment last.
    const everything = [...treatments.map((treatment) => treatment.id), 'scalp-ritual'];
    const room = await adminCall(cookie, '/api/rooms', 'POST', { name: 'Garden room' });
    expect((await json<{ treatments: string[] }>(room)).treatments).toEqual(everything);

    for (const [path, method, body] of [
      ['/api/staff', 'POST', { name: 'Tolu', treatments: ['scalp-ritual', 'no-such-thing'] }],
      [`/api/staff/${therapist._id}`, 'PUT', { treatments: ['no-such-thing'] }],
      ['/api/rooms', 'POST', { name: 'Attic', treatments: ['no-such-thing'] }],
      ['/api/schedule-settings', 'PUT', { treatments: [{ _id: 'no-such-thing', bufferMinutes: 15 }] }],
    ] as const) {
      const refused = await adminCall(cookie, path, method, body);
      expect(refused.status, path).toBe(400);
      expect((await json<{ message: string }>(refused)).message).toBe('Please choose treatments from the menu.');
    }
    const staff = await json<Array<{ name: string; treatments: string[] }>>(await adminCall(cookie, '/api/staff'));
    expect(staff.map((each) => each.name)).not.toContain('Tolu');
    expect(staff.find((each) => each.name === 'Ngozi')?.treatments).toEqual(['scalp-ritual']);
  });

  it('keeps a booking’s treatments by id: renamed or hidden since, it still moves for its own length', async () => {
    const start = await startPayment(
      bookingDetails({
        appointmentDate: date,
        appointmentTime: '10:00',
        subservices: ['Swedish', 'Hotstone'],
        amount: 55_000,
      }),
      5_500_000,
    );
    const { data } = (await start.json()) as { data: { reference: string } };
    fake.settle(data.reference, 'success');
    await verify(data.reference);
    const [booked] = await db.select().from(bookingRows);
    expect(booked?.treatmentIds).toEqual(['swedish', 'hotstone']);
    expect(booked?.durationMinutes).toBe(150);

    const cookie = await signIn();
    expect((await adminCall(cookie, '/api/treatments/hotstone', 'PUT', { name: 'Hot Stone Ritual' })).status).toBe(200);
    expect((await adminCall(cookie, '/api/treatments/swedish', 'PUT', { active: false })).status).toBe(200);
    // The reschedule's free times are asked for by the booking's ids, the hidden one too.
    const free = await call(`/api/availability?date=${inDays(13)}&treatments=swedish,hotstone`);
    expect(free.status).toBe(200);
    expect(((await free.json()) as { durationMinutes: number }).durationMinutes).toBe(150);
    const moved = await adminCall(cookie, `/api/bookings/${booked?.id}`, 'PUT', { date: inDays(13), time: '11:00' });
    expect(moved.status).toBe(200);
    const [after] = await db.select().from(bookingRows);
    expect(after).toMatchObject({ date: inDays(13), time: '11:00', durationMinutes: 150 });
    // Therapist and room blocks for the whole 150 minutes: ten of each.
    expect(await db.select().from(timeBlocks)).toHaveLength(20);
  });
});
