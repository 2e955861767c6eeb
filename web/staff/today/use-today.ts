/**
 * Today's data and actions, online and off: the day loads (and is kept in the browser); offline,
 * the day kept is shown with since when; changes are sent at once, or wait and go in order.
 */
import { useAtomValue, useSetAtom } from 'jotai';
import { type Dispatch, type SetStateAction, useCallback, useEffect, useState } from 'react';
import type { StatusChange } from '../../../worker/shared/bookings/visit-rules';
import { successOf } from '../bookings/visit-status';
import { messageOf } from '../frame/admin-api';
import { adminDataChangedAtom, adminDataVersionAtom, staffUserAtom } from '../frame/admin-session';
import {
  addWaiting,
  dismissWaiting,
  isOffline,
  keepDay,
  keptDay,
  sendWaiting,
  type Waiting,
  type WaitingChange,
  waitingChanges,
} from './offline-day';
import { loadToday, sendNotes, sendStatus, type TodayAnswer, type TodayVisit } from './today-data';

export type NoticeState = { tone: 'success' | 'error'; text: string };
export type DayState =
  | { status: 'loading' }
  | { status: 'error' }
  | { status: 'ready'; day: TodayAnswer; offlineSince?: string; savedAt?: string };

export const todayMessages = {
  fetch: 'Error fetching the day’s visits',
  change: 'The visit could not be changed',
  notes: 'The notes could not be saved',
  offlineEmpty: 'You are offline, and this day was not loaded on this device before.',
} as const;

const send = (waiting: Waiting) =>
  waiting.change.kind === 'status'
    ? sendStatus(waiting.bookingId, waiting.change.to)
    : sendNotes(waiting.bookingId, waiting.change.text);

/** The day as the browser will have it once the waiting changes reach the studio. */
export function withWaiting(day: TodayAnswer, waiting: Waiting[]): TodayAnswer {
  const visits = day.visits.map((visit) => {
    const shown = { ...visit };
    for (const { bookingId, change, refused } of waiting) {
      if (bookingId !== visit._id || refused) continue;
      if (change.kind === 'status') shown.serviceStatus = change.to;
      else shown.visitNotes = { text: change.text, writtenBy: 'waiting to send', writtenAt: new Date().toISOString() };
    }
    return shown;
  });
  return { ...day, visits };
}

type SetDayState = Dispatch<SetStateAction<DayState>>;

/** Which day to load, and what makes it load again. */
type DayLoad = { key: string; date: string; therapistId: string; version: number; attempt: number };

/** Loads the day, keeping it in the browser; offline, shows the day kept before, if any. */
function useDayLoad({ key, date, therapistId, version, attempt }: DayLoad, setState: SetDayState) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: reloads when the day, the data or the network change.
  useEffect(() => {
    let current = true;
    setState((previous) =>
      previous.status === 'ready' && previous.day.date === date ? previous : { status: 'loading' },
    );
    loadToday(date, therapistId).then(
      (day) => {
        if (!current) return;
        keepDay(key, day);
        setState({ status: 'ready', day });
      },
      (error: unknown) => {
        if (!current) return;
        const kept = keptDay<TodayAnswer>(key);
        if (isOffline(error) && kept) {
          setState((previous) => ({
            status: 'ready',
            day: kept.day,
            savedAt: kept.savedAt,
            offlineSince: (previous.status === 'ready' && previous.offlineSince) || new Date().toISOString(),
          }));
        } else setState({ status: 'error' });
      },
    );
    return () => {
      current = false;
    };
  }, [key, version, attempt]);
}

/** Back online: what waited goes first, then the day loads again; going offline marks since when. */
function useSendOnReconnect(
  sendAll: () => Promise<void>,
  setState: SetDayState,
  setAttempt: Dispatch<SetStateAction<number>>,
) {
  useEffect(() => {
    const online = () => {
      void sendAll().then(() => setAttempt((count) => count + 1));
    };
    const offline = () =>
      setState((previous) =>
        previous.status === 'ready' && !previous.offlineSince
          ? { ...previous, offlineSince: new Date().toISOString() }
          : previous,
      );
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    if (navigator.onLine) void sendAll();
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
    };
  }, [sendAll, setState, setAttempt]);
}

export function useToday(date: string, therapistId: string, ownOnly: boolean) {
  const [notice, setNotice] = useState<NoticeState>();
  const [attempt, setAttempt] = useState(0);
  const version = useAtomValue(adminDataVersionAtom);
  const dataChanged = useSetAtom(adminDataChangedAtom);
  // What is kept and waits is the signed-in person's (offline-day.ts).
  const by = useAtomValue(staffUserAtom)?._id ?? '';
  const key = `${by}:${date}:${ownOnly ? 'own' : therapistId}`;
  const [state, setState] = useState<DayState>({ status: 'loading' });
  const [waiting, setWaiting] = useState<Waiting[]>(waitingChanges);

  useDayLoad({ key, date, therapistId, version, attempt }, setState);

  const sendAll = useCallback(async () => {
    const sent = await sendWaiting(send, by);
    setWaiting(waitingChanges());
    if (sent > 0) dataChanged();
  }, [dataChanged, by]);

  useSendOnReconnect(sendAll, setState, setAttempt);

  /** Keeps a change to send later, in the order made. */
  function keepWaiting(visit: TodayVisit, change: WaitingChange) {
    addWaiting({ by, bookingId: visit._id, clientName: visit.clientName, change });
    setWaiting(waitingChanges());
  }

  /** Sends a change now, or keeps it to send when the network returns. */
  async function act(visit: TodayVisit, change: WaitingChange, success: string, failure: string): Promise<boolean> {
    setNotice(undefined);
    const waitingNow = waitingChanges().some((each) => !each.refused);
    if (!navigator.onLine || waitingNow) {
      // Behind others still waiting, it waits too: changes reach the studio in the order made.
      keepWaiting(visit, change);
      if (navigator.onLine) void sendAll();
      return true;
    }
    try {
      await send({ id: '', by, bookingId: visit._id, clientName: visit.clientName, change, madeAt: '' });
      setNotice({ tone: 'success', text: success });
      dataChanged();
      return true;
    } catch (error) {
      if (isOffline(error)) {
        keepWaiting(visit, change);
        return true;
      }
      setNotice({ tone: 'error', text: `${failure}: ${messageOf(error, 'Please try again.')}` });
      dataChanged();
      return false;
    }
  }

  const actions = {
    changeStatus: async (visit: TodayVisit, to: StatusChange) => {
      await act(visit, { kind: 'status', to }, successOf(visit.clientName, to), todayMessages.change);
    },
    saveNotes: (visit: TodayVisit, text: string) =>
      act(visit, { kind: 'notes', text }, `Notes saved for ${visit.clientName}.`, todayMessages.notes),
  };

  return {
    state,
    waiting,
    notice,
    setNotice,
    actions,
    retry: () => setAttempt((count) => count + 1),
    dismiss: (id: string) => {
      dismissWaiting(id);
      setWaiting(waitingChanges());
    },
    dataChanged,
  };
}
