// Gets a clone ready to run locally: .dev.vars from the example when missing, and the D1
// migrations applied to the local database shared by `npm start` and `npm run dev`.
import { appendFileSync, copyFileSync, existsSync, readFileSync } from 'node:fs';
import { applyLocalMigrations } from './lib/wrangler.ts';

export const localStateDir = '.wrangler/state';

export function prepareLocal(): void {
  if (!existsSync('.dev.vars')) {
    copyFileSync('.dev.vars.example', '.dev.vars');
    console.log('Created .dev.vars from .dev.vars.example (local secrets, test-mode payments).');
  } else if (!/^ENVIRONMENT=/m.test(readFileSync('.dev.vars', 'utf8'))) {
    // A .dev.vars from before ENVIRONMENT existed: without it the local cron and queue would wait.
    appendFileSync('.dev.vars', "\n# A developer's install (see .dev.vars.example).\nENVIRONMENT=development\n");
    console.log('Added ENVIRONMENT=development to .dev.vars.');
  }
  applyLocalMigrations(localStateDir, { quiet: true });
  console.log('Local D1 migrations applied.');
}

if (import.meta.main) prepareLocal();
