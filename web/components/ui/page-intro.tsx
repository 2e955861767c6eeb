import type { ReactNode } from 'react';

/** The heading block that opens a page: its one h1 and a short lead. */
export function PageIntro({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <section className="page-intro container">
      <h1>{title}</h1>
      {children ? <p className="lead">{children}</p> : null}
    </section>
  );
}
