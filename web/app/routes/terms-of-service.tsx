import { PageIntro } from '../../components/ui/page-intro';

export function TermsOfServicePage() {
  return <PageIntro title="Terms of Service">Last updated 04-02-2025.</PageIntro>;
}
