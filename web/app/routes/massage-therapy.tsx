import { PageIntro } from '../../components/ui/page-intro';

export function MassageTherapyPage() {
  return (
    <PageIntro title="Massage Therapy">
      Our full menu of massage treatments, with prices and durations, is on its way to this page.
    </PageIntro>
  );
}
