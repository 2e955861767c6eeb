import { sitePages } from '../../../worker/shared/site-pages';
import { PageHero } from '../../components/ui/page-hero';
import { usePageMeta } from '../../lib/page-meta';

export default function BookingPage() {
  usePageMeta(sitePages.booking);
  return (
    <PageHero
      eyebrow="Book online"
      title="Book a Service"
      lead="Choose your treatments, pick a date and time, and pay securely to confirm your appointment. Online booking opens here shortly."
    />
  );
}
