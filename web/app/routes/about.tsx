import { PageIntro } from '../../components/ui/page-intro';

export function AboutPage() {
  return (
    <PageIntro title="About the spa">
      Luxury skincare and personalised treatments, from facials to massages, on your journey to flawless skin.
    </PageIntro>
  );
}
