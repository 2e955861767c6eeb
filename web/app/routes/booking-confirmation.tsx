import { PageIntro } from '../../components/ui/page-intro';

export function BookingConfirmationPage() {
  return <PageIntro title="Booking confirmation">Your booking details will appear here after payment.</PageIntro>;
}
