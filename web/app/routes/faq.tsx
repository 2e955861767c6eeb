import { useState } from 'react';
import { Link } from 'react-router-dom';
import { sitePages } from '../../../worker/shared/site-pages';
import { Accordion, type AccordionItem } from '../../components/ui/accordion';
import { PageHero } from '../../components/ui/page-hero';
import { paths } from '../../config/paths';
import { usePageMeta } from '../../lib/page-meta';

const massageQuestions: AccordionItem[] = [
  {
    id: 'session-length',
    question: 'How long are your massage sessions?',
    answer: (
      <p>
        Our sessions last 30, 60 or 90 minutes, depending on the treatment; our Sleepover experience runs overnight.
        Each treatment's length is listed on the <Link to={paths.massageTherapy}>Massage Therapy</Link> page.
      </p>
    ),
  },
  {
    id: 'booking',
    question: 'How do I book, and when do I pay?',
    answer: (
      <p>
        Choose your treatments, date and time on our <Link to={paths.booking}>booking page</Link> and pay securely
        online. Payment is required to secure your booking, and we need a valid phone number to confirm it.
      </p>
    ),
  },
  {
    id: 'reminder',
    question: 'Will I get a reminder before my appointment?',
    answer: <p>Yes. We send you a reminder email 24 hours before your appointment.</p>,
  },
  {
    id: 'reschedule',
    question: 'Can I reschedule or cancel my appointment?',
    answer: (
      <p>
        Yes, as long as you let us know at least 24 hours before your appointment. We require 24 hours' notice for
        cancellations too.
      </p>
    ),
  },
  {
    id: 'arrival',
    question: 'When should I arrive?',
    answer: <p>Please arrive 10 minutes early, so you can settle in and tell your therapist how you feel.</p>,
  },
];

const skincareQuestions: AccordionItem[] = [
  {
    id: 'returns',
    question: 'Can I return a skincare product?',
    answer: (
      <p>
        For hygiene reasons we cannot accept returns of opened skincare products, and product sales are final. If
        something arrives damaged, message us and we will make it right.
      </p>
    ),
  },
  {
    id: 'samples',
    question: 'Do you offer free samples?',
    answer: <p>We do not offer free samples, but we are happy to help you choose the right product for your skin.</p>,
  },
  {
    id: 'consultation',
    question: 'Can I get advice on what suits my skin?',
    answer: (
      <p>
        Yes: our skincare consultation is free. Ask us in the studio or on WhatsApp and we will recommend a routine for
        your skin type.
      </p>
    ),
  },
  {
    id: 'shipping',
    question: 'How does delivery work?',
    answer: (
      <p>
        After you order, we quote the delivery fee over WhatsApp within 1 to 2 hours. Delivery is paid on arrival; the
        products themselves are paid for online when you order.
      </p>
    ),
  },
];

export default function FaqPage() {
  usePageMeta(sitePages.faq);
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
          <section className="faq__group" aria-labelledby="faq-massage">
            <h2 id="faq-massage">Massage Services</h2>
            <Accordion items={massageQuestions} openId={openId} onToggle={toggle} />
          </section>
          <section className="faq__group" aria-labelledby="faq-skincare">
            <h2 id="faq-skincare">Skincare Products</h2>
            <Accordion items={skincareQuestions} openId={openId} onToggle={toggle} />
          </section>
        </div>
      </section>
    </>
  );
}
