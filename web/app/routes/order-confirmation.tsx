import { sitePages } from '../../../worker/shared/site-pages';
import { PageHero } from '../../components/ui/page-hero';
import { usePageMeta } from '../../lib/page-meta';

export default function OrderConfirmationPage() {
  usePageMeta(sitePages.orderConfirmation);
  return (
    <PageHero eyebrow="Thank you" title="Order confirmation" lead="Your order details appear here after payment." />
  );
}
