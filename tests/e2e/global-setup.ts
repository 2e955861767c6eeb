// Serves the built site with wrangler (as `npm start` does) on a free port with a fresh local
// database for the browser tests, and stops the server's whole process group afterwards.
import { existsSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { builtConfig, startBuiltSite } from '../../scripts/lib/wrangler.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

/** Data the browser tests rely on: a coupon the booking journey applies. */
export const E2E_COUPON = { code: 'WELCOME10', percent: 10 };
const seedSql = `insert into coupons (id, code, discount, min_amount, expiry_date, active)
  values ('e2e-coupon', '${E2E_COUPON.code}', ${E2E_COUPON.percent}, 0, '2099-12-31', 1)`;

export default async function setup(project: TestProject) {
  if (!existsSync(builtConfig)) throw new Error(`${builtConfig} is missing: run "npm run build" first`);
  const site = await startBuiltSite('.dev.vars.example', seedSql);
  project.provide('baseUrl', site.baseUrl);
  return site.stop;
}
