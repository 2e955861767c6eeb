import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ApiError, NETWORK_ERROR_MESSAGE } from './api-errors';

export type EmailedLinkState<Result> =
  | { step: 'working' }
  | { step: 'done'; result: Result }
  | { step: 'failed'; message: string };

/**
 * A page opened from a link in an email (unsubscribe, confirm the address): it sends the link's
 * `token` once and says how that went, with the server's own message when it refused.
 */
export function useEmailedLink<Result>(send: (token: string) => Promise<Result>): EmailedLinkState<Result> {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [state, setState] = useState<EmailedLinkState<Result>>({ step: 'working' });

  // biome-ignore lint/correctness/useExhaustiveDependencies: `send` is rebuilt every render; the token says what is sent.
  useEffect(() => {
    let current = true;
    send(token).then(
      (result) => current && setState({ step: 'done', result }),
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

  return state;
}
