// The build's own server entry (scripts/lib/prerender.ts): the Worker's page renderer (entry.tsx)
// and, for the build alone, the admin's login screen. The login stays out of entry.tsx, which the
// Worker bundles: it never renders the admin.
import { createStore } from 'jotai';
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { AppProvider } from '../app/provider';
import { AppRoutes } from '../app/router';
import { paths } from '../config/paths';
import { LoginForm } from '../staff/account/login-form';

export { renderBuiltPage } from './entry';

/**
 * The #root HTML of /admin for a browser with no staff session: the route tree the browser
 * hydrates, with the login screen where the admin's lazy chunk renders it (served this shell, the
 * admin takes nobody as signed in: features/admin/admin-session.ts).
 */
export async function renderAdminLogin(): Promise<string> {
  const errors: unknown[] = [];
  const { prelude } = await prerender(
    <StrictMode>
      <AppProvider store={createStore()}>
        <StaticRouter location={paths.admin}>
          <AppRoutes adminApp={LoginForm} />
        </StaticRouter>
      </AppProvider>
    </StrictMode>,
    { onError: (error) => void errors.push(error) },
  );
  if (errors.length > 0) throw new AggregateError(errors, 'prerendering the admin login failed');
  return new Response(prelude).text();
}
