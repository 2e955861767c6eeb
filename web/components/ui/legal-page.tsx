import type { ReactNode } from 'react';
import { PageHero } from './page-hero';

export const LEGAL_LAST_UPDATED = '04-02-2025';

/** A legal document: hero, last-updated line, then its sections as h2 and prose. */
export function LegalPage({
  title,
  sections,
}: {
  title: string;
  sections: ReadonlyArray<{ id: string; heading: string; body: ReactNode }>;
}) {
  return (
    <>
      <PageHero eyebrow="Legal" title={title} lead={`Last updated ${LEGAL_LAST_UPDATED}`} />
      <section className="section">
        <div className="container legal">
          <nav className="legal__toc" aria-label="On this page">
            <ol>
              {sections.map((section) => (
                <li key={section.id}>
                  <a href={`#${section.id}`}>{section.heading}</a>
                </li>
              ))}
            </ol>
          </nav>
          <div className="prose">
            {sections.map((section) => (
              <section key={section.id} id={section.id} aria-labelledby={`${section.id}-heading`}>
                <h2 id={`${section.id}-heading`}>{section.heading}</h2>
                {section.body}
              </section>
            ))}
          </div>
        </div>
      </section>
    </>
  );
}
