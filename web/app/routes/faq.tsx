import { useState } from 'react';
import { Accordion, type AccordionItem } from '../../components/ui/accordion';
import { Link } from '../../components/ui/link';
import { PageHero } from '../../components/ui/page-hero';
import { type FaqEntry, faqGroups } from '../../features/faq/faq-content';
import { usePageMeta } from '../../lib/page-meta';

const toAccordionItem = (entry: FaqEntry): AccordionItem => ({
  id: entry.id,
  question: entry.question,
  answer: (
    <p>
      {entry.answer.map((part) =>
        typeof part === 'string' ? (
          part
        ) : (
          <Link key={part.to} to={part.to}>
            {part.text}
          </Link>
        ),
      )}
    </p>
  ),
});

const groups = faqGroups.map((group) => ({ ...group, items: group.entries.map(toAccordionItem) }));

export default function FaqPage() {
  usePageMeta('faq');
  const [openId, setOpenId] = useState<string>();
  const toggle = (id: string) => setOpenId((current) => (current === id ? undefined : id));
  return (
    <>
      <PageHero
        eyebrow="Good to know"
        title="Frequently Asked Questions"
        lead="Everything you may want to know before your visit or your order. Can't find your answer? Message us on WhatsApp."
      />
      <section className="section">
        <div className="container faq">
          {groups.map((group) => (
            <section key={group.id} className="faq__group" aria-labelledby={group.id}>
              <h2 id={group.id}>{group.title}</h2>
              <Accordion items={group.items} openId={openId} onToggle={toggle} />
            </section>
          ))}
        </div>
      </section>
    </>
  );
}
