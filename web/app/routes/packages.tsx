import { formatNaira } from '../../../worker/shared/money';
import type { MembershipOffer } from '../../../worker/shared/prepaid/membership-rules';
import { type PackageOffer, packageValue } from '../../../worker/shared/prepaid/package-value';
import { CheckIcon, ClockIcon, LeafIcon } from '../../components/ui/icons';
import { Link } from '../../components/ui/link';
import { PageHero } from '../../components/ui/page-hero';
import { paths } from '../../config/paths';
import { useMemberships, usePackages } from '../../features/catalogue/live-packages';
import { type Offer, OfferForm } from '../../features/packages/offer-form';
import { usePageMeta } from '../../lib/page-meta';
import '../../styles/sale-page.css';
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

/** "Swedish, Hot Stone or Deep Tissue" */
const treatmentList = (treatments: ReadonlyArray<{ name: string }>) => {
  const names = treatments.map((treatment) => treatment.name);
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1)}` : (names[0] ?? '');
};

const months = (count: number) => `${count} ${count === 1 ? 'month' : 'months'}`;
const sessions = (count: number) => `${count} ${count === 1 ? 'session' : 'sessions'}`;

/** A package's card: what it holds, the price of a session, the saving and how long it lasts. */
function packageCard(offer: PackageOffer): Offer {
  const { perSession, saving } = packageValue(offer);
  return {
    _id: offer._id,
    name: offer.name,
    price: offer.price,
    priceLabel: formatNaira(offer.price),
    lines: [
      `${sessions(offer.sessions)} of ${treatmentList(offer.treatments)}`,
      `${formatNaira(perSession)} a session`,
      `Valid ${months(offer.validMonths)} from purchase`,
    ],
    highlight: saving > 0 ? `You save ${formatNaira(saving)} against single visits` : undefined,
  };
}

/** A membership's card: its sessions a month, the shop discount, and how unused sessions carry over. */
function membershipCard(offer: MembershipOffer): Offer {
  return {
    _id: offer._id,
    name: offer.name,
    price: offer.price,
    priceLabel: `${formatNaira(offer.price)} a month`,
    lines: [
      `${sessions(offer.sessionsPerMonth)} a month of ${treatmentList(offer.treatments)}`,
      'Unused sessions carry over one month',
      'Renews monthly by card; cancel any time from your page',
    ],
    highlight: offer.shopPercent > 0 ? `${offer.shopPercent}% off our skincare shop` : undefined,
  };
}

export default function PackagesPage() {
  usePageMeta('packages');
  const packages = usePackages();
  const memberships = useMemberships();
  return (
    <>
      <PageHero
        eyebrow="Packages"
        title="More calm, for less"
        lead="Buy several sessions at once and pay less for each, or become a member and have your sessions every month."
      />
      <section className="section" aria-labelledby="packages-heading">
        <div className="container sale-page">
          <div className="sale-page__intro">
            <h2 id="packages-heading">Buy a package</h2>
            <ul className="sale-page__steps">
              {steps.map(({ icon: StepIcon, title, text }) => (
                <li key={title}>
                  <span className="sale-page__icon">
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
          <div className="card sale-page__card">
            {packages.length > 0 ? (
              <OfferForm
                kind="package"
                offers={packages.map(packageCard)}
                title="Buy a package"
                legend="Choose a package"
                submitLabel="Buy package"
              />
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
      {memberships.length > 0 ? (
        <section className="section section--sand" aria-labelledby="memberships-heading">
          <div className="container sale-page">
            <div className="sale-page__intro">
              <h2 id="memberships-heading">Become a member</h2>
              <p className="sale-page__lead">
                Your sessions every month, paid monthly by card, with a discount on our skincare.
              </p>
            </div>
            <div className="card sale-page__card">
              <OfferForm
                kind="membership"
                offers={memberships.map(membershipCard)}
                title="Join a membership"
                legend="Choose a membership"
                submitLabel="Join membership"
                note="Memberships renew monthly by card. Paying by transfer? Choose a package instead."
              />
            </div>
          </div>
        </section>
      ) : null}
    </>
  );
}
