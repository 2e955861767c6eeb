import { type ReactNode, Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { PageLoading } from '../ui/page-loading';
import { ChatButton } from './chat-button';
import { ScrollToTop } from './scroll-to-top';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/**
 * The frame of every public page. The footer waits inside the same Suspense boundary as the page:
 * if it were painted before a page's code arrived, the page would push it down the screen (a
 * layout shift). Navigations are transitions, so the old page stays until the new one is ready.
 * `cart` is the header's cart (the shop's, passed in by the router: shared parts know no feature).
 */
export function SiteLayout({ cart }: { cart?: ReactNode }) {
  return (
    <>
      <ScrollToTop />
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <SiteHeader cart={cart} />
      <Suspense fallback={<PageLoading />}>
        <main id="main" className="site-main" tabIndex={-1}>
          <Outlet />
        </main>
        <SiteFooter />
      </Suspense>
      <ChatButton />
    </>
  );
}
