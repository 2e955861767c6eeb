import { LegalPage } from '../../components/ui/legal-page';
import { studio, studioPhoneHref } from '../../config/studio';
import { usePageMeta } from '../../lib/page-meta';

export default function PrivacyPolicyPage() {
  usePageMeta('privacy');
  return (
    <LegalPage
      title="Privacy Policy"
      sections={[
        {
          id: 'information-we-collect',
          heading: 'Information We Collect',
          body: (
            <p>
              When you book, order or join our academy waitlist we collect your name, email address, phone or WhatsApp
              number and, for orders, your delivery address. For massage bookings we also ask about your health,
              medication and exercise so that your therapist can treat you safely. Payments are processed by Paystack:
              we never see or store your card details.
            </p>
          ),
        },
        {
          id: 'how-we-use',
          heading: 'How We Use Your Information',
          body: (
            <p>
              We use your details to confirm and remind you of appointments, deliver your orders, answer your questions
              and, if you joined the waitlist, tell you about the academy. Health information is used only to plan your
              treatment. We do not sell your information or share it with anyone except the services that help us run
              the studio, such as our payment, email and messaging providers.
            </p>
          ),
        },
        {
          id: 'data-protection',
          heading: 'Data Protection & Security',
          body: (
            <p>
              Your information is sent over encrypted connections and stored with access limited to the staff who need
              it. We keep booking and order records only as long as we need them for our services and to meet our legal
              obligations under the Nigeria Data Protection Act 2023.
            </p>
          ),
        },
        {
          id: 'your-rights',
          heading: 'Your Rights',
          body: (
            <p>
              You may ask to see the information we hold about you, to correct it, or to have it deleted, and you can
              leave the academy waitlist at any time. Contact us using the details below and we will respond within 30
              days.
            </p>
          ),
        },
        {
          id: 'contact-us',
          heading: 'Contact Us',
          body: (
            <address className="legal__address">
              <p>
                {studio.name}
                <br />
                {studio.address}
                <br />
                Phone: <a href={studioPhoneHref}>{studio.phone}</a>
                <br />
                Email: <a href={`mailto:${studio.email}`}>{studio.email}</a>
              </p>
            </address>
          ),
        },
      ]}
    />
  );
}
