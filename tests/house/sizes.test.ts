// A file past ~600 lines has a step without a name (STYLE.md): none is, but the drizzle schema and
// the generated Worker types. A folder of more than 25 files side by side has a wing without one.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from './import-graph';

const MAX_LINES = 600;
/** Past this many files side by side a folder has a wing without a name. */
const MAX_FILES_SIDE_BY_SIDE = 25;
const exempt = new Set(['worker/db/schema.ts', 'worker/worker-configuration.d.ts']);

function handWritten(dir: string): string[] {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(join(root, path)).isDirectory()) return handWritten(path);
    return /\.(tsx?|css|mjs)$/.test(name) && !exempt.has(path) ? [path] : [];
  });
}

const lineCount = (path: string) => readFileSync(join(root, path), 'utf8').trimEnd().split('\n').length;

describe('the house’s files', () => {
  it(`are each at most ${MAX_LINES} lines`, () => {
    const files = ['worker', 'web', 'tests', 'scripts'].flatMap(handWritten);
    expect(files.length).toBeGreaterThan(300);
    const long = files.map((path) => ({ path, lines: lineCount(path) })).filter(({ lines }) => lines > MAX_LINES);
    expect(long).toEqual([]);
  });

  it(`stand at most ${MAX_FILES_SIDE_BY_SIDE} to a folder`, () => {
    const files = ['worker', 'web', 'tests', 'scripts'].flatMap(handWritten);
    const perFolder = new Map<string, number>();
    for (const path of files) perFolder.set(dirname(path), (perFolder.get(dirname(path)) ?? 0) + 1);
    expect(perFolder.size).toBeGreaterThan(40);
    const crowded = [...perFolder].filter(([, count]) => count > MAX_FILES_SIDE_BY_SIDE);
    expect(crowded).toEqual([]);
  });
});
