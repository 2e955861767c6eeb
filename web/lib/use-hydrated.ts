import { type Atom, useStore } from 'jotai';
import { useCallback, useSyncExternalStore } from 'react';

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

/**
 * An atom's value, and `whileHydrating` on the server and while React hydrates (as useHydrated
 * decides). Read with useSyncExternalStore, so every render reads the atom as it is then: the
 * first render after hydration must show what a form adopted in its layout effect
 * (useTypedBeforeHydration), or it would paint over what the visitor typed. useAtomValue takes
 * a write made before its own subscription (an effect) in a render of its own, which nothing
 * orders before that one.
 */
export function useAtomValueAfterHydration<Value>(atom: Atom<Value>, whileHydrating: Value): Value {
  const store = useStore();
  return useSyncExternalStore(
    useCallback((changed: () => void) => store.sub(atom, changed), [store, atom]),
    () => store.get(atom),
    () => whileHydrating,
  );
}
