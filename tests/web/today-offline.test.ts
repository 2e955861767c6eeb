// Today's offline copy and its queue belong to the person signed in when they were kept
// (web/staff/today/offline-day.ts): they leave the browser at any end of the session,
// when another person signs in, and a change one person made is never sent under another's session.
import { createStore } from 'jotai';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { markSignedInAtom, markSignedOutAtom, type StaffUser } from '../../web/staff/frame/admin-session';
import { addWaiting, keepDay, keptDay, sendWaiting, waitingChanges } from '../../web/staff/today/offline-day';

const tunde: StaffUser = { _id: 'staff-tunde', name: 'Tunde Bello', email: 'tunde@studio.test', role: 'therapist' };
const amaka: StaffUser = { _id: 'staff-amaka', name: 'Amaka Obi', email: 'amaka@studio.test', role: 'reception' };

function keepTundesDay() {
  keepDay(`${tunde._id}:2026-12-01:own`, { visits: [{ clientName: 'Chioma Obi' }] });
  addWaiting({ by: tunde._id, bookingId: 'b1', clientName: 'Chioma Obi', change: { kind: 'status', to: 'arrived' } });
}

const todayKeys = () => Object.keys(localStorage).filter((key) => key.startsWith('studio.today'));

beforeEach(() => localStorage.clear());

describe('Today kept offline', () => {
  it('never sends a change one person made under another’s session, and drops it', async () => {
    keepTundesDay();
    const send = vi.fn(async () => undefined);
    expect(await sendWaiting(send, amaka._id)).toBe(0);
    expect(send).not.toHaveBeenCalled();
    expect(waitingChanges()).toEqual([]);
  });

  it('sends a person’s own changes under their session', async () => {
    keepTundesDay();
    const send = vi.fn(async () => undefined);
    expect(await sendWaiting(send, tunde._id)).toBe(1);
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('leaves the browser at any end of the session (a 401 or a sign-out clears it alike)', () => {
    const store = createStore();
    store.set(markSignedInAtom, tunde);
    keepTundesDay();
    store.set(markSignedOutAtom);
    expect(todayKeys()).toEqual([]);
    expect(keptDay(`${tunde._id}:2026-12-01:own`)).toBeUndefined();
  });

  it('stays for the same person, and goes when another person signs in on this browser', () => {
    const store = createStore();
    store.set(markSignedInAtom, tunde);
    keepTundesDay();
    store.set(markSignedInAtom, tunde); // the session check on the next visit
    expect(waitingChanges()).toHaveLength(1);
    store.set(markSignedInAtom, amaka);
    expect(todayKeys()).toEqual([]);
  });
});
