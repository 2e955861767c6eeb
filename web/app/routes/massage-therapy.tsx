import { durationLabel } from '../../../worker/shared/catalogue/treatments';
import { formatNaira } from '../../../worker/shared/money';
import { ClockIcon, WhatsAppIcon } from '../../components/ui/icons';
import { Link } from '../../components/ui/link';
import { PageHero } from '../../components/ui/page-hero';
import { Rating } from '../../components/ui/rating';
import { SectionHeading } from '../../components/ui/section-heading';
import { groupsOf, useMenu } from '../../features/catalogue/live-menu';
import { ReviewList } from '../../features/reviews/review-list';
import { usePageMeta } from '../../lib/page-meta';
import { whatsappLink } from '../../lib/whatsapp';

const consultationMessage = "Hello! I'd like to book a free massage consultation to find the right treatment for me.";

export default function MassageTherapyPage() {
  usePageMeta('massageTherapy');
  const menu = useMenu();
  return (
    <>
      <PageHero
        eyebrow="Treatments and prices"
        title="Massage Therapy"
        lead="Choose from our full menu of massages, each performed by a trained therapist in a private room. Prices are per session, in naira."
      />
      {groupsOf(menu).map((group) => (
        <section key={group.id} className="section treatment-group" aria-labelledby={`group-${group.id}`}>
          <div className="container">
            <SectionHeading id={`group-${group.id}`} title={group.title} align="start">
              {group.intro}
            </SectionHeading>
            <ul className="grid grid--three">
              {group.treatments.map((treatment) => (
                <li key={treatment.id} className="card treatment-card">
                  <div className="card__body">
                    <h3>{treatment.name}</h3>
                    <p className="treatment-card__duration">
                      <ClockIcon size={16} />
                      {durationLabel(treatment)}
                    </p>
                    {treatment.reviewCount ? (
                      <Rating value={treatment.rating ?? 0} reviews={treatment.reviewCount} />
                    ) : null}
                    <p>{treatment.description}</p>
                    {treatment.reviews?.length ? (
                      <section className="treatment-card__reviews" aria-label={`Reviews of ${treatment.name}`}>
                        <ReviewList reviews={treatment.reviews} verifiedLabel="Verified client" />
                      </section>
                    ) : null}
                  </div>
                  <div className="treatment-card__footer">
                    <p className="price">{formatNaira(treatment.price)}</p>
                    <Link
                      to={`../booking?treatment=${treatment.id}`}
                      relative="path"
                      className="button button--primary button--small"
                    >
                      Book Now<span className="visually-hidden"> {treatment.name}</span>
                    </Link>
                  </div>
                </li>
              ))}
            </ul>
          </div>
        </section>
      ))}
      <section className="section section--tight">
        <div className="container">
          <div className="cta-card cta-card--split">
            <div>
              <p className="eyebrow">Not sure where to start?</p>
              <h2>Free massage consultation</h2>
              <p>
                Tell us how you feel and what you would like from your session, and we will recommend the right
                treatment and pressure for you.
              </p>
            </div>
            <a
              className="button button--light button--large"
              href={whatsappLink(consultationMessage)}
              target="_blank"
              rel="noopener noreferrer"
            >
              <WhatsAppIcon size={20} />
              Chat with us<span className="visually-hidden"> on WhatsApp (opens in a new tab)</span>
            </a>
          </div>
        </div>
      </section>
    </>
  );
}
