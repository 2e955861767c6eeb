// Gets a clone ready to run locally: .dev.vars from the example when missing, and the D1
// migrations applied to the local database shared by `npm start` and `npm run dev`.
import { copyFileSync, existsSync } from 'node:fs';
import { applyLocalMigrations } from './lib/wrangler.ts';

export const localStateDir = '.wrangler/state';

export function prepareLocal(): void {
  if (!existsSync('.dev.vars')) {
    copyFileSync('.dev.vars.example', '.dev.vars');
    console.log('Created .dev.vars from .dev.vars.example (local secrets, test-mode payments).');
  }
  applyLocalMigrations(localStateDir, { quiet: true });
  console.log('Local D1 migrations applied.');
}

if (import.meta.main) prepareLocal();
