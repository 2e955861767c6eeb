import { Link, NavLink } from 'react-router-dom';
import { paths } from '../../config/paths';

const navigation = [
  { to: paths.home, label: 'Home' },
  { to: paths.about, label: 'About' },
  { to: paths.massageTherapy, label: 'Massage Therapy' },
  { to: paths.academy, label: 'Academy' },
  { to: paths.faq, label: 'FAQ' },
  { to: paths.shop, label: 'Shop' },
];

export function SiteHeader() {
  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <Link to={paths.home} className="brand">
          Spa &amp; Skincare Studio
        </Link>
        <nav aria-label="Main">
          <ul className="site-nav">
            {navigation.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <Link to={paths.booking} className="button button--primary">
          Book appointment
        </Link>
      </div>
    </header>
  );
}
