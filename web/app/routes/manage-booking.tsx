import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { PageHero } from '../../components/ui/page-hero';
import { paths } from '../../config/paths';
import { ManagedBooking, type ManageView } from '../../features/manage-booking/managed-booking';
import { ApiError, api, request } from '../../lib/api-client';
import { usePageMeta } from '../../lib/page-meta';

type State =
  | { step: 'loading' }
  | { step: 'missing'; message: string }
  | { step: 'failed'; message: string }
  | { step: 'ready'; view: ManageView };

/** The private page of one booking, opened from the confirmation page, email or reminder. */
export default function ManageBookingPage() {
  usePageMeta('manageBooking');
  const token = useParams().token ?? '';
  const [state, setState] = useState<State>({ step: 'loading' });
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the Try again button's way to load again.
  useEffect(() => {
    let current = true;
    request(api['manage-booking'][':token'].$get({ param: { token } })).then(
      (view) => current && setState({ step: 'ready', view }),
      (error) => {
        if (!current) return;
        if (error instanceof ApiError && error.status === 404) setState({ step: 'missing', message: error.message });
        else setState({ step: 'failed', message: error instanceof ApiError ? error.message : String(error) });
      },
    );
    return () => {
      current = false;
    };
  }, [token, attempt]);

  if (state.step === 'loading') {
    return (
      <PageHero eyebrow="Your booking" title="Manage your booking">
        <p className="verifying" role="status">
          Loading your booking…
        </p>
      </PageHero>
    );
  }
  if (state.step === 'missing') {
    return (
      <PageHero eyebrow="Your booking" title="Booking not found" lead={state.message}>
        <Link to={paths.home} className="button button--light button--large">
          Back to home
        </Link>
      </PageHero>
    );
  }
  if (state.step === 'failed') {
    return (
      <PageHero eyebrow="Your booking" title="We could not load your booking" lead={state.message}>
        <button type="button" className="button button--light button--large" onClick={() => setAttempt((n) => n + 1)}>
          Try again
        </button>
      </PageHero>
    );
  }
  return <ManagedBooking token={token} view={state.view} onChange={(view) => setState({ step: 'ready', view })} />;
}
