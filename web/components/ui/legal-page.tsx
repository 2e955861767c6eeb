import type { ReactNode } from 'react';
import { PageHero } from './page-hero';

/** The spec's date (DD-MM-YYYY) for the Terms; a page whose text changed since gives its own. */
export const LEGAL_LAST_UPDATED = '04-02-2025';

/** A legal document: hero, last-updated line, then its sections as h2 and prose. */
export function LegalPage({
  title,
  sections,
  lastUpdated = LEGAL_LAST_UPDATED,
}: {
  title: string;
  sections: ReadonlyArray<{ id: string; heading: string; body: ReactNode }>;
  lastUpdated?: string;
}) {
  return (
    <>
      <PageHero eyebrow="Legal" title={title} lead={`Last updated ${lastUpdated}`} />
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
