import { useEffect } from 'react';
import type { SitePage } from '../../worker/shared/site-pages';

/** Finds the head element for `key` (creating it the first time) and sets `attribute` on it. */
function upsertHead(tag: 'meta' | 'link', key: [string, string], attribute: string, value: string) {
  const selector = `${tag}[${key[0]}="${key[1]}"]`;
  let element = document.head.querySelector(selector);
  if (!element) {
    element = document.createElement(tag);
    element.setAttribute(key[0], key[1]);
    document.head.append(element);
  }
  element.setAttribute(attribute, value);
}

/**
 * Gives the current page its title, description, canonical URL and Open Graph tags. index.html
 * carries the home page's; each page updates the same tags, so there is always one of each.
 */
export function usePageMeta(page: Pick<SitePage, 'title' | 'description' | 'path'>) {
  useEffect(() => {
    const url = `${window.location.origin}${page.path}`;
    document.title = page.title;
    upsertHead('meta', ['name', 'description'], 'content', page.description);
    upsertHead('meta', ['property', 'og:title'], 'content', page.title);
    upsertHead('meta', ['property', 'og:description'], 'content', page.description);
    upsertHead('meta', ['property', 'og:url'], 'content', url);
    upsertHead('link', ['rel', 'canonical'], 'href', url);
  }, [page.title, page.description, page.path]);
}
