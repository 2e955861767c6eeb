import { useCallback, useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { Link } from '../../components/ui/link';
import { PageHero } from '../../components/ui/page-hero';
import { paths } from '../../config/paths';
import { MyPageOverview, type MyPageView } from '../../features/my-page/my-page-overview';
import { MyPageReceipt, type Receipt } from '../../features/my-page/my-page-receipt';
import { MyPageSignIn } from '../../features/my-page/my-page-sign-in';
import { ApiError, api, GENERIC_ERROR_MESSAGE, request } from '../../lib/api-client';
import { usePageMeta } from '../../lib/page-meta';
import '../../styles/account.css';

type State<T> =
  | { step: 'loading' }
  | { step: 'signed-out' }
  | { step: 'failed'; message: string }
  | { step: 'ready'; data: T };

/** Loads what a signed-in client may see: signed out (401) shows the sign-in form instead. */
function useSignedIn<T>(load: () => Promise<T>) {
  const [state, setState] = useState<State<T>>({ step: 'loading' });
  const reload = useCallback(() => {
    load().then(
      (data) => setState({ step: 'ready', data }),
      (error: unknown) =>
        setState(
          error instanceof ApiError && error.status === 401
            ? { step: 'signed-out' }
            : { step: 'failed', message: error instanceof ApiError ? error.message : GENERIC_ERROR_MESSAGE },
        ),
    );
  }, [load]);
  useEffect(reload, [reload]);
  return { state, reload };
}

/** /account (the client's page) and /account/receipts/:reference (one receipt to print). */
export default function MyPage() {
  usePageMeta('account');
  const { reference } = useParams();
  return reference ? <ReceiptPage reference={reference} /> : <OverviewPage />;
}

function OverviewPage() {
  const load = useCallback(() => request(api.account.$get()) as Promise<MyPageView>, []);
  const { state, reload } = useSignedIn(load);
  const signOut = async () => {
    await request(api.account['sign-out'].$post()).catch(() => undefined);
    reload();
  };
  const hello = state.step === 'ready' && state.data.name ? `Hello, ${state.data.name.split(' ')[0]}` : 'Your page';
  return (
    <>
      <PageHero
        eyebrow="Your page"
        title={hello}
        lead="Your visits, packages, membership, gift vouchers and receipts in one place."
      />
      <section className="section">
        <div className="container account-page">
          {state.step === 'loading' ? <p role="status">Loading your page…</p> : null}
          {state.step === 'failed' ? <p className="form-error">{state.message}</p> : null}
          {state.step === 'signed-out' ? (
            <div className="card account-sign-in__card">
              <h2>Sign in</h2>
              <MyPageSignIn onSignedIn={reload} />
            </div>
          ) : null}
          {state.step === 'ready' ? <MyPageOverview view={state.data} onSignOut={signOut} /> : null}
        </div>
      </section>
    </>
  );
}

function ReceiptPage({ reference }: { reference: string }) {
  const load = useCallback(
    () => request(api.account.receipts[':reference'].$get({ param: { reference } })) as Promise<Receipt>,
    [reference],
  );
  const { state } = useSignedIn(load);
  return (
    <>
      <PageHero eyebrow="Your page" title="Receipt" lead={reference} />
      <section className="section">
        <div className="container account-page">
          {state.step === 'loading' ? <p role="status">Loading your receipt…</p> : null}
          {state.step === 'failed' ? <p className="form-error">{state.message}</p> : null}
          {state.step === 'signed-out' ? (
            <p>
              Please <Link to={paths.account}>sign in to your page</Link> to see your receipts.
            </p>
          ) : null}
          {state.step === 'ready' ? <MyPageReceipt receipt={state.data} /> : null}
        </div>
      </section>
    </>
  );
}
