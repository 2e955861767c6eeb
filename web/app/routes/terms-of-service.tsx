import { LegalPage } from '../../components/ui/legal-page';
import { studio, studioPhoneHref } from '../../config/studio';
import { usePageMeta } from '../../lib/page-meta';

/** Payment, deposits, arriving on time, cancelling and health. */
function SpaServicesSection() {
  return (
    <>
      <p>
        Appointments are confirmed once payment is received: payment is taken at the time of booking. Some treatments
        are booked with a deposit: the deposit is paid online when you book and the rest at the studio at your visit
        (cash, bank transfer or card). Please arrive 10 minutes before your appointment; a late arrival may shorten your
        treatment so that the next guest is not kept waiting.
      </p>
      <p>
        To cancel or reschedule, give us at least 24 hours' notice: a booking cancelled in time is refunded what was
        paid online, the full price or the deposit. Cancellations with less notice, and missed appointments, are not
        refunded, deposits included. Please tell us about any health condition, medication or pregnancy before your
        treatment: your therapist may adapt or decline a treatment for your safety.
      </p>
    </>
  );
}

/** What joining the academy waitlist does and does not mean. */
function TrainingProgramsSection() {
  return (
    <p>
      Joining the academy waitlist does not reserve a place or create any obligation. Course dates, fees, entry
      requirements and the early-registration discount for the first 50 registrants will be confirmed in writing when
      enrolment opens, together with the terms that apply to the programme.
    </p>
  );
}

/** Prices, delivery and returns for the shop. */
function ProductPurchasesSection() {
  return (
    <>
      <p>
        Product prices are in naira and are paid online when you order. Delivery is quoted separately over WhatsApp
        within 1 to 2 hours of your order and is paid on delivery.
      </p>
      <p>
        All product sales are final: for hygiene reasons opened skincare products cannot be returned. If an item arrives
        damaged or is not what you ordered, contact us within 48 hours of delivery.
      </p>
    </>
  );
}

/** What treatments and products are not, and what we are not liable for. */
function LiabilitySection() {
  return (
    <p>
      Our treatments and products support wellbeing and are not a substitute for medical advice or treatment. Patch-test
      new skincare products and stop using any product that irritates your skin. To the extent the law allows, we are
      not liable for reactions to products used against these instructions or for outcomes of treatments where relevant
      health information was not disclosed.
    </p>
  );
}

/** How these terms change, the law that governs them, and who to ask. */
function ModificationsSection() {
  return (
    <>
      <p>
        We may update these terms from time to time; the date at the top of this page shows the latest version, which
        applies from the moment it is published. These terms are governed by the laws of the Federal Republic of
        Nigeria.
      </p>
      <p>
        Questions about these terms? Call <a href={studioPhoneHref}>{studio.phone}</a> or email{' '}
        <a href={`mailto:${studio.email}`}>{studio.email}</a>.
      </p>
    </>
  );
}

export default function TermsOfServicePage() {
  usePageMeta('terms');
  return (
    <LegalPage
      title="Terms of Service"
      lastUpdated="25-11-2026"
      sections={[
        {
          id: 'spa-services',
          heading: 'Spa Services',
          body: <SpaServicesSection />,
        },
        {
          id: 'training-programs',
          heading: 'Training Programs',
          body: <TrainingProgramsSection />,
        },
        {
          id: 'product-purchases',
          heading: 'Product Purchases',
          body: <ProductPurchasesSection />,
        },
        {
          id: 'liability',
          heading: 'Liability & Disclaimers',
          body: <LiabilitySection />,
        },
        {
          id: 'modifications',
          heading: 'Modifications to Terms',
          body: <ModificationsSection />,
        },
      ]}
    />
  );
}
