import { fileURLToPath } from 'node:url';
import { cloudflare } from '@cloudflare/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { offlineEnv } from './scripts/lib/offline-env.ts';
import { jsonLdScriptTag, studioJsonLd } from './scripts/lib/structured-data.ts';
import { readStudioContact, studioDefine } from './scripts/lib/studio-contact.ts';
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

/** Puts the studio's JSON-LD into index.html, from the contact details in wrangler.toml. */
function studioStructuredData(): Plugin {
  return {
    name: 'spa:studio-structured-data',
    transformIndexHtml: (html) =>
      html.replace('</head>', `  ${jsonLdScriptTag(studioJsonLd(readStudioContact()))}\n  </head>`),
  };
}

export default defineConfig({
  root: 'web',
  publicDir: 'public',
  define: studioDefine(),
  build: {
    outDir: '../dist',
    emptyOutDir: true,
  },
  plugins: [
    react(),
    cloudflare({
      configPath: '../wrangler.toml',
      // The same local database `npm start` and `npm run db:migrate:local` use.
      persistState: { path: fileURLToPath(new URL('.wrangler/state', import.meta.url)) },
    }),
    securityHeadersFile(),
    studioStructuredData(),
  ],
});
