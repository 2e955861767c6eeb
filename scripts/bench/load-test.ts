// The API under load, from a process of its own (`node scripts/bench/load-test.ts <base URL>
// <session cookie> <date>`, run by scripts/bench.ts): each route in turn with autocannon (10
// connections, 5 seconds), each time beside GET /api/ping (a constant answer: the floor of the
// server and the machine; a rate-limited route beside /api/ping/limited, the constant through the
// same limiter, which locally is a Durable Object's call), three rounds alternated, since these machines are noisy. Prints one
// JSON line: per route the medians of requests per second, p50 and p99 latency, and its ratio to
// /api/ping.
import autocannon from 'autocannon';
import { bookingStartBody, median } from './bench-data.ts';

const [baseUrl = '', cookie = '', date = ''] = process.argv.slice(2);
const ROUNDS = 3;
const SECONDS = 5;

interface Target {
  name: string;
  path: string;
  method?: 'GET' | 'POST';
  body?: string;
  headers?: Record<string, string>;
  /** Each request from another client address, as many visitors are (the rate limits count per address). */
  manyAddresses?: boolean;
  /** Each request's own body (a payment start: a visitor and a time of its own). */
  bodyOf?: (n: number) => string;
  /** What it is judged beside: /api/ping unless it passes through a rate limiter. */
  floor?: Target;
}

/** A visit of Swedish for visitor `n`: a day 40 to 160 days ahead and an hour of it, so no two meet. */
const bookingStart = (n: number) => {
  const day = new Date(Date.parse(`${date}T12:00:00Z`) + (40 + (Math.floor(n / 9) % 120)) * 86_400_000);
  return JSON.stringify(
    bookingStartBody({
      date: day.toISOString().slice(0, 10),
      time: `${String(9 + (n % 9)).padStart(2, '0')}:00`,
      email: `load${n}-${process.pid}@example.com`,
      name: 'Load Test',
    }),
  );
};

const json = { 'Content-Type': 'application/json' };
/** The constant answer through the forms' limiter, from as many addresses: the coupon check's floor. */
const limitedFloor: Target = { name: 'GET /api/ping/limited', path: '/api/ping/limited', manyAddresses: true };

const targets: Target[] = [
  { name: 'GET /api/health', path: '/api/health' },
  { name: 'GET /api/availability (a day)', path: `/api/availability?date=${date}&treatments=swedish,hotstone` },
  {
    name: 'GET /api/availability/month',
    path: `/api/availability/month?month=${date.slice(0, 7)}&treatments=swedish,hotstone`,
  },
  {
    name: 'POST /api/validate-coupon',
    path: '/api/validate-coupon',
    method: 'POST',
    body: JSON.stringify({ code: 'WELCOME10', amount: 50_000 }),
    headers: json,
    manyAddresses: true,
    floor: limitedFloor,
  },
  { name: 'GET /api/bookings (5,000, session)', path: '/api/bookings?status=booked', headers: { Cookie: cookie } },
  {
    name: 'POST /api/payment/initialize (a booking)',
    path: '/api/payment/initialize',
    method: 'POST',
    headers: { ...json, Origin: baseUrl },
    manyAddresses: true,
    bodyOf: bookingStart,
  },
];
const floor: Target = { name: 'GET /api/ping', path: '/api/ping' };

let address = 0;
async function measure(target: Target) {
  const result = await autocannon({
    url: `${baseUrl}${target.path}`,
    connections: 10,
    duration: SECONDS,
    requests: [
      {
        method: target.method ?? 'GET',
        body: target.body,
        headers: target.headers,
        setupRequest: (request) => {
          const n = address++;
          const headers = target.manyAddresses
            ? { ...request.headers, 'CF-Connecting-IP': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` }
            : request.headers;
          return { ...request, headers, ...(target.bodyOf ? { body: target.bodyOf(n) } : {}) };
        },
      },
    ],
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

const report = [];
for (const target of targets) {
  const rounds: Array<{ own: Awaited<ReturnType<typeof measure>>; floor: Awaited<ReturnType<typeof measure>> }> = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    rounds.push({ own: await measure(target), floor: await measure(target.floor ?? floor) });
  }
  const rps = median(rounds.map((r) => r.own.rps));
  const floorRps = median(rounds.map((r) => r.floor.rps));
  report.push({
    name: target.name,
    floorName: (target.floor ?? floor).name,
    rps,
    p50: median(rounds.map((r) => r.own.p50)),
    p99: median(rounds.map((r) => r.own.p99)),
    errors: rounds.reduce((total, r) => total + r.own.errors, 0),
    floorRps,
    floorP50: median(rounds.map((r) => r.floor.p50)),
    ratio: rps / floorRps,
  });
}
console.log(JSON.stringify(report));
