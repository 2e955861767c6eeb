// D1 counts the rows a statement's triggers change in its `meta.changes` (the schedule's version,
// migration 0032), so a one-row update can report 2. Whether a write changed its row is asked
// through db/client.ts's changedRow alone, which compares with none.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { root, sourceFiles } from './import-graph';

describe('writes to D1', () => {
  it('ask whether they changed a row through changedRow, never meta.changes', () => {
    const files = sourceFiles('worker').filter((path) => path !== 'worker/db/client.ts');
    expect(files.length).toBeGreaterThan(100);
    const readers = files.filter((path) => /meta\??\.changes/.test(readFileSync(join(root, path), 'utf8')));
    expect(readers).toEqual([]);
  });
});
