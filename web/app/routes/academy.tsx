import { PageIntro } from '../../components/ui/page-intro';

export function AcademyPage() {
  return <PageIntro title="Academy">Our massage training academy is coming soon.</PageIntro>;
}
