import { Link } from '../../components/ui/link';
import { PageHero } from '../../components/ui/page-hero';
import { paths } from '../../config/paths';
import { studio, studioPhoneHref } from '../../config/studio';
import { usePageMeta } from '../../lib/page-meta';

export default function AboutPage() {
  usePageMeta('about');
  return (
    <>
      <PageHero eyebrow="Our story" title="About the spa" />
      <section className="section">
        <div className="container prose prose--lead">
          <p>
            We are a luxury skincare and wellness studio in Lagos, devoted to personalised treatments that leave you
            feeling restored. From facials to massages, every visit begins with a conversation about how you feel and
            what you would like to change, and every treatment is shaped around you.
          </p>
          <p>
            Our therapists combine proven techniques with carefully chosen products, in a calm and private space where
            you can truly switch off. Your journey to flawless skin and a lighter body starts here.
          </p>
        </div>
      </section>
      <section className="section section--tight">
        <div className="container">
          <div className="cta-card">
            <p className="eyebrow">You deserve self-care</p>
            <h2>Book An Appointment Today</h2>
            <p>
              Call us on <a href={studioPhoneHref}>{studio.phone}</a> or use our booking form to choose your treatment,
              date and time.
            </p>
            <Link to={paths.booking} className="button button--light button--large">
              Book now
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
