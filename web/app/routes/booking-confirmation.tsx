import { sitePages } from '../../../worker/shared/site-pages';
import { PageHero } from '../../components/ui/page-hero';
import { usePageMeta } from '../../lib/page-meta';

export default function BookingConfirmationPage() {
  usePageMeta(sitePages.bookingConfirmation);
  return (
    <PageHero eyebrow="Thank you" title="Booking confirmation" lead="Your booking details appear here after payment." />
  );
}
