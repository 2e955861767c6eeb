// Every URL a page asks for, to prove that nothing personal travels in one: URLs end up in
// Workers Logs, proxies and browser history, bodies do not.
import type { Page } from 'playwright-core';

/** Starts recording the URL of every request the page makes (navigations, fetches, assets). */
export function recordRequestUrls(page: Page): string[] {
  const urls: string[] = [];
  page.context().on('request', (request) => urls.push(request.url()));
  return urls;
}

/** The URLs that carry any of `personal` (as typed, URL-encoded or with spaces as +). */
export function urlsCarrying(urls: string[], personal: string[]): string[] {
  return urls.filter((url) => {
    const decoded = safeDecode(url.replace(/\+/g, ' ')).toLowerCase();
    return personal.some((value) => decoded.includes(value.toLowerCase()));
  });
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
