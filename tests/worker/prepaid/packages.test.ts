// Packages of prepaid sessions, as staff define them: each bad input
// refused with its field's message, the shown ones public with their treatments' single prices,
// hidden ones for staff only, and only managers and owners may change them.
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { packages } from '../../../worker/db/schema';
import { packageMessages } from '../../../worker/shared/prepaid/package-rules';
import { signIn, staffSession } from '../admin-harness';
import { call, clearPaymentData, db, staffCall } from '../checkout/payment-harness';

let cookie: string;
beforeAll(async () => {
  cookie = await signIn();
});
beforeEach(async () => {
  await clearPaymentData(1);
});

const fiveSwedish = {
  name: 'Five Swedish massages',
  treatments: ['swedish'],
  sessions: 5,
  price: 110_000,
  validMonths: 6,
};

describe('defining packages', () => {
  it('creates a package (201) and lists it publicly with each treatment’s single price', async () => {
    const created = await staffCall(cookie, '/api/packages', 'POST', {
      ...fiveSwedish,
      treatments: ['swedish', 'hotstone'],
    });
    expect(created.status).toBe(201);
    const body = (await created.json()) as { _id: string; treatments: Array<{ _id: string }> };
    expect(body).toMatchObject({
      _id: expect.any(String),
      name: 'Five Swedish massages',
      sessions: 5,
      price: 110_000,
      validMonths: 6,
      shown: true,
    });
    expect(body.treatments.map((each) => each._id).sort()).toEqual(['hotstone', 'swedish']);
    expect(body).toMatchObject({
      treatments: expect.arrayContaining([{ _id: 'swedish', name: 'Swedish', price: 25_000 }]),
    });
    const listed = await call('/api/packages');
    expect(listed.status).toBe(200);
    const [shown] = (await listed.json()) as Array<Record<string, unknown>>;
    expect(shown).toMatchObject({
      _id: body._id,
      name: 'Five Swedish massages',
      sessions: 5,
      price: 110_000,
      validMonths: 6,
    });
    expect(shown).not.toHaveProperty('shown');
  });

  it('refuses each bad input with 400 and its field’s message, and keeps nothing', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ name: '' }, packageMessages.name],
      [{ name: 'x'.repeat(61) }, packageMessages.name],
      [{ treatments: [] }, packageMessages.treatments],
      [{ treatments: ['no-such-treatment'] }, packageMessages.treatments],
      [{ sessions: 1 }, packageMessages.sessions],
      [{ sessions: 21 }, packageMessages.sessions],
      [{ sessions: 2.5 }, packageMessages.sessions],
      [{ price: 0 }, packageMessages.price],
      [{ price: 10_000_001 }, packageMessages.price],
      [{ validMonths: 0 }, packageMessages.validMonths],
      [{ validMonths: 25 }, packageMessages.validMonths],
      [{ shown: 'yes' }, packageMessages.shown],
    ];
    for (const [overrides, message] of cases) {
      const response = await staffCall(cookie, '/api/packages', 'POST', { ...fiveSwedish, ...overrides });
      expect(response.status, JSON.stringify(overrides)).toBe(400);
      expect(await response.json(), JSON.stringify(overrides)).toMatchObject({ message });
    }
    expect(await db.select().from(packages)).toEqual([]);
  });

  it('refuses a name already used, whatever its case', async () => {
    expect((await staffCall(cookie, '/api/packages', 'POST', fiveSwedish)).status).toBe(201);
    const again = await staffCall(cookie, '/api/packages', 'POST', { ...fiveSwedish, name: 'FIVE swedish MASSAGES' });
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({ message: packageMessages.nameTaken('FIVE swedish MASSAGES'), field: 'name' });
  });

  it('changes a package, hides it from visitors (staff still see it), and answers 404 for none', async () => {
    const { _id } = (await (await staffCall(cookie, '/api/packages', 'POST', fiveSwedish)).json()) as { _id: string };
    const changed = await staffCall(cookie, `/api/packages/${_id}`, 'PUT', {
      price: 100_000,
      treatments: ['deep-tissue'],
      shown: false,
    });
    expect(changed.status).toBe(200);
    expect(await changed.json()).toMatchObject({
      price: 100_000,
      shown: false,
      treatments: [{ _id: 'deep-tissue', name: 'Deep Tissue', price: 30_000 }],
    });
    expect(await (await call('/api/packages')).json()).toEqual([]);
    const staff = (await (await staffCall(cookie, '/api/packages/staff')).json()) as Array<{
      _id: string;
      shown: boolean;
    }>;
    expect(staff.map((each) => [each._id, each.shown])).toEqual([[_id, false]]);
    expect((await staffCall(cookie, `/api/packages/${_id}`, 'PUT', { sessions: 30 })).status).toBe(400);
    expect((await staffCall(cookie, '/api/packages/no-such-package', 'PUT', { price: 1 })).status).toBe(404);
  });

  it('is for managers and owners: reception may not define packages', async () => {
    const reception = await staffSession('reception', 'desk@packages.test');
    expect((await staffCall(reception, '/api/packages', 'POST', fiveSwedish)).status).toBe(403);
    expect((await staffCall(reception, '/api/packages/staff')).status).toBe(403);
    const manager = await staffSession('manager', 'manager@packages.test');
    expect((await staffCall(manager, '/api/packages', 'POST', fiveSwedish)).status).toBe(201);
  });
});
