// The build's last step: every public page rendered to its own HTML file with React's server
// renderer and the SPA's own route tree (web/prerender/entry.tsx), each with its head (title,
// description, canonical, link previews, structured data) and the scripts and styles of its
// page preloaded; then the not-found page (404.html) and the neutral app shell.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, type Manifest, type Plugin } from 'vite';
import {
  adminLoginShell,
  appShellAsset,
  appShells,
  type SitePage,
  sitePages,
  studioName,
} from '../../worker/shared/site-pages.ts';
import { pageHeadTags } from './page-head.ts';
import { readSiteUrl, webDefine } from './web-define.ts';

type PageKey = keyof typeof sitePages;

/** Each prerendered page's module under web/app/routes, whose chunk its HTML preloads. */
const routeModules: Partial<Record<PageKey, string>> = {
  home: 'home',
  about: 'about',
  massageTherapy: 'massage-therapy',
  booking: 'booking',
  giftVouchers: 'gift-vouchers',
  packages: 'packages',
  shop: 'shop',
  faq: 'faq',
  academy: 'academy',
  terms: 'terms-of-service',
  privacy: 'privacy-policy',
  notFound: 'not-found',
};

interface Target {
  page: SitePage;
  module: string;
  /** The file under the client output: /about is about.html (served at /about, no slash). */
  file: string;
  noindex: boolean;
}

/** The prerendered pages: every indexable page, and the not-found page as 404.html. */
export function prerenderTargets(): Target[] {
  const targets: Target[] = [];
  for (const [key, page] of Object.entries(sitePages) as Array<[PageKey, SitePage]>) {
    const isNotFound = key === 'notFound';
    if (!page.indexable && !isNotFound) continue;
    const module = routeModules[key];
    if (!module) throw new Error(`prerender: no route module listed for the ${key} page`);
    const file = isNotFound ? '404.html' : page.path === '/' ? 'index.html' : `${page.path.slice(1)}.html`;
    targets.push({ page, module, file, noindex: isNotFound });
  }
  return targets;
}

const root = fileURLToPath(new URL('../../', import.meta.url));
const rendererDir = join(root, 'node_modules/.cache/spa-prerender');

interface Renderer {
  renderBuiltPage: (path: string) => Promise<{ body: string; jsonLd: Record<string, unknown>[] }>;
  renderAdminLogin: () => Promise<string>;
}

/** Builds web/prerender/build-entry.tsx for Node (dependencies stay in node_modules) and loads it. */
async function loadRenderer(): Promise<Renderer> {
  await build({
    configFile: false,
    root: join(root, 'web'),
    mode: 'production',
    logLevel: 'warn',
    define: webDefine(join(root, 'wrangler.toml')),
    plugins: [react()],
    build: {
      ssr: 'prerender/build-entry.tsx',
      outDir: rendererDir,
      emptyOutDir: true,
      // One file: it is imported with a query that makes each build's a fresh module, and a chunk
      // importing it back without that query would be a second copy with atoms of its own.
      rollupOptions: { output: { entryFileNames: 'entry-prerender.mjs', codeSplitting: false } },
    },
  });
  return import(`${pathToFileURL(join(rendererDir, 'entry-prerender.mjs')).href}?build=${Date.now()}`);
}

/**
 * Every page opens on the hero, whose background (web/styles/layout.css) is often its largest
 * paint: fetched with the stylesheet rather than after it.
 */
const heroPreload = '<link rel="preload" as="image" href="/images/hero-texture.svg" fetchpriority="high" />';

/** The scripts and stylesheets a page's chunk needs beyond the entry's own. */
function preloadTags(manifest: Manifest, module: string): string[] {
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
  if (!entry) throw new Error('prerender: the client manifest has no entry');
  const loaded = new Set<string>();
  const visit = (key: string, into: Set<string>) => {
    if (into.has(key)) return;
    into.add(key);
    for (const imported of manifest[key]?.imports ?? []) visit(imported, into);
  };
  const entryKey = Object.keys(manifest).find((key) => manifest[key] === entry) as string;
  visit(entryKey, loaded);
  const pageKey = `app/routes/${module}.tsx`;
  if (!manifest[pageKey]) throw new Error(`prerender: ${pageKey} is not a chunk of the client build`);
  const page = new Set<string>();
  visit(pageKey, page);
  const tags: string[] = [];
  for (const key of page) {
    const chunk = manifest[key];
    if (!chunk) continue;
    for (const css of chunk.css ?? []) {
      if (!entry.css?.includes(css)) tags.push(`<link rel="stylesheet" crossorigin href="/${css}" />`);
    }
    if (!loaded.has(key)) tags.push(`<link rel="modulepreload" crossorigin href="/${chunk.file}" />`);
  }
  return [...new Set(tags)];
}

