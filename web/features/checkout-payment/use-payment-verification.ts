import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { api, request } from '../../lib/api-client';
import {
  clearPendingPayment,
  type PendingPayment,
  readPendingPayment,
  VERIFY_DELAY_MS,
} from '../../lib/pending-payment';

const verify = (reference: string) => request(api.payment.verify.$post({ json: { reference } }));
/** The booking or order summary the API answers for a paid payment of this kind. */
type Summary<Kind> = Extract<Extract<Awaited<ReturnType<typeof verify>>, { status: true }>['data'], { kind: Kind }>;

export type Verification<Kind extends PendingPayment['kind']> =
  | { step: 'verifying' }
  | { step: 'success'; data: Summary<Kind> }
  /**
   * Paid, but this browser is not the one that started the payment (its payer cookie is gone):
   * the server says only that, and the details and manage link are in the customer's email.
   */
  | { step: 'received' }
  | { step: 'failed' }
  /** This browser has no payment of this kind under way (the spec's "no saved details"). */
  | { step: 'missing' };

/**
 * What a confirmation page shows: after the spec's short pause, the server verifies the payment
 * named in the callback's query (`reference`, or Paystack's `trxref`); on success the saved pending
 * details are cleared and `onSuccess` runs once.
 */
export function usePaymentVerification<Kind extends PendingPayment['kind']>(
  kind: Kind,
  onSuccess: () => void,
): Verification<Kind> {
  const [params] = useSearchParams();
  const reference = params.get('reference') ?? params.get('trxref') ?? '';
  const [state, setState] = useState<Verification<Kind>>({ step: 'verifying' });

  useEffect(() => {
    if (!readPendingPayment(kind)) {
      setState({ step: 'missing' });
      return;
    }
    if (!reference) {
      setState({ step: 'failed' });
      return;
    }
    let current = true;
    const timer = window.setTimeout(async () => {
      try {
        const result = await verify(reference);
        if (!current) return;
        if (result.status && result.data.kind === kind) {
          clearPendingPayment(kind);
          onSuccess();
          setState(
            'name' in result.data ? { step: 'success', data: result.data as Summary<Kind> } : { step: 'received' },
          );
        } else {
          setState({ step: 'failed' });
        }
      } catch {
        if (current) setState({ step: 'failed' });
      }
    }, VERIFY_DELAY_MS);
    return () => {
      current = false;
      window.clearTimeout(timer);
    };
  }, [kind, reference, onSuccess]);

  return state;
}
