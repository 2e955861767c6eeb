// A file past ~600 lines has a step without a name (STYLE.md): none is, but the drizzle schema and
// the generated Worker types.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from './import-graph';

const MAX_LINES = 600;
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
});
