// The site's own Link and NavLink (web/components/ui/link.tsx): what React Router's did for the
// site, on its hooks: the address, moving inside the app on a plain click only, the page in view.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Link, NavLink } from '../../web/components/ui/link';

const seen: { pathname?: string } = {};

function Where() {
  seen.pathname = useLocation().pathname;
  return null;
}

function renderAt(path: string, links: React.ReactNode) {
  render(
    <MemoryRouter initialEntries={[path]}>
      {links}
      <Where />
    </MemoryRouter>,
  );
}

afterEach(() => {
  cleanup();
  seen.pathname = undefined;
});

describe('Link', () => {
  it('is an <a> with the address, and a plain click moves inside the app', () => {
    const onClick = vi.fn();
    renderAt(
      '/',
      <Link to="/faq" className="nav" onClick={onClick}>
        FAQ
      </Link>,
    );
    const link = screen.getByRole('link', { name: 'FAQ' });
    expect(link.getAttribute('href')).toBe('/faq');
    expect(link.className).toBe('nav');
    expect(fireEvent.click(link)).toBe(false); // the browser's own navigation was prevented
    expect(seen.pathname).toBe('/faq');
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('leaves a modified click (a new tab) and a prevented one to the browser', () => {
    renderAt(
      '/',
      <>
        <Link to="/faq">FAQ</Link>
        <Link to="/about" onClick={(event) => event.preventDefault()}>
          About
        </Link>
      </>,
    );
    expect(fireEvent.click(screen.getByRole('link', { name: 'FAQ' }), { ctrlKey: true })).toBe(true);
    fireEvent.click(screen.getByRole('link', { name: 'About' }));
    expect(seen.pathname).toBe('/');
  });

  it('resolves a relative address against the path when asked', () => {
    renderAt(
      '/massage-therapy',
      <Link to="../booking" relative="path">
        Book
      </Link>,
    );
    expect(screen.getByRole('link', { name: 'Book' }).getAttribute('href')).toBe('/booking');
  });
});

describe('NavLink', () => {
  it('marks the page in view and the pages under it, and only its own with `end`', () => {
    renderAt(
      '/admin/Bookings',
      <>
        <NavLink to="/" end className="site-nav__link">
          Home
        </NavLink>
        <NavLink to="/admin" className="site-nav__link">
          Admin
        </NavLink>
        <NavLink to="/admin/bookings">Bookings</NavLink>
        <NavLink to="/admin/book">Book</NavLink>
      </>,
    );
    const home = screen.getByRole('link', { name: 'Home' });
    expect(home.className).toBe('site-nav__link');
    expect(home.getAttribute('aria-current')).toBeNull();
    const admin = screen.getByRole('link', { name: 'Admin' });
    expect(admin.className).toBe('site-nav__link active');
    expect(admin.getAttribute('aria-current')).toBe('page');
    // Case aside, as React Router matches.
    expect(screen.getByRole('link', { name: 'Bookings' }).className).toBe('active');
    // A longer name is not a page under it.
    expect(screen.getByRole('link', { name: 'Book' }).getAttribute('aria-current')).toBeNull();
  });
});
