// The house's shape in figures: the files a folder holds side by side, the length of every
// function and the pairs of repeated places. Read by `npm run figures` and held by
// tests/house/sizes.test.ts.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parseAst } from 'vite';

/** The goals `npm run figures` prints beside the figures; the sizes test holds the sizes. */
export const goals = {
  /** Pairs of places sharing six or more lines. */
  repeated: { worker: 20, web: 150 },
  /** No function past this many lines. */
  longestFunction: 120,
  /** At most this many functions of `longFunction` lines or more. */
  longFunctions: 35,
  longFunction: 80,
  filesSideBySide: 25,
};

export const root = join(dirname(new URL(import.meta.url).pathname), '..', '..');

/** The Worker types wrangler generates. */
export const generatedTypes = 'worker/worker-configuration.d.ts';
/** Past the file size: the generated types, and the drizzle schema, one table a block. */
export const longFiles = new Set([generatedTypes, 'worker/db/schema.ts']);

/** The hand-written source under `dir` (relative to the repository): TypeScript, CSS and Node modules. */
export function handWritten(dir: string): string[] {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(join(root, path)).isDirectory()) return handWritten(path);
    return /\.(tsx?|css|mjs)$/.test(name) && path !== generatedTypes ? [path] : [];
  });
}

/** How many files each folder holds side by side. */
export function filesPerFolder(files: string[]): Map<string, number> {
  const perFolder = new Map<string, number>();
  for (const path of files) perFolder.set(dirname(path), (perFolder.get(dirname(path)) ?? 0) + 1);
  return perFolder;
}

export interface FunctionLength {
  /** `path:line name`, where the function starts. */
  place: string;
  lines: number;
}

interface Node {
  type?: string;
  start?: number;
  end?: number;
  [key: string]: unknown;
}

const functionTypes = new Set(['FunctionDeclaration', 'FunctionExpression', 'ArrowFunctionExpression']);

/**
 * Every function's length in lines, first line to last, what it nests included. A test file's
 * `describe` and `it` callbacks are lists of cases, not steps, so the code measured is the
 * product's and the helpers' around the tests.
 */
export function functionLengths(files: string[]): FunctionLength[] {
  return files
    .filter((path) => /\.tsx?$/.test(path) && !path.endsWith('.d.ts') && !/\.test\.tsx?$/.test(path))
    .flatMap((path) => {
      const source = readFileSync(join(root, path), 'utf8');
      const lineOf = (offset: number) => source.slice(0, offset).split('\n').length;
      const found: FunctionLength[] = [];
      const visit = (node: unknown, name: string) => {
        if (!node || typeof node !== 'object') return;
        if (Array.isArray(node)) {
          for (const child of node) visit(child, name);
          return;
        }
        const current = node as Node;
        const own = nameOf(current) ?? name;
        if (
          current.type &&
          functionTypes.has(current.type) &&
          current.start !== undefined &&
          current.end !== undefined
        ) {
          const first = lineOf(current.start);
          found.push({ place: `${path}:${first} ${own}`, lines: lineOf(current.end) - first + 1 });
        }
        for (const [key, child] of Object.entries(current)) if (key !== 'type') visit(child, own);
      };
      visit(parseAst(source, { lang: path.endsWith('.tsx') ? 'tsx' : 'ts' }), '(anonymous)');
      return found;
    });
}

/** The name a function takes from where it stands: its own, its variable's, its property's. */
function nameOf(node: Node): string | undefined {
  const named = (value: unknown) => {
    const candidate = value as Node | null | undefined;
    return typeof candidate?.name === 'string' ? candidate.name : undefined;
  };
  if (node.type === 'FunctionDeclaration') return named(node.id);
  if (node.type === 'VariableDeclarator') return named(node.id);
  if (node.type === 'Property' || node.type === 'MethodDefinition') return named(node.key);
  return undefined;
}

export interface RepeatedCode {
  count: number;
  /** The pairs listed, most shared first (the command lists 200 at the most). */
  pairs: string[];
  /** Why there is no figure: the `duplicates` command is the library's, not every machine has it. */
  missing?: string;
}

/** The pairs of places under `dir` that share six or more lines, the generated types left out. */
export function repeatedCode(dir: string): RepeatedCode {
  const result = spawnSync('duplicates', ['--repo', dir, '--most', '200', '--seconds', '120'], {
    cwd: root,
    encoding: 'utf8',
  });
  const counted = /^(\d+) pairs of places/m.exec(result.stdout ?? '');
  if (result.error || result.status !== 0 || !counted) {
    return { count: 0, pairs: [], missing: 'the duplicates command is not on this machine' };
  }
  const listed = result.stdout.split('\n').filter((line) => /^D\d+ /.test(line));
  const ownPath = generatedTypes.startsWith(`${dir}/`) ? generatedTypes.slice(dir.length + 1) : undefined;
  const pairs = listed.filter((line) => !(ownPath && line.includes(ownPath)));
  return { count: Number(counted[1]) - (listed.length - pairs.length), pairs };
}
