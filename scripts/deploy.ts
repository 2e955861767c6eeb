// `npm run deploy`: refuses a laptop's configuration (scripts/lib/deploy-check.ts), then builds,
// applies the D1 migrations to the remote database and deploys the built Worker with wrangler.
import { readFileSync } from 'node:fs';
import { deployProblem } from './lib/deploy-check.ts';
import { builtConfig, viteBuild, wranglerSync } from './lib/wrangler.ts';

const problem = deployProblem(readFileSync('wrangler.toml', 'utf8'));
if (problem) {
  console.error(problem);
  process.exit(1);
}
viteBuild();
wranglerSync(['d1', 'migrations', 'apply', 'DB', '--remote']);
wranglerSync(['deploy', '--config', builtConfig]);
