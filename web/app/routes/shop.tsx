import { sitePages } from '../../../worker/shared/site-pages';
import { PageHero } from '../../components/ui/page-hero';
import { usePageMeta } from '../../lib/page-meta';

export default function ShopPage() {
  usePageMeta(sitePages.shop);
  return (
    <PageHero
      eyebrow="Shop"
      title="Skincare Products"
      lead="Body oils, scrubs, facial care and soap for glowing skin. Our online shop opens here shortly."
    />
  );
}
