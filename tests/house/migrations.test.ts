// The migrations run on data as D1 runs them (each file in one transaction, foreign keys on), in
// Node's SQLite: a table rebuilt to change its CHECK (0035, the visit statuses) keeps its rows,
// the rows that point at them, its indexes and the triggers that move the bookings' version.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { root } from './import-graph';

const migrations = readdirSync(join(root, 'migrations'))
  .filter((name) => /^\d{4}_.+\.sql$/.test(name))
  .sort();

/** One migration file, its statements in one transaction. */
function apply(db: DatabaseSync, name: string): void {
  const statements = readFileSync(join(root, 'migrations', name), 'utf8').split('--> statement-breakpoint');
  db.exec('BEGIN');
  try {
    for (const statement of statements) if (statement.trim()) db.exec(statement);
    db.exec('COMMIT');
  } catch (error) {
    db.exec('ROLLBACK');
    throw new Error(`${name}: ${(error as Error).message}`);
  }
}

/** A database with every migration before `name` applied. */
function migratedUpTo(name: string): DatabaseSync {
  const db = new DatabaseSync(':memory:', { enableForeignKeyConstraints: true });
  for (const migration of migrations.filter((file) => file < name)) apply(db, migration);
  return db;
}

const bookingsVersion = (db: DatabaseSync) =>
  Number((db.prepare('select version from bookings_version where id = 1').get() as { version: number }).version);

describe('migration 0035 (visit statuses)', () => {
  const name = migrations.find((file) => file.startsWith('0035_')) ?? '';

  it('keeps every booking, what points at it, its indexes and its version triggers', () => {
    expect(name).not.toBe('');
    const db = migratedUpTo(name);
    db.exec(`insert into payments (reference, kind, status, amount, subtotal, email, details)
      values ('BK-1', 'booking', 'paid', 25000, 25000, 'ada@example.com', '{}')`);
    db.exec(`insert into bookings (id, payment_reference, service, subservices, date, time, name, email, phone,
        amount, amount_paid, service_status, therapist_id, room_id)
      values ('booking-1', 'BK-1', 'Massage', '["Swedish"]', '2026-12-01', '10:00', 'Ada Obi', 'ada@example.com',
        '+2348031234567', 25000, 25000, 'cancelled', 'therapist-1', 'room-1')`);
    db.exec(`insert into booking_events (id, booking_id, kind, actor, from_date, from_time)
      values ('event-1', 'booking-1', 'cancelled', 'staff', '2026-12-01', '10:00')`);
    db.exec(`insert into refunds (payment_reference, booking_id, amount) values ('BK-1', 'booking-1', 25000)`);
    const before = db.prepare("select * from bookings where id = 'booking-1'").get();
    const indexes = () =>
      db.prepare("select name from sqlite_master where type = 'index' and tbl_name = 'bookings' order by name").all();
    const indexesBefore = indexes();

    apply(db, name);

    expect(db.prepare("select * from bookings where id = 'booking-1'").get()).toEqual(before);
    expect(db.prepare('select count(*) as n from booking_events').get()).toEqual({ n: 1 });
    expect(db.prepare('select count(*) as n from refunds').get()).toEqual({ n: 1 });
    expect(db.prepare('pragma foreign_key_check').all()).toEqual([]);
    expect(indexes()).toEqual(indexesBefore);
    const version = bookingsVersion(db);
    db.exec("update bookings set name = 'Ada O.' where id = 'booking-1'");
    expect(bookingsVersion(db)).toBeGreaterThan(version);
  });

  it('lets a visit be arrived or a no-show, and nothing else new', () => {
    const db = migratedUpTo('9999');
    db.exec(`insert into payments (reference, kind, status, amount, subtotal, email, details)
      values ('BK-2', 'booking', 'paid', 25000, 25000, 'ada@example.com', '{}')`);
    db.exec(`insert into bookings (id, payment_reference, service, subservices, date, time, name, email, phone, amount)
      values ('booking-2', 'BK-2', 'Massage', '["Swedish"]', '2026-12-01', '10:00', 'Ada Obi', 'ada@example.com',
        '+2348031234567', 25000)`);
    for (const status of ['arrived', 'no-show', 'completed', 'booked']) {
      db.exec(`update bookings set service_status = '${status}' where id = 'booking-2'`);
    }
    expect(() => db.exec("update bookings set service_status = 'missing' where id = 'booking-2'")).toThrow(/CHECK/);
  });
});

