import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="container site-footer__inner">
        <p>Open Monday to Sunday, 9:00 AM to 5:00 PM.</p>
        <p>
          <Link to={paths.privacy}>Privacy Policy</Link> · <Link to={paths.terms}>Terms of Service</Link>
        </p>
        <p>© 2025 Spa &amp; Skincare Studio. All rights reserved.</p>
      </div>
    </footer>
  );
}
