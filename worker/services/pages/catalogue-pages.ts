/**
 * The catalogue's public pages as the catalogue in D1 makes them, without D1 on their way to a
 * visitor. The Worker renders each with the renderer the build uses (web/prerender/entry.tsx) into
 * the built page's own frame (its head, scripts and styles), and keeps the result in KV under the
 * build and the path: a visitor's request reads one KV key. Staff's changes render the pages again
 * at once (so they show within KV's minute); a key not there yet (a new deploy) is rendered on that
 * request; if rendering fails the built page is served, never an error.
 * The other public pages and app shells are kept the same way, as built but for their menu: while
 * nothing is on sale at /packages, their `<html>` says so and the menus leave its link out.
 */
import { createDb } from '../../db/client';
import type { Bindings } from '../../env';
import { inlineJson, jsonLdScriptTag } from '../../shared/html';
import { loggable } from '../../shared/loggable';
import {
  appShellAsset,
  appShells,
  cataloguePagePaths,
  EMBEDDED_CATALOGUE_ID,
  menuPagePaths,
} from '../../shared/site-pages';
import { publicProducts, publicTreatments, readCatalogue } from '../catalogue/catalogue';
import { shownPlans } from '../prepaid/membership-plans';
import { shownPackages } from '../prepaid/packages';
import { reviewBoard } from '../reviews/reviews';

type PageEnv = Pick<Bindings, 'ASSETS' | 'DB' | 'PAGES'>;

interface StoredPage {
  html: string;
  etag: string;
}

/** Edge caches keep a KV read this long (Cloudflare's least): with KV's own spread, about a minute. */
const KV_CACHE_SECONDS = 30;

const hexDigest = async (text: string) =>
  [...new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)))]
    .slice(0, 12)
    .map((byte) => byte.toString(16).padStart(2, '0'))
    .join('');

const stored = async (html: string): Promise<StoredPage> => ({ html, etag: `"${await hexDigest(html)}"` });

/** The built page at `path` and a digest of it, once per isolate (a deploy starts new isolates). */
const builtPages = new Map<string, Promise<StoredPage>>();

function builtPage(env: PageEnv, path: string): Promise<StoredPage> {
  let page = builtPages.get(path);
  if (!page) {
    page = env.ASSETS.fetch(new Request(new URL(path, 'https://assets.invalid'))).then(async (response) => {
      if (!response.ok) throw new Error(`the built page ${path} answered ${response.status}`);
      return stored(await response.text());
    });
    page.catch(() => builtPages.delete(path));
    builtPages.set(path, page);
  }
  return page;
}

/** Where a path's page is kept: per build, so a deploy never serves pages with the old build's scripts. */
const pageKey = (built: StoredPage, path: string) => `page:${built.etag.slice(1, -1)}:${path}`;

/** The built frame with the rendered #root, structured data and embedded catalogue in place. */
export function fillFrame(frame: string, page: { body: string; jsonLd: Record<string, unknown>[]; embedded: unknown }) {
  const rootStart = frame.indexOf('<div id="root">');
  const bodyEnd = frame.lastIndexOf('</body>');
  const rootEnd = frame.lastIndexOf('</div>', bodyEnd);
  if (rootStart < 0 || bodyEnd < 0 || rootEnd < rootStart) throw new Error('the built page has no #root');
  const head = frame
    .slice(0, rootStart)
    .replace(/\s*<script type="application\/ld\+json">.*?<\/script>/gs, '')
    // A function replacer: the structured data holds clients' words, where "$&" or "$`" would be
    // read as replacement patterns by a string replacement.
    .replace(/\s*<\/head>/, () => `\n    ${page.jsonLd.map(jsonLdScriptTag).join('\n    ')}\n  </head>`);
  const data = `<script id="${EMBEDDED_CATALOGUE_ID}" type="application/json">${inlineJson(page.embedded)}</script>`;
  return `${head}<div id="root">${page.body}</div>\n    ${data}${frame.slice(rootEnd + '</div>'.length)}`;
}

/** The app shells a visitor opens (the admin's has no site menu). */
const visitorShellPaths = appShells
  .filter((shell) => shell.module !== 'admin')
  .map((shell) => appShellAsset(shell.module));

/** Every page kept here: the catalogue's, rendered; the rest, as built but for the menu. */
export const keptPagePaths = [...cataloguePagePaths, ...menuPagePaths, ...visitorShellPaths];

/** The page's `<html>` marked while nothing is on sale at /packages (layout.css hides its links). */
export function markMenu(html: string, packagesOnSale: boolean): string {
  return packagesOnSale ? html : html.replace(/<html\b/, '<html data-packages="none"');
}

async function render(env: PageEnv, path: string, built: StoredPage): Promise<StoredPage> {
  const db = createDb(env.DB);
  if (!cataloguePagePaths.includes(path)) {
    const [packages, memberships] = await Promise.all([shownPackages(db), shownPlans(db)]);
    return stored(markMenu(built.html, packages.length + memberships.length > 0));
  }
  const [catalogue, board, packages, memberships] = await Promise.all([
    readCatalogue(db),
    reviewBoard(db),
    shownPackages(db),
    shownPlans(db),
  ]);
  // Loaded when a page is rendered, not at every cold start: React's server renderer and the
  // pages' modules are most of the Worker's startup otherwise.
  const { renderCataloguePage } = await import('virtual:page-renderer');
  const page = await renderCataloguePage(path, {
    treatments: publicTreatments(catalogue, board),
    products: publicProducts(catalogue, board),
    packages,
    memberships,
  });
  return stored(markMenu(fillFrame(built.html, page), packages.length + memberships.length > 0));
}

/** A kept page: from KV, else rendered now (and kept), else the built one. */
export async function cataloguePage(
  env: PageEnv,
  path: string,
  waitUntil: (promise: Promise<unknown>) => void,
): Promise<StoredPage> {
  const built = await builtPage(env, path);
  const key = pageKey(built, path);
  const stored = await env.PAGES.get<StoredPage>(key, { type: 'json', cacheTtl: KV_CACHE_SECONDS });
  if (stored) return stored;
  try {
    const page = await render(env, path, built);
    waitUntil(env.PAGES.put(key, JSON.stringify(page)));
    return page;
  } catch (error) {
    console.error('Rendering the catalogue page failed; serving the built one', path, error);
    return built;
  }
}

/**
 * After the catalogue changed: its pages (or those named) rendered again and kept. A change to
 * what is on sale at /packages names them all (`keptPagePaths`): every menu may change.
 */
export async function refreshCataloguePages(env: PageEnv, paths = cataloguePagePaths): Promise<void> {
  // The Worker alone (its unit tests) has no built pages to render into.
  if (!env.ASSETS) return;
  const results = await Promise.allSettled(
    paths.map(async (path) => {
      const built = await builtPage(env, path);
      await env.PAGES.put(pageKey(built, path), JSON.stringify(await render(env, path, built)));
    }),
  );
  for (const result of results) {
    if (result.status === 'rejected') console.error('Rendering a catalogue page failed', loggable(result.reason));
  }
}
