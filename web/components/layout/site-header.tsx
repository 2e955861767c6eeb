import { type ReactNode, type RefObject, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { paths } from '../../config/paths';
import { studio } from '../../config/studio';
import { ChevronDownIcon, CloseIcon, MenuIcon } from '../ui/icons';
import { Link, NavLink } from '../ui/link';
import { Logo } from '../ui/logo';

/** The header turns solid once the page has scrolled this far. */
export const HEADER_SCROLL_THRESHOLD = 60;

const services = [
  { to: paths.massageTherapy, label: 'Massage Therapy' },
  { to: paths.packages, label: 'Packages' },
  { to: paths.giftVouchers, label: 'Gift Vouchers' },
  { to: paths.academy, label: 'Academy' },
];

/** Whether the page has scrolled past `threshold` pixels, kept up to date. */
function useScrolledPast(threshold: number): boolean {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const update = () => setScrolled(window.scrollY > threshold);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [threshold]);
  return scrolled;
}

/** Listens for Escape anywhere and a press outside `inside`; returns what stops listening. */
function onEscapeOrOutside(inside: RefObject<HTMLElement | null>, onEscape: () => void, onOutside: () => void) {
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') onEscape();
  };
  const onPointerDown = (event: PointerEvent) => {
    if (!inside.current?.contains(event.target as Node)) onOutside();
  };
  document.addEventListener('keydown', onKeyDown);
  document.addEventListener('pointerdown', onPointerDown);
  return () => {
    document.removeEventListener('keydown', onKeyDown);
    document.removeEventListener('pointerdown', onPointerDown);
  };
}

/** The Services dropdown of the navigation: its button and the services' links. */
function ServicesMenu({
  id,
  buttonRef,
  open,
  active,
  onToggle,
  onChoose,
}: {
  id: string;
  buttonRef: RefObject<HTMLButtonElement | null>;
  open: boolean;
  active: boolean;
  onToggle: () => void;
  onChoose: () => void;
}) {
  return (
    <li className="site-nav__dropdown">
      <button
        ref={buttonRef}
        type="button"
        className={`site-nav__link site-nav__toggle${active ? ' active' : ''}`}
        aria-expanded={open}
        aria-controls={id}
        onClick={onToggle}
      >
        Services
        <ChevronDownIcon size={16} className="site-nav__chevron" />
      </button>
      <ul id={id} className="site-nav__submenu" hidden={!open}>
        {services.map((service) => (
          <li key={service.to}>
            <NavLink to={service.to} className="site-nav__sublink" onClick={onChoose}>
              {service.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </li>
  );
}

/**
 * Fixed header: transparent over each page's hero until the page scrolls past 60 px, then white
 * with a bottom border. On small screens the navigation folds into a menu. Escape, a click
 * outside and choosing an entry close the menu and the Services dropdown. `cart` sits beside the
 * menu button on a phone and beside the booking button on a desktop.
 */
export function SiteHeader({ cart }: { cart?: ReactNode }) {
  const { pathname } = useLocation();
  const scrolled = useScrolledPast(HEADER_SCROLL_THRESHOLD);
  const [menuOpen, setMenuOpen] = useState(false);
  const [servicesOpen, setServicesOpen] = useState(false);
  const headerRef = useRef<HTMLElement>(null);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const servicesButtonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const servicesId = useId();

  const closeAll = useCallback(() => {
    setMenuOpen(false);
    setServicesOpen(false);
  }, []);

  // A new page closes whatever was open.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each new pathname
  useEffect(() => {
    closeAll();
  }, [pathname, closeAll]);

  useEffect(() => {
    if (!menuOpen && !servicesOpen) return;
    // Escape closes the innermost open part (focus back on its button); a press outside, all.
    const onEscape = () => {
      (servicesOpen ? servicesButtonRef : menuButtonRef).current?.focus();
      if (servicesOpen) setServicesOpen(false);
      else setMenuOpen(false);
    };
    return onEscapeOrOutside(headerRef, onEscape, closeAll);
  }, [menuOpen, servicesOpen, closeAll]);

  const solid = scrolled || menuOpen;
  const servicesActive = services.some((service) => service.to === pathname);

  return (
    <header
      ref={headerRef}
      className={`site-header${solid ? ' site-header--solid' : ''}`}
      data-scrolled={scrolled ? 'true' : 'false'}
    >
      <div className="container site-header__bar">
        <Link to={paths.home} className="site-header__logo" aria-label={`${studio.name}, home`} onClick={closeAll}>
          <Logo />
        </Link>

        <button
          ref={menuButtonRef}
          type="button"
          className="site-header__menu-button"
          aria-expanded={menuOpen}
          aria-controls={menuId}
          onClick={() => {
            setMenuOpen((open) => !open);
            setServicesOpen(false);
          }}
        >
          {menuOpen ? <CloseIcon size={24} /> : <MenuIcon size={24} />}
          <span className="visually-hidden">{menuOpen ? 'Close menu' : 'Open menu'}</span>
        </button>

        <nav id={menuId} className={`site-nav${menuOpen ? ' site-nav--open' : ''}`} aria-label="Main">
          <ul className="site-nav__list">
            <li>
              <NavLink to={paths.home} end className="site-nav__link" onClick={closeAll}>
                Home
              </NavLink>
            </li>
            <li>
              <NavLink to={paths.about} className="site-nav__link" onClick={closeAll}>
                About
              </NavLink>
            </li>
            <ServicesMenu
              id={servicesId}
              buttonRef={servicesButtonRef}
              open={servicesOpen}
              active={servicesActive}
              onToggle={() => setServicesOpen((open) => !open)}
              onChoose={closeAll}
            />
            <li>
              <NavLink to={paths.faq} className="site-nav__link" onClick={closeAll}>
                FAQ
              </NavLink>
            </li>
            <li>
              <NavLink to={paths.shop} className="site-nav__link" onClick={closeAll}>
                Shop
              </NavLink>
            </li>
          </ul>
          <Link to={paths.booking} className="button button--primary site-nav__cta" onClick={closeAll}>
            Book appointment
          </Link>
        </nav>

        {cart}

        <Link to={paths.booking} className="button button--primary site-header__cta" onClick={closeAll}>
          Book appointment
        </Link>
      </div>
    </header>
  );
}
