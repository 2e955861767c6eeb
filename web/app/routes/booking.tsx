import { CheckIcon, ClockIcon, LeafIcon, PhoneIcon } from '../../components/ui/icons';
import { PageHero } from '../../components/ui/page-hero';
import { studio } from '../../config/studio';
import { BookingForm } from '../../features/booking/booking-form';
import { usePageMeta } from '../../lib/page-meta';

// For a visit's health form link (visit-form.tsx), which loads them from this page's chunk.
export { HealthSection, healthConsent } from '../../features/booking/health-questions';

const features = [
  { icon: ClockIcon, title: 'Flexible Timing', text: 'Hourly appointments from 9:00 AM to 5:00 PM, every day.' },
  { icon: LeafIcon, title: 'Easy Scheduling', text: 'Pick your treatments and a free time in a few taps.' },
  { icon: CheckIcon, title: 'Secure Payment', text: 'Pay safely online with Paystack: Visa, Mastercard or Verve.' },
  // The spec's title; the words say when someone answers, as the footer's hours do.
  { icon: PhoneIcon, title: '24/7 Support', text: `Message us on WhatsApp at any hour: we answer ${studio.hours}.` },
];

const importantInformation = [
  'Please arrive 10 minutes before your appointment.',
  'We require 24 hours’ notice to cancel or reschedule.',
  'A valid phone number is required to confirm your booking.',
  'Payment is required to secure your booking.',
];

export default function BookingPage() {
  usePageMeta('booking');
  return (
    <>
      <PageHero
        eyebrow="Book online"
        title="Book a Service"
        lead="Choose your treatments, pick a date and time, and pay securely to confirm your appointment."
      />
      <section className="section section--tight" aria-label="Why book online">
        <div className="container">
          <ul className="grid grid--four feature-tiles">
            {features.map(({ icon: FeatureIcon, title, text }) => (
              <li key={title} className="feature-tile">
                <span className="feature-tile__icon">
                  <FeatureIcon size={22} />
                </span>
                <h2 className="feature-tile__title">{title}</h2>
                <p>{text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>
      <section className="section section--tight">
        <div className="container booking-layout">
          <aside className="booking-info" aria-labelledby="important-information">
            <h2 id="important-information">Important Information</h2>
            <ul>
              {importantInformation.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </aside>
          <BookingForm />
        </div>
      </section>
    </>
  );
}
