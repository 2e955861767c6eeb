// The <head> of each prerendered page: its own title, description, canonical URL, link-preview
// tags and structured data, written by the build (web/lib/page-meta.ts keeps them in step as
// the visitor moves between pages).
import { escapeHtml, jsonLdScriptTag } from '../../worker/shared/html.ts';
import { defaultPreviewImage, type SitePage, studioName } from '../../worker/shared/site-pages.ts';

const meta = (key: 'name' | 'property', name: string, content: string) =>
  `<meta ${key}="${name}" content="${escapeHtml(content)}" />`;

export interface HeadOptions {
  siteUrl: string;
  /** The page's schema.org data (web/prerender/structured-data.ts). */
  jsonLd?: Record<string, unknown>[];
  /** Pages outside the sitemap (not found, the app shell) ask search engines to leave them out. */
  noindex?: boolean;
}

/** The head tags of one page, one per line. */
export function pageHeadTags(page: SitePage, { siteUrl, jsonLd = [], noindex = false }: HeadOptions): string[] {
  const url = `${siteUrl}${page.path}`;
  const image = `${siteUrl}${page.image ?? defaultPreviewImage}`;
  const tags = [`<title>${escapeHtml(page.title)}</title>`];
  if (page.description) tags.push(meta('name', 'description', page.description));
  if (noindex) return [...tags, meta('name', 'robots', 'noindex')];
  return [
    ...tags,
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', studioName),
    meta('property', 'og:locale', 'en_NG'),
    meta('property', 'og:title', page.title),
    meta('property', 'og:description', page.description),
    meta('property', 'og:url', url),
    meta('property', 'og:image', image),
    meta('property', 'og:image:type', 'image/png'),
    meta('property', 'og:image:width', '1200'),
    meta('property', 'og:image:height', '630'),
    meta('property', 'og:image:alt', page.title),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', page.title),
    meta('name', 'twitter:description', page.description),
    meta('name', 'twitter:image', image),
    ...jsonLd.map(jsonLdScriptTag),
  ];
}
