import { LegalPage } from '../../components/ui/legal-page';
import { studio, studioPhoneHref } from '../../config/studio';
import { usePageMeta } from '../../lib/page-meta';

/** What we collect, and that Paystack alone sees card details. */
function InformationWeCollectSection() {
  return (
    <p>
      When you book, order or join our academy waitlist we collect your name, email address, phone or WhatsApp number
      and, for orders, your delivery address. For massage bookings we also ask about your health, medication and
      exercise so that your therapist can treat you safely. Payments are processed by Paystack: we never see or store
      your card details.
    </p>
  );
}

/** What the details are used for, and who else handles them. */
function HowWeUseSection() {
  return (
    <p>
      We use your details to confirm and remind you of appointments, deliver your orders, answer your questions and, if
      you joined the waitlist, tell you about the academy. Health information is used only to plan your treatment. We do
      not sell your information or share it with anyone except the services that help us run the studio, such as our
      payment, email and messaging providers.
    </p>
  );
}

/** How the details are kept safe, and how long each kind is kept. */
function DataProtectionSection() {
  return (
    <>
      <p>
        Your information is sent over encrypted connections and stored with access limited to the staff who need it.
        Your health answers, and what you write in the notes for your therapist, are sensitive personal data under the
        Nigeria Data Protection Act 2023: only your therapist, our managers and the owner can read them, every time one
        of them does is recorded, and they are never put in an email, a WhatsApp message or a spreadsheet.
      </p>
      <p>How long we keep what:</p>
      <ul>
        <li>
          Health answers and notes for your therapist: for your visit’s care, then erased automatically 12 months after
          the visit.
        </li>
        <li>Payments that were not completed: your details are cleared after 30 days.</li>
        <li>
          Bookings, orders and payments: as long as our accounts and tax records need them (up to 6 years), the amounts
          kept even after you ask us to erase your name and contact details.
        </li>
        <li>Emails and messages we sent you: as long as we keep the booking or order they were about.</li>
        <li>The academy waitlist: until you leave it; unconfirmed sign-ups are deleted after 7 days.</li>
      </ul>
    </>
  );
}

/** What a client may ask of us about their data. */
function YourRightsSection() {
  return (
    <p>
      You may ask for a copy of everything we hold about you, to correct it, or to have it erased: your name, contact
      details, notes and health answers are then deleted, and only the amounts of your payments stay in our books. You
      can leave the academy waitlist at any time. Contact us using the details below and we will respond within 30 days.
    </p>
  );
}

/** The studio's address, phone and email. */
function ContactUsSection() {
  return (
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
  );
}

export default function PrivacyPolicyPage() {
  usePageMeta('privacy');
  return (
    <LegalPage
      title="Privacy Policy"
      // What is kept and for how long, and who sees health answers and notes (NDPA 2023), since 26-11-2026.
      lastUpdated="26-11-2026"
      sections={[
        {
          id: 'information-we-collect',
          heading: 'Information We Collect',
          body: <InformationWeCollectSection />,
        },
        {
          id: 'how-we-use',
          heading: 'How We Use Your Information',
          body: <HowWeUseSection />,
        },
        {
          id: 'data-protection',
          heading: 'Data Protection & Security',
          body: <DataProtectionSection />,
        },
        {
          id: 'your-rights',
          heading: 'Your Rights',
          body: <YourRightsSection />,
        },
        {
          id: 'contact-us',
          heading: 'Contact Us',
          body: <ContactUsSection />,
        },
      ]}
    />
  );
}
