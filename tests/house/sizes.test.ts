// A file past ~600 lines or a function past ~120 has a step without a name (STYLE.md); a folder of
// more than 25 files side by side has a wing without one. The figures are scripts/figures.ts's.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { filesPerFolder, functionLengths, goals, handWritten, longFiles, root } from '../../scripts/lib/house-figures';

const MAX_LINES = 600;

const lineCount = (path: string) => readFileSync(join(root, path), 'utf8').trimEnd().split('\n').length;
const files = ['worker', 'web', 'tests', 'scripts'].flatMap(handWritten);

describe('the house’s files', () => {
  it(`are each at most ${MAX_LINES} lines`, () => {
    expect(files.length).toBeGreaterThan(300);
    const long = files
      .filter((path) => !longFiles.has(path))
      .map((path) => ({ path, lines: lineCount(path) }))
      .filter(({ lines }) => lines > MAX_LINES);
    expect(long).toEqual([]);
  });

  it(`stand at most ${goals.filesSideBySide} to a folder`, () => {
    const perFolder = filesPerFolder(files);
    expect(perFolder.size).toBeGreaterThan(40);
    const crowded = [...perFolder].filter(([, count]) => count > goals.filesSideBySide);
    expect(crowded).toEqual([]);
  });
});

describe('the house’s functions', () => {
  const lengths = functionLengths(files);

  it('are all measured', () => {
    expect(lengths.length).toBeGreaterThan(3000);
  });

  it(`are each at most ${goals.longestFunction} lines`, () => {
    expect(lengths.filter(({ lines }) => lines > goals.longestFunction)).toEqual([]);
  });

  it(`of ${goals.longFunction} lines or more are at most ${goals.longFunctions}`, () => {
    const long = lengths.filter(({ lines }) => lines >= goals.longFunction).map(({ place }) => place);
    expect(long.length, long.join('\n')).toBeLessThanOrEqual(goals.longFunctions);
  });
});
