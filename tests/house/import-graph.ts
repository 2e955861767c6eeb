// The import graph of the house's source, for the rules that hold its layers (layers.test.ts).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';

export const root = join(dirname(new URL(import.meta.url).pathname), '..', '..');

export interface Edge {
  from: string;
  /** A repository path without its extension for a relative import, else the package's name. */
  to: string;
}

/** Every .ts and .tsx file under `dir` (relative to the repository), `.d.ts` files aside. */
export function sourceFiles(dir: string): string[] {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(join(root, path)).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** `import … from 'x'`, `export … from 'x'`, `import 'x'` and `import('x')`, type-only ones included. */
const importPattern =
  /\b(?:import|export)\s+(?:type\s+)?(?:[\w*{}\s,$]+?\s+from\s+)?['"]([^'"\n]+)['"]|\bimport\s*\(\s*['"]([^'"\n]+)['"]\s*\)/g;

/** The specifiers a module imports (comments left out: TypeScript 7 has no JavaScript API to ask). */
export function importsOf(source: string): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
  return [...code.matchAll(importPattern)].map((match) => match[1] ?? match[2] ?? '');
}

/** Every import of the files under `dirs`, relative ones as repository paths without their extension. */
export function importGraph(dirs: string[]): Edge[] {
  return dirs.flatMap(sourceFiles).flatMap((from) =>
    importsOf(readFileSync(join(root, from), 'utf8')).map((specifier) => ({
      from,
      to: specifier.startsWith('.') ? normalize(join(dirname(from), specifier)).replace(/\.tsx?$/, '') : specifier,
    })),
  );
}
