// The build's server entry: renders one route of the SPA to HTML with the very tree the browser
// hydrates (web/main.tsx), so the prerendered page and the first client render match.
import { createStore } from 'jotai';
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { AppProvider } from '../app/provider';
import { AppRoutes } from '../app/router';

export { pageJsonLd } from './structured-data';

/** The HTML inside #root for `path`, once every lazy page of it has loaded. */
export async function renderPage(path: string): Promise<string> {
  const errors: unknown[] = [];
  const { prelude } = await prerender(
    <StrictMode>
      <AppProvider store={createStore()}>
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
