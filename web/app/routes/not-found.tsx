import { useLocation } from 'react-router-dom';
import { Link } from '../../components/ui/link';
import { HomeLink, PageHero } from '../../components/ui/page-hero';
import { paths } from '../../config/paths';
import { usePageMeta } from '../../lib/page-meta';

export default function NotFoundPage() {
  usePageMeta('notFound', useLocation().pathname);
  return (
    <PageHero
      eyebrow="Error 404"
      title="Page not found"
      lead="We couldn't find the page you were looking for. It may have moved, or the link may be mistyped."
    >
      <HomeLink />
      <Link to={paths.massageTherapy} className="button button--ghost button--large">
        See our treatments
      </Link>
    </PageHero>
  );
}
