// What the Worker does before its first request is paid at every cold start: zod
// schemas are built on first use (middleware/validate.ts takes a function that builds one), never
// at import. Read from the source: a module-level `const … = z.…` in the Worker is a schema built
// at startup. And what only a few requests use is imported by them: the modules a cold start
// evaluates are those the entry reaches along static imports.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
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

/** The static (value) imports of a module: `import type` and `import()` are not run at startup. */
function staticImportsOf(source: string): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
  const pattern = /^\s*(?:import|export)\s+(?!type\b)(?:[\w*{}\s,$]+?\s+from\s+)?['"]([^'"\n]+)['"]/gm;
  return [...code.matchAll(pattern)].map((match) => match[1] ?? '');
}

/** The repository file a relative specifier names (TypeScript leaves the extension out). */
function resolveModule(from: string, specifier: string): string {
  const base = normalize(join(dirname(from), specifier)).replace(/\.tsx?$/, '');
  const found = [`${base}.ts`, `${base}.tsx`, `${base}/index.ts`].find((path) => existsSync(join(root, path)));
  if (!found) throw new Error(`${from} imports ${specifier}, which is not a file`);
  return found;
}

/** Every module and package a cold start evaluates, from the Worker's entry along static imports. */
function startupGraph(entry: string): { modules: Set<string>; packages: Set<string> } {
  const modules = new Set<string>();
  const packages = new Set<string>();
  const visit = (path: string) => {
    if (modules.has(path)) return;
    modules.add(path);
    for (const specifier of staticImportsOf(readFileSync(join(root, path), 'utf8'))) {
      if (specifier.startsWith('.')) visit(resolveModule(path, specifier));
      else packages.add(specifier);
    }
  };
  visit(entry);
  return { modules, packages };
}

/** What only a few routes or messages use, loaded by them (`import()`), never at a cold start. */
const loadedWhenUsed = [
  'react-dom/server',
  'react',
  '@simplewebauthn/server',
  'virtual:common-passwords',
  'virtual:page-renderer',
];

describe('the Worker’s startup graph', () => {
  it('reads static imports only', () => {
    const source = [
      "import { a } from './one';",
      "import type { B } from './two';",
      "export { c } from './three';",
      "import './four';",
      "const lazy = () => import('./five');",
      "// import { d } from './six';",
    ].join('\n');
    expect(staticImportsOf(source)).toEqual(['./one', './three', './four']);
  });

  it('leaves the passkey library, the password list, the page renderer and the email templates out', () => {
    const { modules, packages } = startupGraph('worker/index.ts');
    expect(modules.size).toBeGreaterThan(100);
    expect(packages).toContain('hono');
    expect(loadedWhenUsed.filter((name) => packages.has(name))).toEqual([]);
    expect([...modules].filter((path) => path.startsWith('worker/messages/templates/'))).toEqual([]);
  });

  // At module level it costs every cold start (9 ms, measured); anywhere, shared/time and money write it by hand.
  it('formats no text through the locale (toLocaleString loads locale data)', () => {
    const { modules } = startupGraph('worker/index.ts');
    const formatting = [...modules].filter((path) =>
      /\.toLocale\w*String\(/.test(readFileSync(join(root, path), 'utf8')),
    );
    expect(formatting).toEqual([]);
  });
});
