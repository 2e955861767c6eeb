import type { PrivateLinkState } from '../../lib/use-private-link';
import { HomeLink, PageHero } from './page-hero';

interface PrivateLinkStatusProps {
  state: Exclude<PrivateLinkState<unknown>, { step: 'ready' }>;
  eyebrow: string;
  loading: { title: string; text: string };
  /** The title when the link opens nothing (altered, or its booking gone). */
  missingTitle: string;
  /** The title when loading failed and another try may work. */
  failedTitle: string;
  onRetry: () => void;
}

/** What a private link's page shows until its content is there: loading, not found, or Try again. */
export function PrivateLinkStatus({
  state,
  eyebrow,
  loading,
  missingTitle,
  failedTitle,
  onRetry,
}: PrivateLinkStatusProps) {
  if (state.step === 'loading') {
    return (
      <PageHero eyebrow={eyebrow} title={loading.title}>
        <p className="verifying" role="status">
          {loading.text}
        </p>
      </PageHero>
    );
  }
  if (state.step === 'missing') {
    return (
      <PageHero eyebrow={eyebrow} title={missingTitle} lead={state.message}>
        <HomeLink />
      </PageHero>
    );
  }
  return (
    <PageHero eyebrow={eyebrow} title={failedTitle} lead={state.message}>
      <button type="button" className="button button--light button--large" onClick={onRetry}>
        Try again
      </button>
    </PageHero>
  );
}
