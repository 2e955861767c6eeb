import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { PageLoading } from '../ui/page-loading';
import { ChatButton } from './chat-button';
import { ScrollToTop } from './scroll-to-top';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

export function SiteLayout() {
  return (
    <>
      <ScrollToTop />
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <SiteHeader />
      <main id="main" className="site-main" tabIndex={-1}>
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </main>
      <SiteFooter />
      <ChatButton />
    </>
  );
}
