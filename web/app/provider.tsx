import { Provider } from 'jotai';
import type { ReactNode } from 'react';
import { store } from '../lib/store';

export function AppProvider({ children }: { children: ReactNode }) {
  return <Provider store={store}>{children}</Provider>;
}
