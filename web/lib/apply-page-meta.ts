/**
 * Sets the head's title, description, canonical URL and link-preview tags to a page's, after the
 * visitor moved to it (lib/page-meta.ts). Loaded only then: the page a visitor lands on arrives
 * with its own head, so neither this nor the pages' titles are part of its first load.
 */
import { defaultPreviewImage, sitePages } from '../../worker/shared/site-pages';
import { siteUrl } from '../config/site';

export type PageName = keyof typeof sitePages;

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

/** The head of page `name`, at `path` when given (the not-found page names the path asked for). */
export function applyPageMeta(name: PageName, path?: string): void {
  const page: { path: string; title: string; description: string; image?: string } = sitePages[name];
  const url = `${siteUrl}${path ?? page.path}`;
  document.title = page.title;
  upsertHead('meta', ['name', 'description'], 'content', page.description);
  upsertHead('meta', ['property', 'og:title'], 'content', page.title);
  upsertHead('meta', ['property', 'og:description'], 'content', page.description);
  upsertHead('meta', ['property', 'og:url'], 'content', url);
  upsertHead('meta', ['property', 'og:image'], 'content', `${siteUrl}${page.image ?? defaultPreviewImage}`);
  upsertHead('link', ['rel', 'canonical'], 'href', url);
}
