/**
 * The web's page renderer (web/prerender/entry.tsx), bundled into the Worker under this name by
 * the Vite alias (vite.config.ts, vitest.config.ts): declared here, so the Worker's type check
 * does not type-check the web's browser code with the Workers' types.
 */
declare module 'virtual:page-renderer' {
  export interface RenderedCataloguePage {
    /** The HTML inside #root. */
    body: string;
    /** The page's schema.org data. */
    jsonLd: Record<string, unknown>[];
    /** The catalogue as the page's atoms hold it: embedded in the page for the browser's first render. */
    embedded: unknown;
  }

  /** Renders `path` with the catalogue as GET /api/treatments, /api/products and /api/packages answer it. */
  export function renderCataloguePage(
    path: string,
    catalogue: {
      treatments: readonly unknown[];
      products: readonly unknown[];
      packages: readonly unknown[];
      memberships: readonly unknown[];
    },
  ): Promise<RenderedCataloguePage>;
}
