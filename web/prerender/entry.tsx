// The server entry: renders one route of the SPA to HTML with the very tree the browser hydrates
// (web/main.tsx), so the rendered page and the first client render match. The build renders every
// page with the catalogue of its modules; the Worker renders the catalogue's pages again with the
// catalogue staff keep in D1 (worker/services/catalogue-pages.ts), through renderCataloguePage.
import { createStore } from 'jotai';
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { AppProvider } from '../app/provider';
import { AppRoutes } from '../app/router';
import { type MenuTreatment, menuAtom, menuFromApi } from '../features/booking/live-menu';
import { type ApiProduct, type ShopProduct, shopAtom, shopFromApi } from '../features/shop/live-shop';
import { type PageCatalogue, pageJsonLd } from './structured-data';

export { pageJsonLd } from './structured-data';

/** The HTML inside #root for `path`, once every lazy page of it has loaded. */
export async function renderPage(path: string, catalogue?: PageCatalogue): Promise<string> {
  const store = createStore();
  if (catalogue) {
    store.set(menuAtom, catalogue.treatments);
    store.set(shopAtom, catalogue.products);
  }
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

/** The catalogue as GET /api/treatments and GET /api/products answer it. */
export interface ApiCatalogue {
  treatments: Parameters<typeof menuFromApi>[0];
  products: readonly ApiProduct[];
}

/**
 * A page of the catalogue rendered from `api`: its #root HTML, its structured data, and the
 * catalogue the page embeds so the browser's first render is the same (features/catalogue).
 */
export async function renderCataloguePage(path: string, api: ApiCatalogue) {
  const catalogue: { treatments: MenuTreatment[]; products: ShopProduct[] } = {
    treatments: menuFromApi(api.treatments),
    products: shopFromApi(api.products),
  };
  return {
    body: await renderPage(path, catalogue),
    jsonLd: pageJsonLd(path, catalogue),
    embedded: catalogue,
  };
}
