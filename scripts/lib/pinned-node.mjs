// The one Node.js a machine with an older one fetches (scripts/node22.mjs): an exact version of
// the npm registry's platform package, whose tarball must match the integrity pinned here before
// anything in it runs. Plain JavaScript, so that old Node versions can run it.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const pinnedNode = {
  version: '22.23.3',
  /** `npm view node-<platform>-<arch>@<version> dist.integrity`, checked when pinned. */
  integrity: {
    'linux-x64': 'sha512-qHnz5tFsHoj/WM+uRENVjWONi5hVvmwrgq8A4V76KpuVNAc4+jwK8x4gwbobE9BtHNg/AKR2583eYorLF/c7ng==',
    'linux-arm64': 'sha512-l3DAHZreylo+p9QXDtsOrjG2JXJqVzYXnAGmIQNOUNARcMppTO2cmewVQP+36tjJnSE+dzpMNtgW+c3oiDvXtA==',
    'darwin-x64': 'sha512-V6W/fNXsKFF0DMrBrpLNp9meU45Qbe6tQ3HlzrpdiPWW+zlbmTGou1LE8aGHOghVWXJFexvi7RDCQVQi1I1t8w==',
  },
};

/** Where the pinned Node is unpacked under `tools`, and its `bin` folder. */
export const pinnedNodeHome = (tools) => join(tools, `node-v${pinnedNode.version}`);

/** The file's integrity as npm writes it (`sha512-<base64>`). */
export const integrityOf = (file) => `sha512-${createHash('sha512').update(readFileSync(file)).digest('base64')}`;

/**
 * Fetches the pinned Node for this platform into `tools` (npm pack, integrity check, tar) and
 * returns its bin folder; throws with a message saying what went wrong, leaving nothing behind.
 */
export function fetchPinnedNode(tools, npm, platform = `${process.platform}-${process.arch}`) {
  const expected = pinnedNode.integrity[platform];
  if (!expected)
    throw new Error(`No Node.js ${pinnedNode.version} is pinned for ${platform}: install Node.js 22 or newer.`);
  const name = `node-${platform}`;
  const scratch = mkdtempSync(join(tmpdir(), 'pinned-node-'));
  try {
    const packed = npm(['pack', `${name}@${pinnedNode.version}`, '--pack-destination', scratch, '--loglevel=error']);
    const tarball = join(scratch, `${name}-${pinnedNode.version}.tgz`);
    if (packed.status !== 0 || !existsSync(tarball)) {
      throw new Error(`Could not fetch ${name}@${pinnedNode.version} from the npm registry.`);
    }
    const actual = integrityOf(tarball);
    if (actual !== expected) {
      throw new Error(
        `${name}@${pinnedNode.version} does not match its pinned integrity (got ${actual}): not running it.`,
      );
    }
    const home = pinnedNodeHome(tools);
    mkdirSync(home, { recursive: true });
    const unpacked = spawnSync('tar', ['-xzf', tarball, '-C', home, '--strip-components=1'], { stdio: 'inherit' });
    const bin = join(home, 'bin');
    if (unpacked.status !== 0 || !existsSync(join(bin, 'node'))) {
      rmSync(home, { recursive: true, force: true });
      throw new Error(`Could not unpack ${name}@${pinnedNode.version} into ${home}.`);
    }
    return bin;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
