// Availability answers are kept per schedule version (services/schedule/availability-answers.ts): every
// write that changes availability moves the version on, through the API or behind its back, so a
// kept answer is never stale for a write.
import { env } from 'cloudflare:workers';
import { beforeEach, describe, expect, it } from 'vitest';
import { scheduleVersion } from '../../../worker/services/schedule/availability-answers';
import { loadVersionedSchedule } from '../../../worker/services/schedule/schedule';
import { blockAt, minuteOfDay } from '../../../worker/shared/bookings/schedule';
import { inDays } from '../checkout/payment-fixtures';
import { call, clearPaymentData, db } from '../checkout/payment-harness';
import { resetTeam } from '../staff/team-fixtures';

const date = inDays(12);

/** How many start times of `date` could take a one-hour Swedish massage at 10:00. */
async function leftAt10(): Promise<number> {
  const response = await call(`/api/availability?date=${date}&treatments=swedish`);
  expect(response.status).toBe(200);
  const body = (await response.json()) as { slots: Array<{ time: string; left: number }> };
  return body.slots.find((slot) => slot.time === '10:00')?.left ?? -1;
}

/** Whether the month's answer marks `date` open. */
async function openInMonth(): Promise<boolean> {
  const response = await call(`/api/availability/month?month=${date.slice(0, 7)}&treatments=swedish`);
  const body = (await response.json()) as { days: Array<{ date: string; open: boolean }> };
  return body.days.find((day) => day.date === date)?.open ?? false;
}

const run = (statement: string) => env.DB.prepare(statement).run();

beforeEach(async () => {
  await clearPaymentData();
  await resetTeam(2);
});

describe('availability kept per schedule version', () => {
  it('moves the version on for every write that changes availability', async () => {
    const first = blockAt(date, minuteOfDay('10:00'));
    // A payment alone holds no time (its blocks do), so its insert leaves the version.
    const before = await scheduleVersion(db);
    await run(`insert into payments (reference, kind, status, amount, subtotal, email, details, hold_expires_at)
        values ('AV-1', 'booking', 'pending', 1, 1, 'a@example.com', '{}', '2999-01-01T00:00:00.000Z')`);
    expect(await scheduleVersion(db)).toBe(before);
    const writes = [
      `insert into time_blocks (resource, block, payment_reference, expires_at) values ('t:therapist-1', ${first}, 'AV-1', '2999-01-01T00:00:00.000Z')`,
      "update payments set hold_expires_at = '2000-01-01T00:00:00.000Z' where reference = 'AV-1'",
      "update payments set status = 'abandoned' where reference = 'AV-1'",
      `delete from time_blocks where payment_reference = 'AV-1'`,
      "delete from payments where reference = 'AV-1'",
      "update therapists set active = 0 where id = 'therapist-2'",
      "delete from therapist_treatments where therapist_id = 'therapist-2'",
      "insert into therapist_time_off (therapist_id, date, reason) values ('therapist-1', '2030-01-01', 'Leave')",
      "delete from therapist_hours where therapist_id = 'therapist-2'",
      "update rooms set active = 0 where id = 'room-2'",
      "delete from room_treatments where room_id = 'room-2'",
      "update treatments set duration_minutes = duration_minutes where id = 'swedish'",
      "insert into closures (date, reason) values ('2030-01-02', 'Holiday')",
      'update schedule_settings set start_step_minutes = 60 where id = 1',
    ];
    for (const write of writes) {
      const version = await scheduleVersion(db);
      await run(write);
      expect(await scheduleVersion(db), write).toBeGreaterThan(version);
    }
    // Nor does a change to a payment that no hold depends on: its email, say.
    await run(`insert into payments (reference, kind, status, amount, subtotal, email, details)
        values ('AV-3', 'order', 'pending', 1, 1, 'a@example.com', '{}')`);
    const unchanged = await scheduleVersion(db);
    await run("update payments set email = 'b@example.com' where reference = 'AV-3'");
    expect(await scheduleVersion(db)).toBe(unchanged);
  });

  it('answers a booking written behind the API’s back at once, though the answer was kept', async () => {
    expect(await leftAt10()).toBe(2);
    expect(await leftAt10()).toBe(2); // kept: same version, same minute
    const first = blockAt(date, minuteOfDay('10:00'));
    await run(
      `insert into payments (reference, kind, status, amount, subtotal, email, details, paid_at)
        values ('AV-2', 'booking', 'paid', 1, 1, 'a@example.com', '{}', '2026-01-01T00:00:00.000Z')`,
    );
    await env.DB.batch(
      [0, 1, 2, 3].flatMap((offset) =>
        ['t:therapist-1', 'r:room-1'].map((resource) =>
          env.DB.prepare('insert into time_blocks (resource, block, payment_reference) values (?, ?, ?)').bind(
            resource,
            first + offset,
            'AV-2',
          ),
        ),
      ),
    );
    expect(await leftAt10()).toBe(1);
  });

  it('answers a day off and a closure at once, day and month alike', async () => {
    expect(await openInMonth()).toBe(true);
    await run(`insert into closures (date, reason) values ('${date}', 'Public holiday')`);
    expect(await openInMonth()).toBe(false);
    const closed = (await (await call(`/api/availability?date=${date}&treatments=swedish`)).json()) as {
      closed: boolean;
    };
    expect(closed.closed).toBe(true);
    await run(`delete from closures where date = '${date}'`);
    expect(await openInMonth()).toBe(true);
    await run(
      `insert into therapist_time_off (therapist_id, date, reason) values ('therapist-1', '${date}', 'Leave'), ('therapist-2', '${date}', 'Leave')`,
    );
    expect(await openInMonth()).toBe(false);
    expect(await leftAt10()).toBe(0);
  });

  it('reads the schedule with its version in one batch, and nothing more while a kept version holds', async () => {
    const now = new Date();
    const version = await scheduleVersion(db);
    const fresh = await loadVersionedSchedule(db, date, date, now, undefined);
    expect(fresh.version).toBe(version);
    expect(fresh.schedule?.therapists.map((therapist) => therapist.id)).toEqual(['therapist-1', 'therapist-2']);
    expect(await loadVersionedSchedule(db, date, date, now, version)).toEqual({ version });
    await run(`insert into closures (date, reason) values ('${date}', 'Public holiday')`);
    const moved = await loadVersionedSchedule(db, date, date, now, version);
    expect(moved.version).toBeGreaterThan(version);
    expect(moved.schedule?.closures.get(date)).toBe('Public holiday');
  });
});
