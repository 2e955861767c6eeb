import { useEffect, useState } from 'react';
import { formatNaira } from '../../../worker/shared/money';
import type { BookingDraft } from './booking-draft';

/** What the visitor does next: the first step still missing, its section and its first field. */
export interface NextStep {
  label: string;
  /** The id of the section's heading (booking-form-sections.tsx). */
  section: string;
  /** The form field's name to focus there. */
  field: string;
}

export function nextStep(draft: BookingDraft): NextStep {
  if (draft.subservices.length === 0) {
    return {
      label: 'Choose a treatment',
      section: 'booking-treatments',
      field: draft.service ? 'subservices' : 'service',
    };
  }
  if (!draft.appointmentDate) return { label: 'Pick a date', section: 'booking-when', field: 'appointmentDate' };
  if (!draft.appointmentTime) return { label: 'Pick a time', section: 'booking-when', field: 'appointmentTime' };
  const missing = (['customerName', 'customerEmail', 'customerPhone'] as const).find((name) => !draft[name].trim());
  if (missing) return { label: 'Add your details', section: 'booking-you', field: missing };
  return { label: 'Review and confirm', section: 'booking-confirm', field: 'disclaimerAgreed' };
}

/** Brings a step into view and focuses its first field that takes input. */
function goTo(step: NextStep) {
  const field = document.querySelector<HTMLElement>(`.booking-form [name="${step.field}"]:not(:disabled)`);
  const target = field ?? document.getElementById(step.section);
  target?.scrollIntoView({ block: 'center' });
  field?.focus({ preventScroll: true });
}

/** Whether the element with `id` is on the screen (the Confirm section: the bar then gives way). */
function useInView(id: string) {
  const [inView, setInView] = useState(false);
  useEffect(() => {
    const element = document.getElementById(id)?.closest('section');
    if (!element) return;
    const observer = new IntersectionObserver(([entry]) => setInView(Boolean(entry?.isIntersecting)));
    observer.observe(element);
    return () => observer.disconnect();
  }, [id]);
  return inView;
}

/**
 * The phone's bar at the bottom of /booking: the total and the next step, one tap away. A link
 * to the step's section, so it works before the page's script has loaded; once it has, the tap
 * also focuses the step's field. It gives way when the Confirm section, with its button, is on
 * the screen; wider screens have no bar (the total sits beside the treatments).
 */
export function BookingBar({ draft, total }: { draft: BookingDraft; total: number }) {
  const step = nextStep(draft);
  const confirmInView = useInView('booking-confirm');
  return (
    <div className="booking-bar" hidden={confirmInView}>
      <p className="booking-bar__total">
        <span>Total</span> <strong>{formatNaira(total)}</strong>
      </p>
      <a
        href={`#${step.section}`}
        className="button button--primary booking-bar__next"
        onClick={(event) => {
          event.preventDefault();
          goTo(step);
        }}
      >
        {step.label}
      </a>
    </div>
  );
}
