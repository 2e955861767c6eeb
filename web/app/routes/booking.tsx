import { PageIntro } from '../../components/ui/page-intro';

export function BookingPage() {
  return <PageIntro title="Book a Service">Online booking opens here shortly.</PageIntro>;
}
