import { useEffect, useId, useState } from 'react';
import { formatNaira } from '../../../worker/shared/money';
import { FormError } from '../../components/ui/field';
import type { PendingPayment } from '../../lib/pending-payment';

// Both load after the page: the notice is for visitors coming back from the checkout, and the
// first load of the booking page stays as small as it was.
const loadPending = () => import('../../lib/pending-payment');
const loadApi = () => import('../../lib/api-client');

/**
 * A visitor back from the checkout without paying (the browser's Back button) still holds a
 * place for up to 30 minutes. This says so and offers "Cancel this payment", which gives the
 * place back at once (POST /api/payment/cancel, allowed only to the browser that started it).
 * Paying again needs no cancel: the server replaces the earlier hold.
 */
export function UnfinishedPayment({ kind }: { kind: PendingPayment['kind'] }) {
  const titleId = useId();
  const [pending, setPending] = useState<PendingPayment>();
  const [state, setState] = useState<'idle' | 'cancelling' | 'cancelled'>('idle');
  const [error, setError] = useState<string>();

  useEffect(() => {
    let current = true;
    const read = () =>
      void loadPending().then(({ readPendingPayment }) => {
        if (current) setPending(readPendingPayment(kind));
      });
    read();
    // A page restored from the back/forward cache runs no effect again: read on its return too.
    const onPageShow = (event: PageTransitionEvent) => event.persisted && read();
    window.addEventListener('pageshow', onPageShow);
    return () => {
      current = false;
      window.removeEventListener('pageshow', onPageShow);
    };
  }, [kind]);

  async function cancel() {
    if (!pending || state === 'cancelling') return;
    setState('cancelling');
    setError(undefined);
    const [{ api, request, ApiError }, { clearPendingPayment }] = await Promise.all([loadApi(), loadPending()]);
    try {
      await request(api.payment.cancel.$post({ json: { reference: pending.reference } }));
      clearPendingPayment(kind);
      setState('cancelled');
    } catch (failure) {
      setState('idle');
      if (failure instanceof ApiError && failure.status === 404) {
        // Not this browser's, or gone: nothing of it is left to show.
        clearPendingPayment(kind);
        setPending(undefined);
        return;
      }
      setError(failure instanceof ApiError ? failure.message : 'We could not cancel the payment. Please try again.');
    }
  }

  if (state === 'cancelled') {
    return (
      <p className="unfinished-payment unfinished-payment--done" role="status">
        Payment cancelled. {kind === 'booking' ? 'The time you chose is free again.' : 'Nothing was charged.'}
      </p>
    );
  }
  if (!pending) return null;
  return (
    <section className="unfinished-payment" aria-labelledby={titleId}>
      <h3 id={titleId}>Your payment is not finished</h3>
      <p>
        {formatNaira(pending.amount)} for {pending.summary.join(', ')}.{' '}
        {kind === 'booking'
          ? 'Your time stays held for up to 30 minutes. Paying again for the same time replaces this payment.'
          : 'You can pay again below.'}
      </p>
      <FormError message={error} />
      <button type="button" className="button button--secondary" disabled={state === 'cancelling'} onClick={cancel}>
        {state === 'cancelling' ? 'Cancelling…' : 'Cancel this payment'}
      </button>
    </section>
  );
}
