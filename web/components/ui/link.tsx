/**
 * The site's links, on React Router's own hooks for custom links (useHref, useLinkClickHandler).
 * React Router's <Link> also carries its framework's prefetching and form code, which keeps about
 * 3 KB (gzip) of it on every visitor's first load although a plain SPA never uses it.
 */
import type { AnchorHTMLAttributes } from 'react';
import { type To, useHref, useLinkClickHandler, useLocation, useResolvedPath } from 'react-router-dom';

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: To;
  /** Replaces the current entry in the history rather than adding one. */
  replace?: boolean;
  /** `path` resolves `to` against the address (`..` is one segment up), not the route tree. */
  relative?: 'route' | 'path';
}

/** An <a> with the address of `to`; a plain left click moves there inside the app. */
export function Link({ to, replace, relative, onClick, target, ...rest }: LinkProps) {
  const href = useHref(to, { relative });
  const followLink = useLinkClickHandler<HTMLAnchorElement>(to, { replace, target, relative });
  return (
    <a
      {...rest}
      href={href}
      target={target}
      onClick={(event) => {
        onClick?.(event);
        // A modified click (new tab), another target or a handler's preventDefault stay the browser's.
        if (!event.defaultPrevented) followLink(event);
      }}
    />
  );
}

/**
 * A navigation link that says when it is the page in view: the `active` class and
 * aria-current="page", for its address and (unless `end`) the addresses under it, as React
 * Router's NavLink decides (ignoring case).
 */
export function NavLink({ end, className, ...props }: LinkProps & { end?: boolean }) {
  const here = useLocation().pathname.toLowerCase();
  const target = useResolvedPath(props.to, { relative: props.relative }).pathname.toLowerCase();
  const under = target.endsWith('/') ? target : `${target}/`;
  const active = here === target || (!end && here.startsWith(under));
  return (
    <Link
      {...props}
      className={active ? `${className ?? ''} active`.trim() : className}
      aria-current={active ? 'page' : undefined}
    />
  );
}
