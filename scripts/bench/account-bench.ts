/**
 * The client page's figures of `npm run bench` (BENCH_ONLY=account), on the Reports site's two
 * years of data (50,000 bookings, 20,000 clients `rep<i>@example.com`): POST /api/account/code for
 * known and unknown addresses, interleaved, each sample with an address and a network of its own
 * (under the per-address and per-network limits), and GET /api/account signed in as rep1 (a
 * session row the seed writes). p50 of each beside its goal, and known against unknown: the
 * answer must not tell one from the other by its time.
 */
import { accountSessionSql, median } from './bench-data.ts';

const SAMPLES = 60;
const WARM_UP = 3;
/** The signed-in browser's cookie value (an email's session: `e.`); only its SHA-256 is in the database, as the Worker keeps it. */
const TOKEN = 'e.bench-account-token-0123456789abcdefghijklmnopqrstuvwxyz';

/** SQL: a session for rep1@example.com that lasts, for GET /api/account. */
export const accountSeedSql = () => accountSessionSql(TOKEN, 'email:rep1@example.com');

/** A network address of its own for sample `n` (FORM_LIMITER counts each network). */
const network = (n: number) => `10.${Math.floor(n / 65_536) % 256}.${Math.floor(n / 256) % 256}.${n % 256}`;

async function timed(run: () => Promise<Response>, expected: number, what: string): Promise<number> {
  const started = performance.now();
  const response = await run();
  const body = await response.text();
  const took = performance.now() - started;
  if (response.status !== expected) throw new Error(`${what}: ${response.status} ${body}`);
  return took;
}

const askCode = (baseUrl: string, contact: string, n: number) =>
  fetch(`${baseUrl}/api/account/code`, {
    method: 'POST',
    headers: { Origin: baseUrl, 'Content-Type': 'application/json', 'CF-Connecting-IP': network(n) },
    body: JSON.stringify({ contact }),
  });

export async function printAccount(
  baseUrl: string,
  besideGoal: (figure: string, goal: string, met: boolean) => string,
) {
  const known: number[] = [];
  const unknown: number[] = [];
  const run = Date.now();
  for (let sample = 0; sample < SAMPLES + WARM_UP; sample++) {
    // Interleaved, and each first in turn, so neither meets a warmer Worker or page cache.
    const ask = {
      known: () => timed(() => askCode(baseUrl, `rep${sample + 2}@example.com`, 2 * sample), 202, 'known code'),
      unknown: () =>
        timed(() => askCode(baseUrl, `nobody${sample}-${run}@example.com`, 2 * sample + 1), 202, 'unknown'),
    };
    const order = sample % 2 === 0 ? (['known', 'unknown'] as const) : (['unknown', 'known'] as const);
    for (const which of order) {
      const took = await ask[which]();
      if (sample >= WARM_UP) (which === 'known' ? known : unknown).push(took);
    }
  }
  const views: number[] = [];
  for (let sample = 0; sample < SAMPLES + WARM_UP; sample++) {
    const took = await timed(
      () =>
        fetch(`${baseUrl}/api/account`, {
          headers: { Cookie: `__Host-account=${TOKEN}`, 'CF-Connecting-IP': network(10_000 + sample) },
        }),
      200,
      'GET /api/account',
    );
    if (sample >= WARM_UP) views.push(took);
  }
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  const knownP50 = median(known);
  const unknownP50 = median(unknown);
  const apart = Math.abs(knownP50 - unknownP50);
  const viewP50 = median(views);
  console.log(`\nThe client page on the same data (n=${SAMPLES} each, sequential)`);
  console.log(
    `  POST /api/account/code, a known address    p50 ${besideGoal(ms(knownP50), '≤ 20 ms', knownP50 <= 20)}`,
  );
  console.log(
    `  POST /api/account/code, an unknown address p50 ${besideGoal(ms(unknownP50), '≤ 20 ms', unknownP50 <= 20)}`,
  );
  console.log(`  known against unknown                      ${besideGoal(ms(apart), '≤ 2 ms', apart <= 2)}`);
  console.log(`  GET /api/account (rep1, signed in)         p50 ${besideGoal(ms(viewP50), '≤ 20 ms', viewP50 <= 20)}`);
}
