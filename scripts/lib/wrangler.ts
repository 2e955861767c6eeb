// Runs wrangler for the scripts and the end-to-end tests: the real binary (never through npx,
// whose parent leaves workerd behind), in its own process group so stopping the group stops all.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeLocalConfig } from './local-secrets.ts';
import { offlineEnv } from './offline-env.ts';

/** A package's own CLI script, run with this Node rather than through npx or a shell shim. */
export const packageBin = (relativePath: string) =>
  fileURLToPath(new URL(`../../node_modules/${relativePath}`, import.meta.url));

const wranglerBin = packageBin('wrangler/bin/wrangler.js');

/** The Worker config that `vite build` writes next to the built worker. */
export const builtConfig = 'dist/spa_studio/wrangler.json';

/** Runs wrangler to the end; quiet, it answers what wrangler printed (stdout and stderr). */
export function wranglerSync(args: string[], options: { quiet?: boolean } = {}): string {
  const result = spawnSync(process.execPath, [wranglerBin, ...args], {
    stdio: options.quiet ? 'pipe' : 'inherit',
    env: { ...process.env, ...offlineEnv },
    encoding: 'utf8',
  });
  if (result.status !== 0) {
    const output = options.quiet ? `\n${result.stdout ?? ''}${result.stderr ?? ''}` : '';
    throw new Error(`wrangler ${args.join(' ')} failed (exit ${result.status})${output}`);
  }
  return `${result.stdout ?? ''}${result.stderr ?? ''}`;
}

/** The production build (worker and SPA) with Vite; exits the process if it fails. */
export function viteBuild(): void {
  const result = spawnSync(process.execPath, [packageBin('vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
    stdio: 'inherit',
    env: { ...process.env, ...offlineEnv },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/** Applies the D1 migrations to the local database kept in `persistTo`. */
export function applyLocalMigrations(persistTo: string, options: { quiet?: boolean } = {}): void {
  wranglerSync(['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', persistTo], options);
}

export interface ServeOptions {
  port: number;
  persistTo: string;
  /** Secrets file; wrangler otherwise reads .dev.vars beside the built config. */
  envFile: string;
  stdio: 'inherit' | 'pipe';
  /** wrangler's own log level; 'warn' leaves out the line per request (the load benchmark). */
  logLevel?: 'info' | 'warn';
  /** Another config than the built one's local copy (the bench's far database). */
  config?: string;
}

/**
 * Serves the built site (worker and compressed static assets) with `wrangler dev`, every secret the
 * env file holds reaching the Worker (local-secrets.ts).
 */
export function serveBuiltSite(options: ServeOptions): ChildProcess {
  return spawn(
    process.execPath,
    [
      wranglerBin,
      'dev',
      '--config',
      options.config ?? writeLocalConfig(builtConfig),
      '--ip',
      '127.0.0.1',
      '--port',
      String(options.port),
      '--persist-to',
      options.persistTo,
      '--env-file',
      options.envFile,
      '--inspector-port',
      '0',
      '--show-interactive-dev-session=false',
      '--live-reload=false',
      ...(options.logLevel ? ['--log-level', options.logLevel] : []),
    ],
    { detached: true, stdio: ['ignore', options.stdio, options.stdio], env: { ...process.env, ...offlineEnv } },
  );
}

/** Stops a process group started by serveBuiltSite: politely, then firmly. */
export async function stopProcessGroup(child: ChildProcess): Promise<void> {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-(child.pid as number), name);
    } catch {
      // The group is already gone.
    }
  };
  signal('SIGTERM');
  const timer = setTimeout(() => signal('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
  signal('SIGKILL'); // workerd children that outlived wrangler
}

/** Resolves once GET `url` answers 200, or rejects after `timeoutMs`. */
export async function waitForOk(url: string, timeoutMs: number, child?: ChildProcess): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`the server exited early (code ${child.exitCode})`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

export interface RunningSite {
  baseUrl: string;
  stop(): Promise<void>;
}

/**
 * Serves the current build on a free port with a fresh, migrated local database, for the browser
 * tests and the benchmarks. `stop()` ends the server's process group and removes the database.
 */
export async function startBuiltSite(
  envFile: string,
  seedSql?: string,
  logLevel?: ServeOptions['logLevel'],
  config?: string,
): Promise<RunningSite> {
  const persistTo = mkdtempSync(join(tmpdir(), 'spa-site-'));
  applyLocalMigrations(persistTo, { quiet: true });
  if (seedSql) {
    wranglerSync(['d1', 'execute', 'DB', '--local', '--persist-to', persistTo, '--command', seedSql], { quiet: true });
  }
  const port = await freePort();
  const server = serveBuiltSite({ port, persistTo, envFile, stdio: 'pipe', logLevel, config });
  let output = '';
  server.stdout?.on('data', (chunk) => (output += chunk));
  server.stderr?.on('data', (chunk) => (output += chunk));
  const stop = async () => {
    await stopProcessGroup(server);
    rmSync(persistTo, { recursive: true, force: true });
  };
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitForOk(`${baseUrl}/api/health`, 90_000, server);
  } catch (error) {
    await stop();
    throw new Error(`The site did not start: ${(error as Error).message}\n${output}`);
  }
  return { baseUrl, stop };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}
