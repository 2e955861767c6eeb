import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { sitePages } from '../../../worker/shared/site-pages';
import { PageHero } from '../../components/ui/page-hero';
import { paths } from '../../config/paths';
import { ApiError, api, NETWORK_ERROR_MESSAGE, request } from '../../lib/api-client';
import { usePageMeta } from '../../lib/page-meta';

type State = { step: 'working' } | { step: 'done'; message: string } | { step: 'failed'; message: string };

/** From the link in the confirmation email: confirms the address, and so the place on the waitlist. */
export default function AcademyConfirmPage() {
  usePageMeta(sitePages.academyConfirm);
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [state, setState] = useState<State>({ step: 'working' });

  useEffect(() => {
    let current = true;
    request(api['academy-waitlist'].confirm.$post({ json: { token } })).then(
      (result) => current && setState({ step: 'done', message: result.message }),
      (error) =>
        current &&
        setState({
          step: 'failed',
          message: error instanceof ApiError && error.status !== 0 ? error.message : NETWORK_ERROR_MESSAGE,
        }),
    );
    return () => {
      current = false;
    };
  }, [token]);

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
    <PageHero eyebrow="Academy waitlist" title="Your place on the waitlist is confirmed" lead={state.message}>
      <Link to={paths.home} className="button button--light button--large">
        Back to home
      </Link>
    </PageHero>
  );
}
