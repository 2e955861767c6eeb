import { PageIntro } from '../../components/ui/page-intro';

export function OrderConfirmationPage() {
  return <PageIntro title="Order confirmation">Your order details will appear here after payment.</PageIntro>;
}
