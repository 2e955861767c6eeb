/**
 * The catalogue a page starts from: the copy the Worker embeds in the catalogue's pages, else the
 * build's modules (built-catalogue.ts), loaded on demand, only by a page that has no copy (one
 * reached from a page without it, the built fallback page, an app shell). Small, since the
 * browser's entry script carries it (web/app/router.tsx).
 */

import { EMBEDDED_CATALOGUE_ID } from '../../../worker/shared/site-paths';
import type { PageCatalogue } from './catalogue-types';

/** The catalogue the page embedded, if it did (only in the browser). */
function embedded(): PageCatalogue | undefined {
  const element = globalThis.document?.getElementById(EMBEDDED_CATALOGUE_ID);
  if (!element?.textContent) return undefined;
  try {
    return JSON.parse(element.textContent) as PageCatalogue;
  } catch {
    return undefined;
  }
}

let built: PageCatalogue | undefined;

/** Resolves once the page has a catalogue to start from: the routes that show it wait for this. */
export function catalogueReady(): Promise<void> {
  if (built || embedded()) return Promise.resolve();
  return import('./built-catalogue').then((module) => {
    built = module.builtCatalogue;
  });
}

/** The part of the catalogue a page starts from (after catalogueReady). */
export function startingCatalogue<K extends 'treatments' | 'products'>(part: K): PageCatalogue[K] {
  const start = embedded()?.[part] ?? built?.[part];
  if (!start) throw new Error(`the ${part} were read before catalogueReady()`);
  return start;
}

/** The packages the page embedded (only /packages does): none elsewhere, until the API answers. */
export const startingPackages = () => embedded()?.packages ?? [];

/** The memberships the page embedded (only /packages does). */
export const startingMemberships = () => embedded()?.memberships ?? [];
