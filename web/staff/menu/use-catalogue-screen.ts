/**
 * What the Menu and Shop screens share: the catalogue as loaded (again after every change), one
 * notice line saying what just happened, and the list's own actions (hide or show, move).
 */
import { useSetAtom } from 'jotai';
import { useState } from 'react';
import { messageOf } from '../frame/admin-api';
import { adminDataChangedAtom } from '../frame/admin-session';
import { useAdminList } from '../kits/use-admin-list';
import { loadCatalogue } from './catalogue-api';
import { moveChanges, type Placed } from './reorder';

export type NoticeState = { tone: 'success' | 'error'; text: string };

const loadRows = async () => ({ rows: [await loadCatalogue()], total: 1 });

type SaveChange = (id: string, change: { active?: boolean; position?: number; version: number }) => Promise<unknown>;

export function useCatalogueScreen(save: SaveChange) {
  const { state, retry } = useAdminList(loadRows, 'catalogue');
  const [notice, setNotice] = useState<NoticeState>();
  const dataChanged = useSetAtom(adminDataChangedAtom);

  /** Runs a change and says what happened (the server's reason when it refuses), then reloads. */
  async function run(change: () => Promise<unknown>, success: string, failure: string) {
    setNotice(undefined);
    try {
      await change();
      setNotice({ tone: 'success', text: success });
    } catch (error) {
      setNotice({ tone: 'error', text: messageOf(error, failure) });
    }
    // Also after a refusal: an item someone else changed shows as it is now.
    dataChanged();
  }

  const toggle = (item: Placed & { name: string; active: boolean }, hidden: string, shown: string) =>
    run(
      () => save(item._id, { active: !item.active, version: item.version }),
      item.active ? hidden : shown,
      `${item.name} could not be ${item.active ? 'hidden' : 'shown'}. Please try again.`,
    );

  const move = (
    all: readonly Placed[],
    shownList: readonly Placed[],
    item: Placed & { name: string },
    direction: 'up' | 'down',
  ) =>
    run(
      async () => {
        for (const change of moveChanges(all, shownList, item._id, direction)) {
          await save(change.id, { position: change.position, version: change.version });
        }
      },
      `${item.name} moved ${direction}.`,
      `${item.name} could not be moved. Please try again.`,
    );

  /** A form saved: say so and reload the list. */
  const saved = (text: string) => {
    setNotice({ tone: 'success', text });
    dataChanged();
  };

  return { state, retry, notice, setNotice, toggle, move, saved, dataChanged };
}
