import { fileURLToPath } from 'node:url';
import { cloudflare } from '@cloudflare/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { offlineEnv } from './scripts/lib/offline-env.ts';
import { prerenderPages } from './scripts/lib/prerender.ts';
import { webDefine } from './scripts/lib/web-define.ts';
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

export default defineConfig({
  root: 'web',
  publicDir: 'public',
  define: webDefine(),
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
    prerenderPages(),
  ],
});
