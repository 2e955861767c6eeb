import { Link } from '../../components/ui/link';
import { HomeLink, PageHero } from '../../components/ui/page-hero';
import { paths } from '../../config/paths';
import { api, request } from '../../lib/api-client';
import { usePageMeta } from '../../lib/page-meta';
import { useEmailedLink } from '../../lib/use-emailed-link';

/** From the link in the confirmation email: confirms the address, and so the place on the waitlist. */
export default function AcademyConfirmPage() {
  usePageMeta('academyConfirm');
  const state = useEmailedLink((token) => request(api['academy-waitlist'].confirm.$post({ json: { token } })));

  if (state.step === 'working') return <PageHero eyebrow="Academy waitlist" title="Confirming your place…" />;
  if (state.step === 'failed') {
    return (
      <PageHero eyebrow="Academy waitlist" title="We could not confirm your place" lead={state.message}>
        <Link to={paths.academy} className="button button--light button--large">
          Join the waitlist
        </Link>
      </PageHero>
    );
  }
  return (
    <PageHero eyebrow="Academy waitlist" title="Your place on the waitlist is confirmed" lead={state.result.message}>
      <HomeLink />
    </PageHero>
  );
}
