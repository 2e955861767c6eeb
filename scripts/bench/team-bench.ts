// The team and clients figures of `npm run bench`: what one sign-in costs (the password
// hash's CPU, measured in Node's WebCrypto as the Worker runs the same code, and the whole sign-in
// over HTTP), what choosing a password costs (the common-password list and the check), and the
// Clients search as staff type with 20,000 clients.

import { dictionary } from '@zxcvbn-ts/language-common';
import { packCommonPasswords, unpackCommonPasswords } from '../../worker/services/staff/common-password-list.ts';
import { hashPassword, verifyPassword } from '../../worker/services/staff/password.ts';
import { passwordProblemIn } from '../../worker/services/staff/password-rules.ts';
import { median } from './bench-data.ts';

export const BENCH_CLIENTS = 20_000;

const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.95)] ?? Number.NaN;
const ms = (value: number) => value.toFixed(1).padStart(7);

/**
 * 20,000 clients with names, emails and phones; the 5,000 bench bookings (`bench-bk-<i>`) belong
 * to the first 5,000 of them.
 */
export function clientsSeedSql(): string {
  const series = `with recursive n(i) as (select 1 union all select i + 1 from n where i < ${BENCH_CLIENTS})`;
  const first = `json_extract('["Ada","Bisi","Chidi","Dayo","Emeka","Funmi","Gbenga","Halima","Ifeoma","Jide"]', '$[' || (i % 10) || ']')`;
  const last = `json_extract('["Obi","Adeyemi","Okoro","Bello","Nwosu","Balogun","Eze","Musa","Ade","Okafor"]', '$[' || ((i / 10) % 10) || ']')`;
  return [
    `${series} insert into clients (id, key, name, email, phone, updated_at)
      select 'bench-cl-' || i, 'email:client' || i || '@example.com', ${first} || ' ' || ${last} || ' ' || i,
        'client' || i || '@example.com', '+23481' || printf('%08d', i),
        strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-' || i || ' minutes') from n`,
    `update bookings set client_id = 'bench-cl-' || substr(id, 10) where id like 'bench-bk-%'`,
  ].join(';\n');
}

async function signInCookie(baseUrl: string): Promise<string> {
  const login = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { Origin: baseUrl, 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: 'spa-admin-local' }),
  });
  const cookie = /^([^;]+)/.exec(login.headers.get('Set-Cookie') ?? '')?.[1];
  if (!login.ok || !cookie) throw new Error(`admin login failed (${login.status})`);
  return cookie;
}

/** One sign-in: the hash's CPU (Node's WebCrypto, the Worker's code), and the whole request. */
export async function printSignIn(baseUrl: string): Promise<void> {
  const pepper = 'bench-pepper';
  const stored = await hashPassword('a long team password 2026', pepper);
  const hashTimes: number[] = [];
  for (let run = 0; run < 20; run++) {
    const started = performance.now();
    await verifyPassword('a long team password 2026', pepper, stored);
    hashTimes.push(performance.now() - started);
  }
  const loginTimes: number[] = [];
  for (let run = 0; run < 20; run++) {
    const started = performance.now();
    await signInCookie(baseUrl);
    loginTimes.push(performance.now() - started);
  }
  // The Worker's first check unpacks the list the build packed (a static asset it reads once).
  const packed = packCommonPasswords(dictionary['passwords-common'] as string[]);
  const listStarted = performance.now();
  const list = unpackCommonPasswords(packed);
  passwordProblemIn(list, 'mango tree by the lagoon', null);
  const firstCheck = performance.now() - listStarted;
  const checkTimes: number[] = [];
  for (const password of ['mango tree by the lagoon', 'password2026!', 'blue kettle on the veranda', 'qwertyuiop123']) {
    const started = performance.now();
    passwordProblemIn(list, password, 'amaka@studio.test');
    checkTimes.push(performance.now() - started);
  }
  console.log(`
Signing in and choosing a password (ms)
  password hash (PBKDF2-SHA256, 100,000 iterations; CPU)  median ${ms(median(hashTimes))}  p95 ${ms(p95(hashTimes))}  (n=20)
  sign-in over HTTP, wrangler locally                     median ${ms(median(loginTimes))}  p95 ${ms(p95(loginTimes))}  (n=20)
  password rules: first check (unpacks the list)          ${ms(firstCheck)}
  password rules: each check after                        median ${ms(median(checkTimes))}  (n=${checkTimes.length})`);
}

/** The Clients search as staff type, with 20,000 clients. */
export async function printClientsSearch(baseUrl: string): Promise<void> {
  const cookie = await signInCookie(baseUrl);
  console.log(`
Clients search with ${BENCH_CLIENTS.toLocaleString('en')} clients (sequential, ms)`);
  for (const [label, query] of [
    ['no search (first page)', ''],
    ['a name, in part', 'ifeoma eze'],
    ['an email, in part', 'client1999'],
    ['a phone, written 0810…', '0810 000 19'],
    ['nothing matches', 'zzzz'],
  ] as const) {
    const url = `${baseUrl}/api/clients?q=${encodeURIComponent(query)}&pageSize=25`;
    for (let warm = 0; warm < 3; warm++) await (await fetch(url, { headers: { Cookie: cookie } })).arrayBuffer();
    const times: number[] = [];
    let total = '';
    for (let run = 0; run < 30; run++) {
      const started = performance.now();
      const response = await fetch(url, { headers: { Cookie: cookie } });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`${url} answered ${response.status}`);
      total = response.headers.get('X-Total-Count') ?? '';
      times.push(performance.now() - started);
    }
    console.log(
      `  ${label.padEnd(26)} median ${ms(median(times))}  p95 ${ms(p95(times))}  (n=30, ${total} match${total === '1' ? '' : 'es'})`,
    );
  }
}
