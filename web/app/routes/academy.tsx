import { BriefcaseIcon, CertificateIcon, HandsIcon } from '../../components/ui/icons';
import { PageHero } from '../../components/ui/page-hero';
import { SectionHeading } from '../../components/ui/section-heading';
import { AcademyWaitlistForm } from '../../features/academy-waitlist/academy-waitlist-form';
import { usePageMeta } from '../../lib/page-meta';

const benefits = [
  {
    icon: HandsIcon,
    title: 'Hands-on training',
    text: 'Learn Swedish, deep tissue, hot stone and more on real clients, guided by our senior therapists.',
  },
  {
    icon: CertificateIcon,
    title: 'Certificate of completion',
    text: 'Finish with a certificate that shows clients and employers you completed a professional programme.',
  },
  {
    icon: BriefcaseIcon,
    title: 'Career support',
    text: 'Get advice on starting your own practice, pricing your services and finding your first clients.',
  },
];

export default function AcademyPage() {
  usePageMeta('academy');
  return (
    <>
      <PageHero
        eyebrow="Coming soon"
        title="The Massage Training Academy"
        lead="A professional massage training programme from the therapists behind our studio. Enrolment opens soon: join the waitlist to be the first to know."
      />
      <section className="section" aria-labelledby="benefits-heading">
        <div className="container">
          <SectionHeading id="benefits-heading" eyebrow="Why train with us" title="What you will gain" />
          <ul className="grid grid--three">
            {benefits.map(({ icon: BenefitIcon, title, text }) => (
              <li key={title} className="card benefit-card">
                <span className="benefit-card__icon">
                  <BenefitIcon size={28} />
                </span>
                <h3>{title}</h3>
                <p>{text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>
      <section className="section section--sand" aria-labelledby="waitlist-heading">
        <div className="container waitlist-panel">
          <div className="waitlist-panel__intro">
            <p className="eyebrow">Join the waitlist</p>
            <h2 id="waitlist-heading">Be first in line</h2>
            <p>Leave your details and we will message you as soon as enrolment opens, before anyone else.</p>
          </div>
          <AcademyWaitlistForm headingLevel={3} />
        </div>
      </section>
    </>
  );
}
