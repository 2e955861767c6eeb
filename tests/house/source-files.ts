// The Worker's TypeScript sources as the house tests read them (type declarations left out).
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './import-graph';

/** Every .ts and .tsx file under `dir` (relative to the repository), `.d.ts` files aside. */
export function typeScriptSources(dir: string): string[] {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(join(root, path)).isDirectory()) return typeScriptSources(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}
