// What keeps the visitors' first load small in the source, where a size test would only
// notice it at its limit: the site's links are its own (web/components/ui/link.tsx), never React
// Router's <Link> or <NavLink>, which bring its framework's prefetching and forms with them.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { root, sourceFiles } from './import-graph';

/** `import { …, Link, … } from 'react-router-dom'` (or 'react-router'), as `path: names`. */
function routerLinksImported(path: string): string[] {
  const source = readFileSync(join(root, path), 'utf8');
  return [...source.matchAll(/import\s*\{([^}]*)\}\s*from\s*'react-router(?:-dom)?'/g)].flatMap((match) => {
    const names = (match[1] ?? '').split(',').map((name) => name.trim().replace(/^type\s+/, ''));
    const links = names.filter((name) => /^(Nav)?Link(\s+as\s+\w+)?$/.test(name));
    return links.length > 0 ? [`${path}: ${links.join(', ')}`] : [];
  });
}

describe('the public bundle', () => {
  it('links with the site’s own Link and NavLink, not React Router’s', () => {
    const files = sourceFiles('web');
    expect(files.length).toBeGreaterThan(50);
    expect(files.flatMap(routerLinksImported)).toEqual([]);
  });
});
