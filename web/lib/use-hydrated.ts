import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False on the server and while React hydrates a prerendered page, true from then on (and at
 * once on pages the browser renders itself). What only the visitor's browser knows (a stored
 * cart, today's date) renders behind it, so the prerendered HTML always matches the first
 * render and the visitor's own values fill in right after.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