/**
 * Puts a page into the built index.html: its own tags in place of the title, its preloads after
 * the entry's own (so its stylesheet comes after the site's), its HTML inside #root. The
 * resource hints React's renderer puts ahead of the page (an image preload) move to the head.
 */
function fillTemplate(template: string, page: { head: string[]; preloads: string[]; body: string }): string {
  const title = /<title>[^<]*<\/title>/;
  const emptyRoot = '<div id="root"></div>';
  if (!title.test(template) || !template.includes(emptyRoot) || !template.includes('</head>')) {
    throw new Error('prerender: index.html needs a <title>, a </head> and an empty <div id="root"></div>');
  }
  const hints = /^(?:<link [^>]*\/?>)*/.exec(page.body)?.[0] ?? '';
  const hintTags = hints.match(/<link [^>]*\/?>/g) ?? [];
  // Function replacers: the page's text is data, where "$&" or "$`" must stay as written.
  const html = template
    .replace(title, () => page.head.join('\n    '))
    .replace(/\s*<\/head>/, () => `\n    ${[...page.preloads, ...hintTags].join('\n    ')}\n  </head>`)
    .replace(emptyRoot, () => `<div id="root">${page.body.slice(hints.length)}</div>`);
  // A prerendered page reads without its scripts: they load at low priority, leaving the
  // bandwidth of a slow phone connection to the HTML, the stylesheet and the pictures first.
  return page.body ? lowPriorityScripts(html) : html;
}

const lowPriorityScripts = (html: string) =>
  html
    .replace(/<script type="module" /g, '<script type="module" fetchpriority="low" ')
    .replace(/<link rel="modulepreload" /g, '<link rel="modulepreload" fetchpriority="low" ');

/** The Vite plugin: runs once the client build is written. */
export function prerenderPages(): Plugin {
  return {
    name: 'spa:prerender',
    // The client's manifest says which chunk and stylesheet belong to which page.
    config: () => ({ environments: { client: { build: { manifest: true } } } }),
    applyToEnvironment: (environment) => environment.name === 'client',
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const outDir = join(root, 'dist/client');
        const manifestPath = join(outDir, '.vite/manifest.json');
        if (!existsSync(manifestPath)) return; // not a production build (vite dev)
        const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
        const template = readFileSync(join(outDir, 'index.html'), 'utf8');
        const siteUrl = readSiteUrl(join(root, 'wrangler.toml'));
        const { renderBuiltPage, renderAdminLogin } = await loadRenderer();
        for (const target of prerenderTargets()) {
          const page = await renderBuiltPage(target.page.path);
          const html = fillTemplate(template, {
            head: pageHeadTags(target.page, { siteUrl, jsonLd: page.jsonLd, noindex: target.noindex }),
            preloads: [heroPreload, ...preloadTags(manifest, target.module)],
            body: page.body,
          });
          const file = join(outDir, target.file);
          mkdirSync(dirname(file), { recursive: true });
          writeFileSync(file, html);
        }
        // The app shells: what the admin, the confirmations, unsubscribe and the manage link answer
        // (worker/routes/app-shell.ts), with the studio's name for a title and nothing else of any
        // page, and their route's scripts preloaded.
        const shellPage: SitePage = { path: '/', title: studioName, description: '', indexable: false };
        const shellHead = pageHeadTags(shellPage, { siteUrl, noindex: true });
        for (const { module } of appShells) {
          const shell = fillTemplate(template, { head: shellHead, preloads: preloadTags(manifest, module), body: '' });
          writeFileSync(join(outDir, `${appShellAsset(module).slice(1)}.html`), shell);
        }
        // The admin's shell for a browser with no staff session: its login screen painted at once.
        const loginHead = pageHeadTags({ ...shellPage, title: adminLoginShell.title }, { siteUrl, noindex: true });
        const loginShell = fillTemplate(template, {
          head: loginHead,
          preloads: preloadTags(manifest, 'admin'),
          body: await renderAdminLogin(),
        });
        writeFileSync(join(outDir, `${adminLoginShell.asset.slice(1)}.html`), loginShell);
        // The manifest served its purpose; it is not for visitors.
        rmSync(join(outDir, '.vite'), { recursive: true, force: true });
        rmSync(rendererDir, { recursive: true, force: true });
      },
    },
  };
}
