import { useSyncExternalStore } from 'react';
import { paths } from '../../config/paths';
import { buildYear } from '../../config/site';
import { studio, studioPhoneHref } from '../../config/studio';
import { ClockIcon, MailIcon, PhoneIcon, PinIcon } from '../ui/icons';
import { Link } from '../ui/link';
import { Logo } from '../ui/logo';

const quickLinks = [
  { to: paths.home, label: 'Home' },
  { to: paths.about, label: 'About Us' },
  { to: paths.shop, label: 'Products' },
  { to: paths.booking, label: 'Booking' },
  { to: paths.academy, label: 'Academy' },
  { to: paths.faq, label: 'FAQ' },
  { to: paths.account, label: 'My page' },
];

const serviceLinks = [
  { to: paths.massageTherapy, label: 'Massage' },
  { to: paths.shop, label: 'Skin Care' },
  { to: paths.packages, label: 'Packages' },
  { to: paths.giftVouchers, label: 'Gift Vouchers' },
  { to: paths.academy, label: 'Training' },
];

/** A column of the footer's links under its heading. */
function LinkColumn({
  id,
  heading,
  links,
}: {
  id: string;
  heading: string;
  links: ReadonlyArray<{ to: string; label: string }>;
}) {
  return (
    <nav className="site-footer__column" aria-labelledby={id}>
      <h2 id={id} className="site-footer__heading">
        {heading}
      </h2>
      <ul className="site-footer__links">
        {links.map((link) => (
          <li key={link.label}>
            <Link to={link.to}>{link.label}</Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The studio's phone, email, address and hours. */
function FooterContact() {
  return (
    <section className="site-footer__column" aria-labelledby="footer-contact">
      <h2 id="footer-contact" className="site-footer__heading">
        Contact
      </h2>
      <address>
        <ul className="site-footer__contact">
          <li>
            <PhoneIcon size={18} />
            <a href={studioPhoneHref}>{studio.phone}</a>
          </li>
          <li>
            <MailIcon size={18} />
            <a href={`mailto:${studio.email}`}>{studio.email}</a>
          </li>
          <li>
            <PinIcon size={18} />
            <span>{studio.address}</span>
          </li>
          <li>
            <ClockIcon size={18} />
            <span>{studio.hours}</span>
          </li>
        </ul>
      </address>
    </section>
  );
}

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <section className="site-footer__brand" aria-label="About the studio">
          <Logo />
          <p>
            A calm, private studio in Lagos for professional massage therapy and skincare that leaves you rested,
            radiant and cared for.
          </p>
          <Link to={paths.booking} className="button button--light">
            Book an appointment
          </Link>
        </section>

        <LinkColumn id="footer-quick-links" heading="Quick Links" links={quickLinks} />
        <LinkColumn id="footer-services" heading="Services" links={serviceLinks} />
        <FooterContact />
      </div>

      <div className="container site-footer__bottom">
        <p className="site-footer__cards">
          <span className="visually-hidden">We accept </span>
          <span className="card-badge">VISA</span>
          <span className="card-badge">MASTERCARD</span>
          <span className="card-badge">VERVE</span>
        </p>
        <p>
          © {useCopyrightYears()} {studio.name}. All rights reserved.
        </p>
        <p className="site-footer__legal">
          <Link to={paths.privacy}>Privacy Policy</Link>
          <Link to={paths.terms}>Terms of Service</Link>
        </p>
      </div>
    </footer>
  );
}

const subscribeToNothing = () => () => {};

/**
 * The studio's site dates from 2025; later years extend the range ("2025–2026"). Prerendered
 * pages carry the build's year; the browser's own clock takes over once the page is hydrated.
 */
function useCopyrightYears(): string {
  const year = useSyncExternalStore(
    subscribeToNothing,
    () => new Date().getFullYear(),
    () => buildYear,
  );
  return year > 2025 ? `2025–${year}` : '2025';
}
