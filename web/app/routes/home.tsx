import { useAtomValue } from 'jotai';
import type { PublicReview } from '../../../worker/shared/catalogue/review-rules';
import { ArrowRightIcon } from '../../components/ui/icons';
import { Link } from '../../components/ui/link';
import { PageHero } from '../../components/ui/page-hero';
import { Rating } from '../../components/ui/rating';
import { SectionHeading } from '../../components/ui/section-heading';
import { paths } from '../../config/paths';
import { AcademyWaitlistForm } from '../../features/academy-waitlist/academy-waitlist-form';
import { type MenuTreatment, menuAtom } from '../../features/catalogue/live-menu';
import { usePageMeta } from '../../lib/page-meta';

const services = [
  {
    title: 'Massage',
    image: '/images/service-massage.svg',
    text: 'From a classic Swedish massage to deep tissue work and hot stones, every session is tailored to where you hold tension and how you want to feel afterwards.',
    to: paths.massageTherapy,
  },
  {
    title: 'Skin Care',
    image: '/images/service-skincare.svg',
    text: 'Nourishing body oils, gentle scrubs and facial care made for our climate, with a free consultation to find what your skin needs.',
    to: paths.shop,
  },
];

const testimonials = [
  {
    role: 'Banker, Victoria Island',
    quote:
      'I booked a deep tissue massage after a brutal quarter and walked out feeling ten years younger. Booking online took two minutes.',
  },
  {
    role: 'Fitness coach, Lekki',
    quote:
      'The therapists really listen. They found the knots in my shoulders that nobody else could, and the studio is spotless and calm.',
  },
  {
    role: 'New mother, Ikoyi',
    quote:
      'The All Glow Body Oil is now part of my daily routine. My skin has never looked better, and the team gave me honest advice.',
  },
];

/** Clients' approved reviews with words, newest first, one each (a visit of two treatments is in both). */
function latestReviews(menu: readonly MenuTreatment[]): Array<PublicReview & { treatment: string }> {
  const seen = new Map<string, PublicReview & { treatment: string }>();
  for (const treatment of menu) {
    for (const review of treatment.reviews ?? []) {
      if (review.comment && !seen.has(review.id)) seen.set(review.id, { ...review, treatment: treatment.name });
    }
  }
  return [...seen.values()].sort((a, b) => (b.date ?? '').localeCompare(a.date ?? ''));
}

/** Once three clients' reviews are approved, they replace the studio's own words. */
const SHOWN_REVIEWS = 3;

/** The two services, each a card that links to its page. */
function ServicesSection() {
  return (
    <section className="section" aria-labelledby="services-heading">
      <div className="container">
        <SectionHeading id="services-heading" eyebrow="What we do" title="Our Services">
          Two ways to take care of yourself: hands-on treatments in the studio, and skincare to continue the ritual at
          home.
        </SectionHeading>
        <div className="grid grid--two">
          {services.map((service) => (
            <article key={service.title} className="card service-card">
              <img
                className="service-card__image"
                src={service.image}
                alt=""
                width={640}
                height={360}
                loading="lazy"
                decoding="async"
              />
              <div className="card__body">
                <h3>{service.title}</h3>
                <p>{service.text}</p>
                <Link to={service.to} className="text-link">
                  Read more<span className="visually-hidden"> about {service.title.toLowerCase()}</span>
                  <ArrowRightIcon size={18} />
                </Link>
              </div>
            </article>
          ))}
        </div>
      </div>
    </section>
  );
}

/** Three clients' latest reviews once there are three, the studio's own testimonials until then. */
function ClientsSection({ reviews }: { reviews: Array<PublicReview & { treatment: string }> }) {
  return (
    <section className="section section--sand" aria-labelledby="clients-heading">
      <div className="container">
        <SectionHeading id="clients-heading" eyebrow="Kind words" title="Our Clients" />
        <ul className="grid grid--three testimonials">
          {reviews.length === SHOWN_REVIEWS
            ? reviews.map((review) => (
                <li key={review.id} className="card testimonial">
                  <figure>
                    <Rating value={review.rating} />
                    <blockquote>
                      <p>{review.comment}</p>
                    </blockquote>
                    <figcaption>
                      {review.user}, {review.treatment}
                    </figcaption>
                  </figure>
                </li>
              ))
            : testimonials.map((testimonial) => (
                <li key={testimonial.role} className="card testimonial">
                  <figure>
                    <blockquote>
                      <p>{testimonial.quote}</p>
                    </blockquote>
                    <figcaption>{testimonial.role}</figcaption>
                  </figure>
                </li>
              ))}
        </ul>
      </div>
    </section>
  );
}

/** The academy to come, with its waitlist form. */
function AcademySection() {
  return (
    <section className="section" aria-labelledby="academy-heading">
      <div className="container waitlist-panel">
        <div className="waitlist-panel__intro">
          <p className="eyebrow">Coming soon</p>
          <h2 id="academy-heading">Train with us at the Academy</h2>
          <p>
            We are opening a professional massage training academy. Join the waitlist to hear first when enrolment
            opens.
          </p>
          <Link to={paths.academy} className="text-link">
            About the academy
            <ArrowRightIcon size={18} />
          </Link>
        </div>
        <AcademyWaitlistForm headingLevel={3} />
      </div>
    </section>
  );
}

export default function HomePage() {
  usePageMeta('home');
  const reviews = latestReviews(useAtomValue(menuAtom)).slice(0, SHOWN_REVIEWS);
  return (
    <>
      <PageHero
        size="home"
        eyebrow="Massage · Skincare · Wellness in Lagos"
        title="Awaken Your Best Self with Every Touch"
        lead="Unhurried, personalised massage and skincare treatments in a calm, private studio, by therapists who take their time with you."
      >
        <Link to={paths.booking} className="button button--light button--large">
          Book an appointment
        </Link>
        <Link to={paths.massageTherapy} className="button button--ghost button--large">
          View treatments
        </Link>
      </PageHero>

      <ServicesSection />
      <ClientsSection reviews={reviews} />
      <AcademySection />
    </>
  );
}
