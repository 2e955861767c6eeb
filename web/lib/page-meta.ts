import { useEffect } from 'react';
import { defaultPreviewImage, type SitePage } from '../../worker/shared/site-pages';
import { siteUrl } from '../config/site';

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
 * Keeps the head in step as the visitor moves between pages: the title, description, canonical
 * URL and link-preview tags. Each page's prerendered HTML arrives with the same tags written by
 * the build (scripts/lib/page-head.ts); this updates them, so there is always one of each.
 */
export function usePageMeta(page: Pick<SitePage, 'title' | 'description' | 'path' | 'image'>) {
  useEffect(() => {
    const url = `${siteUrl}${page.path}`;
    document.title = page.title;
    upsertHead('meta', ['name', 'description'], 'content', page.description);
    upsertHead('meta', ['property', 'og:title'], 'content', page.title);
    upsertHead('meta', ['property', 'og:description'], 'content', page.description);
    upsertHead('meta', ['property', 'og:url'], 'content', url);
    upsertHead('meta', ['property', 'og:image'], 'content', `${siteUrl}${page.image ?? defaultPreviewImage}`);
    upsertHead('link', ['rel', 'canonical'], 'href', url);
  }, [page.title, page.description, page.path, page.image]);
}
