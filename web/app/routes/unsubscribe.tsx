import { HomeLink, PageHero } from '../../components/ui/page-hero';
import { api, request } from '../../lib/api-client';
import { usePageMeta } from '../../lib/page-meta';
import { useEmailedLink } from '../../lib/use-emailed-link';

/** From the link in a bulk email: takes the subscriber off the academy's bulk messages. */
export default function UnsubscribePage() {
  usePageMeta('unsubscribe');
  const state = useEmailedLink((token) => request(api.unsubscribe.$post({ json: { token } })));

  if (state.step === 'working') return <PageHero eyebrow="Academy updates" title="Unsubscribing…" />;
  if (state.step === 'failed') {
    return (
      <PageHero eyebrow="Academy updates" title="We could not unsubscribe you" lead={state.message}>
        <HomeLink />
      </PageHero>
    );
  }
  return (
    <PageHero
      eyebrow="Academy updates"
      title="You are unsubscribed"
      lead="You will receive no more academy updates from us. Your place on the waitlist is kept."
    >
      <HomeLink />
    </PageHero>
  );
}
