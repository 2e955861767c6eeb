import { useEffect } from 'react';
import { siteUrl } from '../config/site';
import type { PageName } from './apply-page-meta';

/**
 * Keeps the head in step as the visitor moves between pages: the title, description, canonical
 * URL and link-preview tags. Each page's prerendered HTML arrives with the same tags written by
 * the build (scripts/lib/page-head.ts), so on the page a visitor lands on nothing is done; after a
 * move the page's tags are loaded and set (apply-page-meta.ts), so there is always one of each.
 * `path` stands in for the page's own (the not-found page names the path asked for).
 */
export function usePageMeta(name: PageName, path?: string) {
  useEffect(() => {
    const here = `${siteUrl}${path ?? window.location.pathname}`;
    if (document.head.querySelector('link[rel="canonical"]')?.getAttribute('href') === here) return;
    let current = true;
    void import('./apply-page-meta').then((module) => current && module.applyPageMeta(name, path));
    return () => {
      current = false;
    };
  }, [name, path]);
}
