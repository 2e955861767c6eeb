import { Provider } from 'jotai';
import type { ReactNode } from 'react';
import { store as appStore } from '../lib/store';

/** The app's state around its pages; the build's prerender gives each page a store of its own. */
export function AppProvider({ children, store = appStore }: { children: ReactNode; store?: typeof appStore }) {
  return <Provider store={store}>{children}</Provider>;
}
