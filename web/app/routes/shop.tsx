import { PageIntro } from '../../components/ui/page-intro';

export function ShopPage() {
  return <PageIntro title="Skincare Products">Our skincare shop opens here shortly.</PageIntro>;
}
