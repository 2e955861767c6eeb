import { PageIntro } from '../../components/ui/page-intro';

export function FaqPage() {
  return (
    <PageIntro title="Frequently Asked Questions">Answers about our massage services and skincare products.</PageIntro>
  );
}
