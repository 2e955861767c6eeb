import { PageIntro } from '../../components/ui/page-intro';

export function PrivacyPolicyPage() {
  return <PageIntro title="Privacy Policy">Last updated 04-02-2025.</PageIntro>;
}
