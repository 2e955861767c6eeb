import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useRef, useState } from 'react';
import { adminDataVersionAtom } from '../frame/admin-session';

export type ListState<Row> =
  | { status: 'loading'; rows?: Row[]; total?: number }
  | { status: 'error'; rows?: Row[]; total?: number }
  | { status: 'ready'; rows: Row[]; total: number };

/**
 * Loads a page of an admin list, again whenever `key` changes (tab, page) or staff change anything
 * (the data version). After a change the rows already shown stay while they reload, so nothing
 * jumps; another tab or page starts from 'Loading...'.
 */
export function useAdminList<Row>(load: () => Promise<{ rows: Row[]; total: number }>, key: string) {
  const version = useAtomValue(adminDataVersionAtom);
  const [state, setState] = useState<ListState<Row>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const loadedKey = useRef(key);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `load` is rebuilt every render; `key` says what it loads.
  useEffect(() => {
    let current = true;
    const sameList = loadedKey.current === key;
    loadedKey.current = key;
    setState((previous) => (sameList ? { ...previous, status: 'loading' } : { status: 'loading' }));
    load().then(
      (result) => current && setState({ status: 'ready', ...result }),
      () => current && setState((previous) => ({ ...previous, status: 'error' })),
    );
    return () => {
      current = false;
    };
  }, [key, version, attempt]);

  const retry = useCallback(() => setAttempt((count) => count + 1), []);
  return { state, retry };
}
