// The scripts run by Node itself (`npm start`, `npm test`, `npm run bench`…) strip types and load
// each module as written: a relative import there must name its file's extension, or the script
// stops with ERR_MODULE_NOT_FOUND (the bench did, on a shared module's `./once`). Vite and Vitest
// resolve extensionless imports, so only this walk from the scripts finds them. Type-only imports
// are erased and may stay as they are.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from './import-graph';

/** Imports that Node loads at run time: `import … from`, `export … from` and `import()`, not `import type`. */
const runtimeImport =
  /\b(?:import|export)\s+(?!type\s)(?:[\w*{}\s,$]+?\s+from\s+)?['"](\.[^'"\n]*)['"]|\bimport\s*\(\s*['"](\.[^'"\n]*)['"]\s*\)/g;

const withoutComments = (source: string) =>
  source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');

/** Every module Node loads from the scripts, and each relative import among them without an extension. */
function walkFromScripts(): { loaded: string[]; extensionless: string[] } {
  const entries = readdirSync(join(root, 'scripts'))
    .filter((name) => name.endsWith('.ts'))
    .map((name) => `scripts/${name}`)
    .concat('scripts/bench/load-test.ts');
  const loaded = new Set<string>();
  const extensionless: string[] = [];
  const pending = [...entries];
  while (pending.length > 0) {
    const file = pending.pop() ?? '';
    if (loaded.has(file)) continue;
    loaded.add(file);
    for (const match of withoutComments(readFileSync(join(root, file), 'utf8')).matchAll(runtimeImport)) {
      const specifier = match[1] ?? match[2] ?? '';
      const target = normalize(join(dirname(file), specifier));
      if (/\.(ts|tsx)$/.test(specifier)) pending.push(target);
      else if (!/\.(mjs|js|json)$/.test(specifier)) {
        extensionless.push(`${file}: '${specifier}'`);
        if (existsSync(join(root, `${target}.ts`))) pending.push(`${target}.ts`);
      }
    }
  }
  return { loaded: [...loaded], extensionless };
}

describe('the scripts Node runs', () => {
  it('import every module of theirs with its extension', () => {
    const { loaded, extensionless } = walkFromScripts();
    expect(loaded.length).toBeGreaterThan(15);
    expect(loaded.some((file) => file.startsWith('worker/'))).toBe(true);
    expect(extensionless).toEqual([]);
  });
});
