// A screen's notice line and its changes: each says how it went, then the screen's lists reload.
import { useSetAtom } from 'jotai';
import { useState } from 'react';
import { messageOf } from '../frame/admin-api';
import { adminDataChangedAtom } from '../frame/admin-session';

export type ScreenNotice = { tone: 'success' | 'error'; text: string };

export function useScreenNotice() {
  const [notice, setNotice] = useState<ScreenNotice>();
  const dataChanged = useSetAtom(adminDataChangedAtom);

  /** Runs a change, then says `success`, or the server's reason (else `failure`), and reloads. */
  async function act(run: () => Promise<unknown>, success: string, failure: string) {
    setNotice(undefined);
    try {
      await run();
      setNotice({ tone: 'success', text: success });
    } catch (error) {
      setNotice({ tone: 'error', text: messageOf(error, failure) });
    }
    dataChanged();
  }

  return { notice, setNotice, act, dataChanged };
}
