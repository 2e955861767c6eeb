/**
 * The waitlist's cost to a cancellation: staff cancel visits of the scheduling month's
 * busy days, half on days two clients wait for (their freed place is then offered, after the
 * answer) and half on days nobody waits for, alternately; the answers' times side by side. Offers
 * are made only from 07:00 to 21:00 Lagos time: outside those hours the figure says so.
 */
import { SCHEDULE_ROOMS } from './schedule-bench.ts';

/** Days 1 to 14 of the month have waiting clients; 15 to 28 have none. */
const WAITED_DAYS = 14;
const CANCELS_PER_HALF = 14;

/** SQL: two clients waiting for each of the month's first 14 days, any time, for a Swedish massage. */
export function waitlistSeedSql(monthStart: string): string {
  return `with recursive n(i) as (select 1 union all select i + 1 from n where i < ${WAITED_DAYS * 2})
    insert into time_waitlist_entries (id, name, email, treatment_ids, dates, last_date, day_part, created_at)
    select 'bench-w-' || i, 'Waiting ' || i, 'wait' || i || '@example.com', '["swedish"]',
      json_array(date('${monthStart}', '+' || ((i - 1) % ${WAITED_DAYS}) || ' days')),
      date('${monthStart}', '+' || ((i - 1) % ${WAITED_DAYS}) || ' days'), 'any',
      strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-' || i || ' minutes')
    from n`;
}

/** The scheduling seed's booking ids at 10:00 in room 1, by day of the month (0-based), as its SQL numbers them. */
function tenOClockBookings(): Map<number, string> {
  const byDay = new Map<number, string>();
  let k = 0;
  for (let day = 0; day <= 27; day++) {
    for (let hour = 0; hour <= 8; hour++) {
      for (let room = 1; room <= SCHEDULE_ROOMS; room++) {
        if ((day * 9 + hour + room) % 5 === 0) continue;
        k++;
        if (hour === 1 && !byDay.has(day)) byDay.set(day, `sch-${k}`);
      }
    }
  }
  return byDay;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? Number.NaN;
};

export async function printWaitlistCancellations(baseUrl: string): Promise<void> {
  const login = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: baseUrl, 'CF-Connecting-IP': '192.0.2.201' },
    body: JSON.stringify({ username: 'admin', password: 'spa-admin-local' }),
  });
  const cookie = /^([^;]+)/.exec(login.headers.get('Set-Cookie') ?? '')?.[1] ?? '';
  const cancel = async (id: string) => {
    const started = performance.now();
    const response = await fetch(`${baseUrl}/api/bookings/${id}`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', Origin: baseUrl, Cookie: cookie },
      body: JSON.stringify({ serviceStatus: 'cancelled', refund: false }),
    });
    const took = performance.now() - started;
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`cancelling ${id}: ${response.status}`);
    // The offering runs after the answer: let it finish before the next cancellation is timed.
    await new Promise((resolve) => setTimeout(resolve, 250));
    return took;
  };
  const bookings = tenOClockBookings();
  const waited: number[] = [];
  const alone: number[] = [];
  for (let index = 0; index < CANCELS_PER_HALF; index++) {
    const withWaiting = bookings.get(index);
    const nobodyWaiting = bookings.get(WAITED_DAYS + index);
    if (withWaiting) waited.push(await cancel(withWaiting));
    if (nobodyWaiting) alone.push(await cancel(nobodyWaiting));
  }
  const list = await fetch(`${baseUrl}/api/time-waitlist`, { headers: { Cookie: cookie } });
  const entries = ((await list.json()) as { entries: Array<{ offer: unknown }> }).entries;
  const offered = entries.filter((entry) => entry.offer !== null).length;
  const lagosHour = (new Date().getUTCHours() + 1) % 24;
  console.log(
    `\nThe waitlist: staff cancellations' answers, ${waited.length} on days two clients wait for, ${alone.length} on days nobody does (sequential, alternated, ms; goal: under 50 ms more at p50)`,
  );
  const p50Waited = percentile(waited, 0.5);
  const p50Alone = percentile(alone, 0.5);
  console.log(
    `  nobody waiting         p50 ${p50Alone.toFixed(1).padStart(6)}  p90 ${percentile(alone, 0.9).toFixed(1).padStart(6)}`,
  );
  console.log(
    `  clients waiting        p50 ${p50Waited.toFixed(1).padStart(6)}  p90 ${percentile(waited, 0.9).toFixed(1).padStart(6)}`,
  );
  console.log(
    `  the place freed adds   ${(p50Waited - p50Alone).toFixed(1)} ms at p50; ${offered} of the ${entries.length} waiting clients offered a place${
      lagosHour >= 7 && lagosHour < 21 ? '' : ` (it is ${lagosHour}:00 in Lagos: no offers at night)`
    }`,
  );
}
