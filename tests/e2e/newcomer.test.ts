// The README's two commands on a machine whose Node.js is older than 22: every npm script starts
// with scripts/node22.mjs, which runs the command under Node 22 (fetched into .tools/node once).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/** An older Node when the machine has one (Debian's is 20), else the one running the tests. */
const systemNode = ['/usr/bin/node', '/bin/node'].find((path) => existsSync(path)) ?? process.execPath;

const launch = (...args: string[]) =>
  spawnSync(systemNode, ['scripts/node22.mjs', ...args], {
    encoding: 'utf8',
    timeout: 120_000,
    env: { ...process.env, ADMIN_PASSWORD_PEPPER: 'a-test-pepper' },
  });

describe('scripts/node22.mjs', () => {
  it('runs Node itself as Node 22 or newer, whatever Node starts it', () => {
    const result = launch('node', '-p', 'process.versions.node');
    const said = `stdout: ${result.stdout}\nstderr: ${result.stderr}`;
    expect(result.status, said).toBe(0);
    // The version is the last line (a first run may print npm's own lines before it).
    const version = result.stdout.trim().split('\n').at(-1) ?? '';
    expect(version, said).toMatch(/^\d+\.\d+\.\d+$/);
    expect(Number(version.split('.')[0]), said).toBeGreaterThanOrEqual(22);
  });

  it('runs a project script and a package binary under Node 22, passing their exit codes on', () => {
    // TypeScript runs as is only on Node 22's type stripping.
    const script = launch('scripts/hash-password.ts', 'a password');
    expect(script.status, script.stderr).toBe(0);
    expect(script.stdout).toMatch(/^pbkdf2/);
    const refused = launch('scripts/hash-password.ts');
    expect(refused.status).toBe(2); // no password given: the script's own refusal
    expect(refused.stderr).toContain('usage: npm run hash-password');
    const binary = launch('tsc', '--version');
    expect(binary.status, binary.stderr).toBe(0);
    expect(binary.stdout).toMatch(/^Version \d+\./);
  });

  it('refuses to run without a command', () => {
    expect(launch().status).toBe(2);
  });
});
