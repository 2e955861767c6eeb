// A staff read checks the member's account in its own first trip to D1 (db/first-trip-check.ts,
// middleware/staff-access.ts): whatever changed behind the session (deactivated, signed out
// everywhere, another role) is refused at once, and nothing the route read or wrote outlives it.
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { CheckRefused, firstTripChecked, REFUSED } from '../../../worker/db/first-trip-check';
import { staffAccounts } from '../../../worker/db/schema';
import { lagosDate } from '../../../worker/shared/time';
import { adminCall, db, staffSession } from '../admin-harness';

const EMAIL = 'ifeoma@studio.test';
const today = lagosDate(new Date());

beforeEach(async () => {
  await env.DB.exec('create table if not exists trip_check_probe (value text)');
  await env.DB.exec('delete from trip_check_probe');
});

const probes = async () =>
  (await env.DB.prepare('select value from trip_check_probe order by value').all<{ value: string }>()).results.map(
    (row) => row.value,
  );

describe('a binding whose first trip carries a check', () => {
  const holds = (holding: boolean) => () =>
    env.DB.prepare(`select json(case when ? then '1' else '${REFUSED}' end) as live`).bind(holding ? 1 : 0);

  it('answers as the real binding does while the check holds, batch and single statements alike', async () => {
    const checked = firstTripChecked(env.DB, holds(true));
    const results = await checked.db.batch([
      checked.db.prepare('insert into trip_check_probe (value) values (?)').bind('a'),
      checked.db.prepare('select count(*) as n from trip_check_probe'),
    ]);
    expect(results).toHaveLength(2);
    expect(results[1]?.results).toEqual([{ n: 1 }]);
    expect(await checked.db.prepare('select value from trip_check_probe').first('value')).toBe('a');
    await checked.db.prepare('insert into trip_check_probe (value) values (?)').bind('b').run();
    expect(checked.refused()).toBe(false);
    expect(await probes()).toEqual(['a', 'b']);
  });

  it('writes nothing of a first batch when the check fails, and fails every later statement', async () => {
    const checked = firstTripChecked(env.DB, holds(false));
    await expect(
      checked.db.batch([checked.db.prepare('insert into trip_check_probe (value) values (?)').bind('a')]),
    ).rejects.toBeInstanceOf(CheckRefused);
    expect(checked.refused()).toBe(true);
    await expect(
      checked.db.prepare('insert into trip_check_probe (value) values (?)').bind('b').run(),
    ).rejects.toBeInstanceOf(CheckRefused);
    await expect(checked.db.prepare('select 1').first()).rejects.toBeInstanceOf(CheckRefused);
    expect(await probes()).toEqual([]);
  });

  it('runs a lone first write only after the check, and a first read beside it, its answer withheld', async () => {
    const write = firstTripChecked(env.DB, holds(false));
    await expect(
      write.db.prepare('insert into trip_check_probe (value) values (?)').bind('a').run(),
    ).rejects.toBeInstanceOf(CheckRefused);
    const read = firstTripChecked(env.DB, holds(false));
    await expect(read.db.prepare('select 1 as one').first()).rejects.toBeInstanceOf(CheckRefused);
    expect(await probes()).toEqual([]);
  });

  it('tells a route’s own failure from the check’s: a failing batch after a passing check is not a refusal', async () => {
    const checked = firstTripChecked(env.DB, holds(true));
    await expect(checked.db.batch([checked.db.prepare('select * from no_such_table')])).rejects.toThrow(
      /no such table/,
    );
    expect(checked.refused()).toBe(false);
    await checked.settled();
    expect(checked.refused()).toBe(false);
  });

  it('runs the check at the end when the route read nothing', async () => {
    const checked = firstTripChecked(env.DB, holds(false));
    await checked.settled();
    expect(checked.refused()).toBe(true);
  });
});

describe('a staff read with the member kept in the session', () => {
  const change = (values: Partial<typeof staffAccounts.$inferInsert>) =>
    db.update(staffAccounts).set(values).where(eq(staffAccounts.email, EMAIL));
  const today_ = (cookie: string) => adminCall(cookie, `/api/today?date=${today}`);

  it('is answered while the account is as it was', async () => {
    const cookie = await staffSession('manager', EMAIL);
    expect((await today_(cookie)).status).toBe(200);
  });

  it('is refused at once when the account is deactivated or its sessions ended behind the API', async () => {
    const cookie = await staffSession('manager', EMAIL);
    await change({ active: false });
    expect((await today_(cookie)).status).toBe(401);
    const again = await staffSession('manager', EMAIL);
    await change({ sessionsValidAfter: new Date(Date.now() + 1000).toISOString() });
    expect((await today_(again)).status).toBe(401);
  });

  it('answers a role without the permission 403, and a changed role that has it once afresh', async () => {
    const cookie = await staffSession('manager', EMAIL);
    await change({ role: 'reception' });
    expect((await adminCall(cookie, '/api/stats')).status).toBe(403);
    // Both may open Today: the answer made as reception is withheld, then the session keeps the
    // new role and the next read is answered.
    await change({ role: 'manager' });
    expect((await today_(cookie)).status).toBe(401);
    expect((await today_(cookie)).status).toBe(200);
  });
});
