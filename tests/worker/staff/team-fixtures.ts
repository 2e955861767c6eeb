// The studio's team as the migration leaves a fresh install: "Therapist 1" … "Therapist N" working
// 09:00–18:00 every day and giving every treatment, as many general rooms, hourly start times, the
// catalogue's treatment lengths. Tests start from it and change what they are about.
import { env } from 'cloudflare:workers';
import { blockAt, blockCount, minuteOfDay } from '../../../worker/shared/bookings/schedule';
import { products } from '../../../worker/shared/catalogue/products';
import { treatments } from '../../../worker/shared/catalogue/treatment-list';

const ids = treatments.map((treatment) => `('${treatment.id}')`).join(', ');

/** The menu and shop as the migration leaves them: today's treatments and products, nothing else. */
export function catalogueResetStatements(): string[] {
  const q = (value: string) => `'${value.replace(/'/g, "''")}'`;
  return [
    // Packages name treatments: they (and what was sold of them) go before any treatment a test added.
    'delete from memberships',
    'delete from package_uses',
    'delete from package_purchases',
    'delete from membership_plan_treatments',
    'delete from membership_plans',
    'delete from package_treatments',
    'delete from packages',
    `delete from treatments where id not in (${treatments.map((treatment) => q(treatment.id)).join(', ')})`,
    ...treatments.map(
      (treatment, index) =>
        `update treatments set name = ${q(treatment.name)}, group_id = ${q(treatment.group)},
          description = ${q(treatment.description)}, price = ${treatment.price},
          duration_minutes = ${treatment.durationMinutes ?? 'null'}, buffer_minutes = 0, active = 1,
          position = ${index + 1}, version = 1 where id = ${q(treatment.id)}`,
    ),
    `delete from products where id not in (${products.map((product) => q(product.id)).join(', ')})`,
    'delete from product_sizes',
    ...products.flatMap((product, index) => [
      `update products set name = ${q(product.name)}, category = ${q(product.category)},
        description = ${q(product.description)}, ingredients = ${product.ingredients ? q(product.ingredients) : 'null'},
        images = ${q(JSON.stringify([product.image]))}, active = 1, position = ${index + 1}, version = 1
        where id = ${q(product.id)}`,
      ...product.sizes.map(
        (size, position) =>
          `insert into product_sizes (product_id, size, price, stock, position)
            values (${q(product.id)}, ${q(size.size)}, ${size.price}, null, ${position + 1})`,
      ),
    ]),
  ];
}

/** Resets therapists, rooms, hours, days off, the menu's lengths and the start step (bookings must be gone). */
/** Clients' reviews point to their visits, orders and therapists; the shop's seed reviews stay, shown. */
const reviewResetStatements = [
  'delete from reviews where request_id is not null',
  'delete from review_requests',
  "update reviews set status = 'approved', reply = null, replied_at = null where source = 'seed'",
];

/** Before bookings and orders are deleted: the reviews and requests that point to them. */
export async function clearReviews(): Promise<void> {
  await env.DB.batch(reviewResetStatements.map((statement) => env.DB.prepare(statement)));
}

export async function resetTeam(therapists = 2): Promise<void> {
  const statements = [
    ...reviewResetStatements,
    ...catalogueResetStatements(),
    'delete from time_blocks',
    'delete from therapist_time_off',
    'delete from therapist_hours',
    'delete from therapist_treatments',
    'delete from room_treatments',
    'delete from therapists',
    'delete from rooms',
    'delete from schedule_settings',
    'insert into schedule_settings (id, start_step_minutes) values (1, 60)',
  ];
  for (let k = 1; k <= therapists; k++) {
    // Created a second apart, so they list in order.
    const created = new Date(Date.UTC(2026, 0, 1, 0, 0, k)).toISOString();
    statements.push(
      `insert into therapists (id, name, created_at) values ('therapist-${k}', 'Therapist ${k}', '${created}')`,
      `insert into rooms (id, name, created_at) values ('room-${k}', 'Room ${k}', '${created}')`,
      `insert into therapist_treatments (therapist_id, treatment_id) select 'therapist-${k}', column1 from (values ${ids})`,
      `insert into room_treatments (room_id, treatment_id) select 'room-${k}', column1 from (values ${ids})`,
      `insert into therapist_hours (therapist_id, weekday, start_minute, end_minute)
        select 'therapist-${k}', value, 540, 1080 from json_each('[0,1,2,3,4,5,6]')`,
    );
  }
  await env.DB.batch(statements.map((statement) => env.DB.prepare(statement)));
}

/**
 * Gives a booking written straight into D1 what the booking flow would: the first of the fresh
 * install's therapists (and the matching room) free for its whole length, their blocks taken.
 * Answers the therapist, or undefined when none is free (then it holds nothing, over capacity).
 */
export async function takeFreeTherapist(
  reference: string,
  date: string,
  time: string,
  minutes = 60,
): Promise<string | undefined> {
  const first = blockAt(date, minuteOfDay(time));
  const last = first + blockCount(minutes) - 1;
  const rows = await env.DB.prepare(
    `select resource from time_blocks where block between ?1 and ?2 and (expires_at is null or exists (
       select 1 from payments where reference = payment_reference and status = 'pending'
         and hold_expires_at > strftime('%Y-%m-%dT%H:%M:%fZ', 'now')))`,
  )
    .bind(first, last)
    .all<{ resource: string }>();
  const held = new Set(rows.results.map((row) => row.resource));
  for (const k of [1, 2, 3, 4]) {
    if (held.has(`t:therapist-${k}`) || held.has(`r:room-${k}`)) continue;
    const exists = await env.DB.prepare('select 1 from therapists where id = ?').bind(`therapist-${k}`).first();
    if (!exists) break;
    const statements = [
      env.DB.prepare(
        'update bookings set therapist_id = ?, room_id = ?, duration_minutes = ? where payment_reference = ?',
      ).bind(`therapist-${k}`, `room-${k}`, minutes, reference),
    ];
    for (let block = first; block <= last; block++) {
      for (const resource of [`t:therapist-${k}`, `r:room-${k}`]) {
        statements.push(
          env.DB.prepare('insert into time_blocks (resource, block, payment_reference) values (?, ?, ?)').bind(
            resource,
            block,
            reference,
          ),
        );
      }
    }
    await env.DB.batch(statements);
    return `therapist-${k}`;
  }
  return undefined;
}
