// Vite `define` entries: what the web learns at build time from wrangler.toml [vars].
import { fileURLToPath } from 'node:url';
import { readStudioContact, readWranglerVars } from './studio-contact.ts';

/** The public origin (canonical and og URLs, sitemap), without a trailing slash. */
export function readSiteUrl(path = 'wrangler.toml'): string {
  const value = readWranglerVars(path).SITE_URL;
  if (!value) throw new Error('wrangler.toml [vars] has no SITE_URL');
  return new URL(value).origin;
}

export function webDefine(path = 'wrangler.toml'): Record<string, string> {
  return {
    __STUDIO_CONTACT__: JSON.stringify(readStudioContact(path)),
    __SITE_URL__: JSON.stringify(readSiteUrl(path)),
    // The prerendered footer's year; the browser puts in its own after hydration.
    __BUILD_YEAR__: JSON.stringify(new Date().getFullYear()),
  };
}

/** The web's page renderer, bundled into the Worker under this name (worker/types/page-renderer.d.ts). */
export const pageRendererAlias = {
  'virtual:page-renderer': fileURLToPath(new URL('../../web/prerender/entry.tsx', import.meta.url)),
};
