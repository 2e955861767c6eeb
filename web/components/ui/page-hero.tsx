import type { ReactNode } from 'react';
import { paths } from '../../config/paths';
import { Link } from './link';

interface PageHeroProps {
  title: ReactNode;
  eyebrow?: string;
  lead?: ReactNode;
  children?: ReactNode;
  /** The home page's hero is taller. */
  size?: 'page' | 'home';
}

/** The dark band that opens every page, behind the transparent header: the page's one h1. */
export function PageHero({ title, eyebrow, lead, children, size = 'page' }: PageHeroProps) {
  return (
    <section className={`hero hero--${size}`}>
      <div className="container hero__inner">
        {eyebrow ? <p className="eyebrow hero__eyebrow">{eyebrow}</p> : null}
        <h1 className="hero__title">{title}</h1>
        {lead ? <p className="hero__lead">{lead}</p> : null}
        {children ? <div className="hero__actions">{children}</div> : null}
      </div>
    </section>
  );
}

/** The hero's way out of a page that ends here: a light button back to the home page. */
export function HomeLink() {
  return (
    <Link to={paths.home} className="button button--light button--large">
      Back to home
    </Link>
  );
}
