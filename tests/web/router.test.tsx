import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Provider } from 'jotai';
import { MemoryRouter, type NavigateFunction, useLocation, useNavigate } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppRoutes } from '../../web/app/router';
import { paths } from '../../web/config/paths';

/** What the probe inside the router last saw, and its navigate function. */
const router: { navigate?: NavigateFunction; pathname?: string } = {};

function RouterProbe() {
  router.navigate = useNavigate();
  router.pathname = useLocation().pathname;
  return null;
}

function renderAt(path: string) {
  render(
    <Provider>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
        <RouterProbe />
      </MemoryRouter>
    </Provider>,
  );
  return router;
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('routes', () => {
  it('shows the tagline on the home page', async () => {
    renderAt(paths.home);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Awaken Your Best Self with Every Touch' }),
    ).toBeTruthy();
  });

  it.each([
    [paths.about, 'About the spa'],
    [paths.massageTherapy, 'Massage Therapy'],
    [paths.booking, 'Book a Service'],
    [paths.orderConfirmation, 'Order Not Found'],
    [paths.shop, 'Skincare Products'],
    [paths.faq, 'Frequently Asked Questions'],
    [paths.academy, 'The Massage Training Academy'],
    [paths.terms, 'Terms of Service'],
    [paths.privacy, 'Privacy Policy'],
  ])('renders %s with its heading inside the shared layout', async (path, heading) => {
    renderAt(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy();
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('contentinfo')).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it('shows a not-found page for an unknown path', async () => {
    renderAt('/no-such-page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
  });

  it('loads the admin area on demand', async () => {
    renderAt('/admin/bookings');
    // A bound, not an expectation: the admin chunk's first import is slow on a busy machine.
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Login' }, { timeout: 15_000 })).toBeTruthy();
  });
});

describe('navigation', () => {
  it('scrolls to the top on every route change', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const router = renderAt(paths.home);
    await screen.findByRole('heading', { level: 1, name: 'Awaken Your Best Self with Every Touch' });
    scrollTo.mockClear();

    fireEvent.click(screen.getByRole('link', { name: 'About' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'About the spa' })).toBeTruthy();
    expect(router.pathname).toBe(paths.about);
    expect(scrollTo).toHaveBeenCalledWith(0, 0);

    scrollTo.mockClear();
    await act(async () => {
      await router.navigate?.(paths.faq);
    });
    expect(router.pathname).toBe(paths.faq);
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
  });
});
