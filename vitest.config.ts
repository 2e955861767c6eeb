import { readFileSync } from 'node:fs';
import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { commonPasswordsModule } from './scripts/lib/common-passwords.ts';
import { parseDevVars } from './scripts/lib/dev-vars.ts';
import { offlineEnv } from './scripts/lib/offline-env.ts';
import { pageRendererAlias, webDefine } from './scripts/lib/web-define.ts';

// Tests run with the documented local secrets (whatever the shell holds), so they prove the
// example file works. Wrangler reads secrets from process.env for the worker under test.
Object.assign(process.env, offlineEnv, parseDevVars(readFileSync('.dev.vars.example', 'utf8')));

export default defineConfig({
  test: {
    projects: [
      {
        // The API inside workerd, against real local D1 and KV.
        plugins: [
          commonPasswordsModule({ asAsset: false }),
          cloudflareTest(async () => ({
            wrangler: { configPath: './wrangler.toml' },
            miniflare: {
              // A developer's install, as .dev.vars.example declares it (the cron and queue run).
              bindings: { TEST_MIGRATIONS: await readD1Migrations('./migrations'), ENVIRONMENT: 'development' },
            },
          })),
        ],
        // The Worker renders the catalogue's pages with the web's renderer (as the build does).
        define: webDefine(),
        resolve: { alias: pageRendererAlias },
        test: {
          name: 'worker',
          include: ['tests/worker/**/*.test.ts'],
          setupFiles: ['tests/worker/apply-migrations.ts'],
          // Bounds, not expectations: a busy machine makes a test slower, never red.
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // React components and atoms in a simulated DOM.
        plugins: [react()],
        define: webDefine(),
        test: {
          name: 'web',
          environment: 'happy-dom',
          testTimeout: 30_000,
          include: ['tests/web/**/*.test.{ts,tsx}'],
        },
      },
      {
        // The house's own rules read from its source (the import graph's layers), in Node.
        test: {
          name: 'house',
          environment: 'node',
          include: ['tests/house/**/*.test.ts'],
        },
      },
      {
        // The built site served by wrangler, driven in real Chromium.
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/e2e/support/global-setup.ts'],
          setupFiles: ['tests/e2e/support/run-clock-setup.ts'],
          fileParallelism: false,
          testTimeout: 60_000,
          // expect.poll waits up to 1 s by default: too short for a page on a busy machine.
          expect: { poll: { timeout: 20_000 } },
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
