import { fileURLToPath } from 'node:url';
import { cloudflare } from '@cloudflare/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { commonPasswordsModule } from './scripts/lib/common-passwords.ts';
import { withEveryLocalSecret } from './scripts/lib/local-secrets.ts';
import { offlineEnv } from './scripts/lib/offline-env.ts';
import { prerenderPages } from './scripts/lib/prerender.ts';
import { chunkFileNames, publicCodeSplitting } from './scripts/lib/public-chunks.ts';
import { reactRouterTreeShaking } from './scripts/lib/react-router-tree-shaking.ts';
import { pageRendererAlias, webDefine } from './scripts/lib/web-define.ts';
import { staticHeadersFile } from './worker/shared/security-headers.ts';

// `vite dev` runs the worker in workerd through miniflare: no telemetry, nothing from the network.
Object.assign(process.env, offlineEnv);

/** Writes the static assets' `_headers` file from the same values the worker sets on the API. */
function securityHeadersFile(): Plugin {
  return {
    name: 'spa:security-headers-file',
    applyToEnvironment: (environment) => environment.name === 'client',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: '_headers', source: staticHeadersFile() });
    },
  };
}

/**
 * `vite dev` has no prerendered pages: every page navigation gets index.html (an empty #root the
 * browser renders into), as the app shell does in production. The API stays the worker's.
 */
function devPageFallback(): Plugin {
  return {
    name: 'spa:dev-page-fallback',
    apply: 'serve',
    enforce: 'pre',
    configureServer(server) {
      server.middlewares.use((request, _response, next) => {
        const path = request.url?.split('?')[0] ?? '/';
        const isPage = request.method === 'GET' && request.headers.accept?.includes('text/html');
        if (isPage && !path.startsWith('/api/') && !/\.[a-z0-9]+$/i.test(path)) {
          // The worker's request handler reads originalUrl, so both change.
          request.url = '/';
          (request as { originalUrl?: string }).originalUrl = '/';
        }
        next();
      });
    },
  };
}

export default defineConfig(({ command }) => ({
  root: 'web',
  publicDir: 'public',
  define: webDefine(),
  resolve: { alias: pageRendererAlias },
  build: {
    outDir: '../dist',
    emptyOutDir: true,
    // Every browser but Safari before 17 preloads modules itself; there the page still loads
    // (each import is fetched when reached), so no visitor pays for a polyfill on every page.
    modulePreload: {
      polyfill: false,
      // The admin's app shell preloads the admin's scripts itself (scripts/lib/prerender.ts): the
      // public entry need not carry their names for it.
      resolveDependencies: (file, deps) =>
        /(^|\/)admin-[^/]*\.js$/.test(file) ? deps.filter((dep) => dep.endsWith('.css')) : deps,
    },
  },
  environments: {
    client: { build: { rolldownOptions: { output: { codeSplitting: publicCodeSplitting, chunkFileNames } } } },
    // The Worker minified as the browser's code is: its comments and whitespace were more than a
    // third of the upload, and a smaller script parses faster at every cold start. Its source map
    // goes with it (wrangler.toml upload_source_maps), so errors still point at our lines.
    // Its chunks are their hashes alone, as the browser's shared ones: each name stood in every
    // import and source-map line, 4 KB of the upload; the source maps still name every source.
    spa_studio: { build: { minify: true, rolldownOptions: { output: { chunkFileNames: 'assets/[hash].js' } } } },
  },
  plugins: [
    devPageFallback(),
    react(),
    reactRouterTreeShaking(),
    cloudflare({
      configPath: '../wrangler.toml',
      // The same local database `npm start` and `npm run db:migrate:local` use.
      persistState: { path: fileURLToPath(new URL('.wrangler/state', import.meta.url)) },
      // `vite dev` loads every secret .dev.vars holds; the build (what deploys) keeps the required list.
      ...(command === 'serve'
        ? {
            config: (config) => {
              config.secrets = withEveryLocalSecret(config).secrets;
            },
          }
        : {}),
    }),
    commonPasswordsModule({ asAsset: command === 'build' }),
    securityHeadersFile(),
    prerenderPages(),
  ],
}));
