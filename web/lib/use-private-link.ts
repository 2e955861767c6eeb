import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { ApiError, GENERIC_ERROR_MESSAGE } from './api-errors';

export type PrivateLinkState<View> =
  | { step: 'loading' }
  | { step: 'missing'; message: string }
  | { step: 'failed'; message: string }
  | { step: 'ready'; view: View };

/**
 * A page behind a private link in a message (`/manage-booking/<token>`, `/review/<token>`): loads
 * what the route's token opens, and tells a link that opens nothing (404, said as the server says
 * it) from a failure worth another try (`retry`).
 */
export function usePrivateLink<View>(load: (token: string) => Promise<View>) {
  const token = useParams().token ?? '';
  const [state, setState] = useState<PrivateLinkState<View>>({ step: 'loading' });
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `load` is rebuilt every render; `attempt` is how `retry` loads again.
  useEffect(() => {
    let current = true;
    load(token).then(
      (view) => current && setState({ step: 'ready', view }),
      (error) => {
        if (!current) return;
        // Not found, or no longer open (410): a link that opens nothing now, said as the server says it.
        if (error instanceof ApiError && (error.status === 404 || error.status === 410)) {
          setState({ step: 'missing', message: error.message });
        } else setState({ step: 'failed', message: error instanceof ApiError ? error.message : GENERIC_ERROR_MESSAGE });
      },
    );
    return () => {
      current = false;
    };
  }, [token, attempt]);

  return {
    token,
    state,
    setView: (view: View) => setState({ step: 'ready', view }),
    retry: () => setAttempt((n) => n + 1),
  };
}
