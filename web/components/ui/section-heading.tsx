import type { ReactNode } from 'react';

/** A section's eyebrow, h2 and optional intro, centred or start-aligned. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  children,
  align = 'center',
}: {
  id?: string;
  eyebrow?: string;
  title: string;
  children?: ReactNode;
  align?: 'center' | 'start';
}) {
  return (
    <div className={`section-heading section-heading--${align}`}>
      {eyebrow ? <p className="eyebrow">{eyebrow}</p> : null}
      <h2 id={id}>{title}</h2>
      {children ? <p className="section-heading__intro">{children}</p> : null}
    </div>
  );
}
