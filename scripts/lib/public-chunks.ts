import type { Rolldown } from 'vite';

/**
 * The small modules the public pages share beyond the entry: their hooks, form fields, page hero,
 * dates and naira, the catalogue's atoms, jotai's React hooks and storage atom. Left to itself the
 * bundler makes a chunk of each set of pages that share something: /booking loaded 16 scripts,
 * each with its own request, and the entry carried every one's name for its preloads. As one
 * chunk, a page loads 5 to 7, its first load is smaller (under 95 KB everywhere), and Lighthouse
 * on a slow phone scores 100 instead of 96 to 99.
 *
 * Only what public pages load at once belongs here: a module a form loads when used (a zod
 * schema, the payment dialog) would weigh on every page. The budget test counts the scripts.
 */
const sharedModules = [
  /web[\\/]lib[\\/](page-meta|use-hydrated|api-errors|use-typed-before-hydration)\.tsx?$/,
  /web[\\/]components[\\/]ui[\\/](page-hero|field|section-heading|rating)\.tsx$/,
  /web[\\/]features[\\/]catalogue[\\/](live-data|live-menu)\.ts$/,
  /worker[\\/]shared[\\/](money|time|contact-messages|bookings[\\/]booking|catalogue[\\/]treatments)\.ts$/,
  /node_modules[\\/]jotai[\\/]dist[\\/]react[\\/](useAtomValue|useSetAtom|useAtom|continuablePromise|useAtomValueRaw)\.js$/,
  /node_modules[\\/]jotai[\\/]dist[\\/]vanilla[\\/](atom|utils[\\/](atomWithStorage|atomWithLazy|constants))\.js$/,
];

/** The client build's code splitting: the shared modules above in one chunk, the rest as the bundler decides. */
export const publicCodeSplitting: Rolldown.CodeSplittingOptions = {
  groups: [
    {
      name: 'shared',
      minShareCount: 2,
      // Their dependencies stay where they are (the entry's React and jotai): only these move.
      includeDependenciesRecursively: false,
      test: (id) => sharedModules.some((pattern) => pattern.test(id)),
    },
  ],
};

/**
 * A chunk's file name. A route's (web/app), the staff app's (web/staff) and the build's copy of
 * the catalogue keep their names: the prerender preloads them by name, and the tests and the
 * bench find them so. Every other chunk (a feature, a shared group, a library) is its hash alone:
 * the entry script lists every chunk's file for its preloads, on every page, and the names were
 * 0.3 KB of each page's first load.
 */
export const chunkFileNames = (chunk: { facadeModuleId?: string | null }): string =>
  /web[\\/](app|staff)[\\/]|built-catalogue/.test(chunk.facadeModuleId ?? '')
    ? 'assets/[name]-[hash].js'
    : 'assets/[hash].js';
