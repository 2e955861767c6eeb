// The built Worker with a far database, for `npm run bench` (far-d1-bench.ts): every D1 call waits
// FAR_D1_MS more, as a Worker in Lagos waits on the primary in Europe, and each answer says in
// `X-D1-Trips` how many trips it had waited for in turn when it answered (tests/fakes/d1-trips.ts).
// Bundled by esbuild beside the built Worker, which it imports as it is (`built-worker`).
// @ts-expect-error: the built bundle, resolved when esbuild writes this file beside it
import built from 'built-worker';
import { countTrips } from '../../tests/fakes/d1-trips.ts';

declare const FAR_D1_MS: number;

interface Handler {
  fetch(request: Request, env: { DB: object }, context: unknown): Promise<Response>;
}

const worker = built as Handler;

export default {
  ...(built as object),
  async fetch(request: Request, env: { DB: object }, context: unknown) {
    const counter = countTrips(env.DB, FAR_D1_MS);
    const response = await worker.fetch(request, { ...env, DB: counter.db }, context);
    const counted = new Response(response.body, response);
    counted.headers.set('X-D1-Trips', String(counter.finished()));
    return counted;
  },
};
