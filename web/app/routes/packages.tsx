import { CheckIcon, ClockIcon, LeafIcon } from '../../components/ui/icons';
import { Link } from '../../components/ui/link';
import { PageHero } from '../../components/ui/page-hero';
import { paths } from '../../config/paths';
import { usePackages } from '../../features/catalogue/live-packages';
import { PackageForm } from '../../features/packages/package-form';
import { usePageMeta } from '../../lib/page-meta';
import '../../styles/packages.css';

const steps = [
  {
    icon: CheckIcon,
    title: 'Pay once, pay less',
    text: 'Each session costs less than a single visit, and the saving is shown beside each package.',
  },
  {
    icon: LeafIcon,
    title: 'Your code by email and WhatsApp',
    text: 'Enter it under Package when you book: each session pays one treatment the package covers.',
  },
  {
    icon: ClockIcon,
    title: 'Book when it suits you',
    text: 'Use your sessions over the months the package lasts. Cancel a visit in time and its session comes back.',
  },
];

export default function PackagesPage() {
  usePageMeta('packages');
  const offers = usePackages();
  return (
    <>
      <PageHero
        eyebrow="Packages"
        title="More calm, for less"
        lead="Buy several sessions at once and pay less for each. Book them over the months ahead, one code for every visit."
      />
      <section className="section" aria-labelledby="packages-heading">
        <div className="container packages">
          <div className="packages__intro">
            <h2 id="packages-heading">Buy a package</h2>
            <ul className="packages__steps">
              {steps.map(({ icon: StepIcon, title, text }) => (
                <li key={title}>
                  <span className="packages__icon">
                    <StepIcon size={22} />
                  </span>
                  <div>
                    <h3>{title}</h3>
                    <p>{text}</p>
                  </div>
                </li>
              ))}
            </ul>
          </div>
          <div className="card packages__card">
            {offers.length > 0 ? (
              <PackageForm offers={offers} />
            ) : (
              <div className="packages__none">
                <h3>No packages on sale just now</h3>
                <p>Book a single visit today, or ask us on WhatsApp when the next packages open.</p>
                <Link to={paths.booking} className="button button--primary">
                  Book a visit
                </Link>
              </div>
            )}
          </div>
        </div>
      </section>
    </>
  );
}
