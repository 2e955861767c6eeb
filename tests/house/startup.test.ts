// What the Worker does before its first request is paid at every cold start (issue 33): zod
// schemas are built on first use (middleware/validate.ts takes a function that builds one), never
// at import. Read from the source: a module-level `const … = z.…` in the Worker is a schema built
// at startup.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { root, sourceFiles } from './import-graph';

/** Module-level declarations whose value is a zod schema built on the spot. */
function schemasBuiltAtImport(path: string): string[] {
  const lines = readFileSync(join(root, path), 'utf8').split('\n');
  return lines.flatMap((line, index) =>
    /^(export )?const \w+(: [^=]+)? = z(\.|$)/.test(line) ? [`${path}:${index + 1} ${line.trim()}`] : [],
  );
}

describe('the Worker’s startup', () => {
  it('builds no zod schema when its modules load', () => {
    const files = sourceFiles('worker');
    expect(files.length).toBeGreaterThan(100);
    expect(files.flatMap(schemasBuiltAtImport)).toEqual([]);
  });
});
