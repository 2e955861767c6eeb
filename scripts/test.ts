// `npm test`: every check, in the order that fails fastest. Static checks (types, lint and
// format, generated Worker types, dependency advisories), then the production build and a
// deploy dry run, then every test: worker tests in workerd, web tests, browser tests in Chromium.
// `npm run check` (`--only-checks`) stops after the static checks.
import { spawnSync } from 'node:child_process';
import { cpSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { offlineEnv } from './lib/offline-env.ts';
import { builtConfig, packageBin } from './lib/wrangler.ts';

const onlyChecks = process.argv.includes('--only-checks');
const env = { ...process.env, ...offlineEnv };

/**
 * Published advisories of the production dependencies (GitHub Advisory Database) as the first
 * version that fixes them: checked offline on every run, because the registry seen here refuses
 * npm audit's endpoint (405), and then npm audit itself where it answers.
 */
const advisoryFloors = [
  { name: 'hono', fixed: '4.13.5', advisories: 'the advisories fixed in 4.13.5' },
  { name: 'drizzle-orm', fixed: '0.45.2', advisories: 'GHSA-gpj5-g38j-94v9 (SQL identifiers)' },
  {
    name: 'react-router',
    fixed: '7.18.2',
    advisories:
      'GHSA-2w69-qvjg-hvjx, GHSA-2j2x-hqr9-3h42, GHSA-49rj-9fvp-4h2h, GHSA-8646-j5j9-6r62, GHSA-8x6r-g9mw-2r78, GHSA-chx6-hx7r-mcp5, GHSA-qwww-vcr4-c8h2',
  },
  { name: 'cookie', fixed: '0.7.0', advisories: 'GHSA-pxg6-pf52-xh8x' },
];

function run(title: string, bin: string, args: string[]): number {
  console.log(`\n▶ ${title}`);
  const started = Date.now();
  const result = spawnSync(process.execPath, [packageBin(bin), ...args], { stdio: 'inherit', env });
  const status = result.status ?? 1;
  console.log(`${status === 0 ? '✓' : '✗'} ${title} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  return status;
}

function step(title: string, bin: string, args: string[]): void {
  if (run(title, bin, args) !== 0) {
    console.error(`\n${title} failed.`);
    process.exit(1);
  }
}

step('typecheck: worker', 'typescript/bin/tsc', ['-b', 'tsconfig.worker.json']);
step('typecheck: web', 'typescript/bin/tsc', ['-p', 'tsconfig.web.json']);
step('typecheck: scripts, configs and browser tests', 'typescript/bin/tsc', ['-p', 'tsconfig.node.json']);
step('lint and format (Biome)', '@biomejs/biome/bin/biome', ['ci', '.']);
step('Worker types are up to date', 'wrangler/bin/wrangler.js', [
  'types',
  'worker/worker-configuration.d.ts',
  '--strict-vars=false',
  '--check',
]);
checkMigrationsMatchSchema();
checkDependencies();
if (onlyChecks) process.exit(0);

step('production build (Vite: worker and SPA)', 'vite/bin/vite.js', ['build', '--logLevel', 'warn']);
step('deploy dry run (wrangler)', 'wrangler/bin/wrangler.js', ['deploy', '--dry-run', '--config', builtConfig]);

const report = 'test-results/vitest.json';
const testStatus = run('tests: worker (workerd), web (happy-dom), e2e (Chromium)', 'vitest/vitest.mjs', [
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${report}`,
]);
printSummary(report);
process.exit(testStatus);

/** The committed migrations must already hold every change of worker/db/schema.ts. */
function checkMigrationsMatchSchema(): void {
  const scratch = 'node_modules/.cache/migrations-check';
  rmSync(scratch, { recursive: true, force: true });
  cpSync('migrations', scratch, { recursive: true });
  const before = readdirSync(scratch).length;
  const status = run('migrations match the schema (drizzle-kit)', 'drizzle-kit/bin.cjs', [
    'generate',
    '--dialect',
    'sqlite',
    '--schema',
    './worker/db/schema.ts',
    '--out',
    scratch,
  ]);
  const drifted = readdirSync(scratch).length !== before;
  rmSync(scratch, { recursive: true, force: true });
  if (status !== 0 || drifted) {
    console.error('\nworker/db/schema.ts has changes with no migration: run "npm run db:generate" and commit it.');
    process.exit(1);
  }
}

function checkDependencies(): void {
  console.log('\n▶ dependencies: versions and advisories');
  for (const floor of advisoryFloors) {
    const { version } = JSON.parse(readFileSync(`node_modules/${floor.name}/package.json`, 'utf8')) as {
      version: string;
    };
    if (compareVersions(version, floor.fixed) < 0) {
      console.error(`✗ ${floor.name} ${version} is older than ${floor.fixed}, which fixes ${floor.advisories}`);
      process.exit(1);
    }
  }
  const checked = advisoryFloors.map((floor) => floor.name).join(', ');
  console.log(`✓ ${checked}: at or past the versions that fix their published advisories`);
  const audit = spawnSync('npm', ['audit', '--omit=dev', '--audit-level=high', '--json'], { encoding: 'utf8', env });
  const parsed = safeJson(audit.stdout) as { metadata?: { vulnerabilities?: Record<string, number> } } | null;
  const counts = parsed?.metadata?.vulnerabilities;
  if (!counts) {
    // The registry here may refuse the advisory endpoint; say so rather than pretend it passed.
    console.log(`! npm audit could not reach the advisory service; ${checked} checked by version only`);
    return;
  }
  const serious = (counts.high ?? 0) + (counts.critical ?? 0);
  if (serious > 0) {
    console.error(`✗ npm audit --omit=dev: ${counts.high ?? 0} high, ${counts.critical ?? 0} critical`);
    process.exit(1);
  }
  console.log('✓ npm audit --omit=dev: no high or critical advisories');
}

/** The closing line CI reads: `tests: N passed, N failed`. */
function printSummary(path: string): void {
  const results = safeJson(readFileOrEmpty(path)) as {
    numPassedTests?: number;
    numFailedTests?: number;
    numPendingTests?: number;
    numTodoTests?: number;
  } | null;
  if (!results) {
    console.log('\ntests: 0 passed, 1 failed');
    return;
  }
  const skipped = (results.numPendingTests ?? 0) + (results.numTodoTests ?? 0);
  console.log(
    `\ntests: ${results.numPassedTests ?? 0} passed, ${results.numFailedTests ?? 0} failed${skipped ? `, ${skipped} skipped` : ''}`,
  );
}

function compareVersions(a: string, b: string): number {
  const [pa, pb] = [a, b].map((version) => version.split('.').map((part) => Number.parseInt(part, 10)));
  for (let index = 0; index < 3; index++) {
    const difference = (pa?.[index] ?? 0) - (pb?.[index] ?? 0);
    if (difference !== 0) return difference;
  }
  return 0;
}

function safeJson(text: string | undefined): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

function readFileOrEmpty(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}
