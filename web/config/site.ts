/** Set at build time from wrangler.toml [vars] SITE_URL and the clock (see scripts/lib/web-define.ts). */
declare const __SITE_URL__: string;
declare const __BUILD_YEAR__: number;

/** The studio's public origin, for canonical and link-preview URLs. */
export const siteUrl = __SITE_URL__;

/** The year the site was built: what the prerendered pages print until the browser knows better. */
export const buildYear = __BUILD_YEAR__;
