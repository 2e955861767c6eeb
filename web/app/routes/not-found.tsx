import { Link } from 'react-router-dom';
import { PageIntro } from '../../components/ui/page-intro';
import { paths } from '../../config/paths';

export function NotFoundPage() {
  return (
    <>
      <PageIntro title="Page not found">We couldn't find the page you were looking for.</PageIntro>
      <p className="container">
        <Link to={paths.home} className="button button--primary">
          Back to home
        </Link>
      </p>
    </>
  );
}
