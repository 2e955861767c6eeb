import { createStore } from 'jotai';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  BOOKING_DRAFT_KEY,
  bookingDraftAtom,
  bookingTotalAtom,
  chooseServiceAtom,
  clearBookingDraftAtom,
  toggleTreatmentAtom,
  updateBookingDraftAtom,
} from '../../web/features/booking/booking-draft';
import { catalogueReady } from '../../web/features/catalogue/starting-catalogue';

// As a page's route does, the atoms wait for the catalogue the page starts from (the build's here).
beforeAll(() => catalogueReady());

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});

/** A page reload: the module (and its atoms) load again and read session storage afresh. */
async function reload() {
  vi.resetModules();
  await (await import('../../web/features/catalogue/starting-catalogue')).catalogueReady();
  const module = await import('../../web/features/booking/booking-draft');
  return { store: createStore(), ...module };
}

describe('booking draft', () => {
  it('keeps a running total priced from the catalogue', () => {
    const store = createStore();
    store.set(toggleTreatmentAtom, 'Swedish');
    store.set(toggleTreatmentAtom, 'Hot Stone');
    expect(store.get(bookingTotalAtom)).toBe(55_000);
    store.set(toggleTreatmentAtom, 'Swedish');
    expect(store.get(bookingTotalAtom)).toBe(30_000);
  });

  it('reads a kept name the menu now spells otherwise as the menu’s, and unticks it so', () => {
    const store = createStore();
    store.set(updateBookingDraftAtom, { subservices: ['Swedish', 'Hotstone'] });
    expect(store.get(bookingDraftAtom).subservices).toEqual(['Swedish', 'Hot Stone']);
    store.set(toggleTreatmentAtom, 'Hot Stone');
    expect(store.get(bookingDraftAtom).subservices).toEqual(['Swedish']);
  });

  it('resets the options and total when the service is chosen again', () => {
    const store = createStore();
    store.set(toggleTreatmentAtom, 'Nuru');
    store.set(chooseServiceAtom, 'Massage');
    expect(store.get(bookingDraftAtom).subservices).toEqual([]);
    expect(store.get(bookingTotalAtom)).toBe(0);
  });

  it('survives a reload in session storage, never in local storage', async () => {
    const first = createStore();
    first.set(updateBookingDraftAtom, { customerName: 'Ada', onMedication: true, medicationDetails: 'Insulin' });
    expect(localStorage.length).toBe(0);
    const reloaded = await reload();
    expect(reloaded.store.get(reloaded.bookingDraftAtom)).toMatchObject({
      customerName: 'Ada',
      medicationDetails: 'Insulin',
    });
  });

  it('starts afresh from a tampered or unreadable stored draft', async () => {
    sessionStorage.setItem(BOOKING_DRAFT_KEY, JSON.stringify({ customerName: 42, subservices: ['Free Massage'] }));
    const tampered = await reload();
    expect(tampered.store.get(tampered.bookingDraftAtom).customerName).toBe('');
    sessionStorage.setItem(BOOKING_DRAFT_KEY, '{broken');
    const broken = await reload();
    expect(broken.store.get(broken.bookingDraftAtom).subservices).toEqual([]);
  });

  it('is cleared for good once the booking is paid', async () => {
    const store = createStore();
    store.set(updateBookingDraftAtom, { customerName: 'Ada' });
    store.set(clearBookingDraftAtom);
    expect(sessionStorage.getItem(BOOKING_DRAFT_KEY)).toBeNull();
    const reloaded = await reload();
    expect(reloaded.store.get(reloaded.bookingDraftAtom).customerName).toBe('');
  });
});