describe('migration 0038 (the time waitlist)', () => {
  const name = migrations.find((file) => file.startsWith('0038_')) ?? '';
  const scheduleVersion = (db: DatabaseSync) =>
    Number((db.prepare('select version from schedule_version where id = 1').get() as { version: number }).version);

  it('keeps every held block and the triggers that move availability on, and lets an offer hold blocks', () => {
    expect(name).not.toBe('');
    const db = migratedUpTo(name);
    db.exec(`insert into payments (reference, kind, status, amount, subtotal, email, details)
      values ('BK-1', 'booking', 'paid', 25000, 25000, 'ada@example.com', '{}')`);
    db.exec(
      `insert into time_blocks (resource, block, payment_reference) values ('t:1', 100, 'BK-1'), ('r:1', 100, 'BK-1')`,
    );
    const before = db.prepare('select * from time_blocks order by resource').all();

    apply(db, name);

    expect(db.prepare('select * from time_blocks order by resource').all()).toEqual(before);
    expect(db.prepare('pragma foreign_key_check').all()).toEqual([]);
    const version = scheduleVersion(db);
    db.exec(`insert into time_blocks (resource, block, payment_reference, expires_at)
      values ('t:1', 101, 'WO-1', '2026-12-01T10:00:00.000Z')`);
    db.exec(`update time_blocks set expires_at = null where payment_reference = 'WO-1'`);
    db.exec(`delete from time_blocks where payment_reference = 'WO-1'`);
    expect(scheduleVersion(db)).toBe(version + 3);
    expect(() =>
      db.exec(`insert into time_blocks (resource, block, payment_reference) values ('t:1', 100, 'WO-2')`),
    ).toThrow(/UNIQUE/);
  });
});

describe('migration 0040 (package sales)', () => {
  const name = migrations.find((file) => file.startsWith('0040_')) ?? '';
  const version = (db: DatabaseSync, table: 'schedule_version' | 'bookings_version') =>
    Number((db.prepare(`select version from ${table} where id = 1`).get() as { version: number }).version);

  it('keeps every payment, what points at it, its indexes and its triggers, and lets a package be sold', () => {
    expect(name).not.toBe('');
    const db = migratedUpTo(name);
    db.exec(`insert into payments (reference, kind, status, amount, subtotal, email, details, method)
      values ('BK-1', 'booking', 'paid', 25000, 25000, 'ada@example.com', '{}', 'paystack')`);
    db.exec(`insert into bookings (id, payment_reference, service, subservices, date, time, name, email, phone, amount)
      values ('booking-1', 'BK-1', 'Massage', '["Swedish"]', '2026-12-01', '10:00', 'Ada Obi', 'ada@example.com',
        '+2348031234567', 25000)`);
    db.exec(`insert into time_blocks (resource, block, payment_reference) values ('t:1', 100, 'BK-1')`);
    const before = db.prepare("select * from payments where reference = 'BK-1'").get();
    const shape = () =>
      db.prepare("select type, name from sqlite_master where tbl_name = 'payments' order by type, name").all();
    const shapeBefore = shape();

    apply(db, name);

    expect(db.prepare("select * from payments where reference = 'BK-1'").get()).toEqual(before);
    expect(db.prepare('select count(*) as n from bookings').get()).toEqual({ n: 1 });
    expect(db.prepare('pragma foreign_key_check').all()).toEqual([]);
    expect(shape()).toEqual(shapeBefore);
    const [schedule, bookings] = [version(db, 'schedule_version'), version(db, 'bookings_version')];
    db.exec(`insert into payments (reference, kind, status, amount, subtotal, email, details, method)
      values ('PK-1', 'package', 'pending', 90000, 90000, 'ada@example.com', '{}', 'paystack')`);
    db.exec(`update payments set status = 'paid' where reference = 'PK-1'`);
    db.exec(`insert into payments (reference, kind, status, amount, subtotal, email, details, method)
      values ('BK-2', 'booking', 'paid', 0, 0, 'ada@example.com', '{}', 'package')`);
    expect(version(db, 'schedule_version')).toBe(schedule + 1);
    expect(version(db, 'bookings_version')).toBe(bookings + 2);
    expect(() =>
      db.exec(`insert into payments (reference, kind, status, amount, subtotal, email, details)
        values ('XX-1', 'gift-card', 'pending', 1, 1, 'ada@example.com', '{}')`),
    ).toThrow(/CHECK/);
  });
});
