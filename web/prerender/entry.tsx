// The server entry: renders one route of the SPA to HTML with the very tree the browser hydrates
// (web/main.tsx), so the rendered page and the first client render match. The build renders every
// page with the catalogue of its modules (renderBuiltPage); the Worker renders the catalogue's
// pages again with the catalogue staff keep in D1 (worker/services/pages/catalogue-pages.ts), through
// renderCataloguePage.
import { createStore } from 'jotai';
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import type { MembershipOffer } from '../../worker/shared/prepaid/membership-rules';
import type { PackageOffer } from '../../worker/shared/prepaid/package-value';
import { sitePaths } from '../../worker/shared/site-paths';
import { AppProvider } from '../app/provider';
import { AppRoutes } from '../app/router';
import type { PageCatalogue } from '../features/catalogue/catalogue-types';
import { menuAtom, menuFromApi } from '../features/catalogue/live-menu';
import { membershipsAtom, packagesAtom } from '../features/catalogue/live-packages';
import { type ApiProduct, shopAtom, shopFromApi } from '../features/catalogue/live-shop';
import { catalogueReady, startingCatalogue } from '../features/catalogue/starting-catalogue';
import { pageJsonLd } from './structured-data';

/** The build's catalogue: what the pages start from where none is embedded, as on the server. */
async function builtCatalogue(): Promise<PageCatalogue> {
  await catalogueReady();
  return { treatments: startingCatalogue('treatments'), products: startingCatalogue('products') };
}

/** The HTML inside #root for `path` with `catalogue`, once every lazy page of it has loaded. */
async function renderPage(path: string, catalogue: PageCatalogue): Promise<string> {
  const store = createStore();
  store.set(menuAtom, catalogue.treatments);
  store.set(shopAtom, catalogue.products);
  store.set(packagesAtom, catalogue.packages ?? []);
  store.set(membershipsAtom, catalogue.memberships ?? []);
  const errors: unknown[] = [];
  const { prelude } = await prerender(
    <StrictMode>
      <AppProvider store={store}>
        <StaticRouter location={path}>
          <AppRoutes />
        </StaticRouter>
      </AppProvider>
    </StrictMode>,
    { onError: (error) => void errors.push(error) },
  );
  if (errors.length > 0) throw new AggregateError(errors, `prerendering ${path} failed`);
  return new Response(prelude).text();
}

/** A page as the build prerenders it, from the build's catalogue: its #root HTML and structured data. */
export async function renderBuiltPage(path: string) {
  const catalogue = await builtCatalogue();
  return { body: await renderPage(path, catalogue), jsonLd: pageJsonLd(path, catalogue) };
}

/** The catalogue as GET /api/treatments and GET /api/products answer it. */
export interface ApiCatalogue {
  treatments: Parameters<typeof menuFromApi>[0];
  products: readonly ApiProduct[];
  packages: readonly PackageOffer[];
  memberships: readonly MembershipOffer[];
}

/**
 * A page of the catalogue rendered from `api`: its #root HTML, its structured data, and the
 * catalogue the page embeds so the browser's first render is the same (features/catalogue).
 */
export async function renderCataloguePage(path: string, api: ApiCatalogue) {
  const built = await builtCatalogue();
  const catalogue: PageCatalogue = {
    treatments: menuFromApi(api.treatments),
    // A product keeps the build's picture behind an uploaded one.
    products: shopFromApi(api.products, (id) => built.products.find((product) => product.id === id)?.fallbackImage),
  };
  // Only the page that shows the packages carries them: the others stay as small as they were.
  if (path === sitePaths.packages) {
    catalogue.packages = api.packages;
    catalogue.memberships = api.memberships;
  }
  return {
    body: await renderPage(path, catalogue),
    jsonLd: pageJsonLd(path, catalogue),
    embedded: catalogue,
  };
}
