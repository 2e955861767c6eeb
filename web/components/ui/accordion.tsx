import { type ReactNode, useId } from 'react';

export interface AccordionItem {
  id: string;
  question: string;
  answer: ReactNode;
}

/**
 * A list of disclosure buttons (WAI-ARIA accordion pattern). Which item is open is the parent's
 * state, so several groups can share "one item open at a time".
 */
export function Accordion({
  items,
  openId,
  onToggle,
  headingLevel = 3,
}: {
  items: readonly AccordionItem[];
  openId: string | undefined;
  onToggle: (id: string) => void;
  headingLevel?: 2 | 3;
}) {
  const prefix = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className="accordion">
      {items.map((item) => {
        const open = item.id === openId;
        const buttonId = `${prefix}-${item.id}-button`;
        const panelId = `${prefix}-${item.id}-panel`;
        return (
          <div key={item.id} className={`accordion__item${open ? ' accordion__item--open' : ''}`}>
            <Heading className="accordion__heading">
              <button
                type="button"
                id={buttonId}
                className="accordion__button"
                aria-expanded={open}
                aria-controls={panelId}
                onClick={() => onToggle(item.id)}
              >
                <span>{item.question}</span>
                <span className="accordion__icon" aria-hidden="true" />
              </button>
            </Heading>
            <section id={panelId} aria-labelledby={buttonId} className="accordion__panel" hidden={!open}>
              {item.answer}
            </section>
          </div>
        );
      })}
    </div>
  );
}
