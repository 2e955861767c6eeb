import { useState } from 'react';
import { ChevronDownIcon } from '../../components/ui/icons';

interface ItemActionsProps {
  /** The item's name, for each button's accessible name ("Edit Nuru", "Move Nuru up"). */
  name: string;
  active: boolean;
  canMoveUp: boolean;
  canMoveDown: boolean;
  /** The list is reloading after a change: what it shows may be a version behind, so wait. */
  waiting: boolean;
  onEdit: () => void;
  onToggle: () => Promise<void>;
  onMove: (direction: 'up' | 'down') => Promise<void>;
}

/** Edit, Hide or Show, Move up and Move down: one at a time, the buttons waiting while it saves. */
export function ItemActions(props: ItemActionsProps) {
  const { name, active, canMoveUp, canMoveDown, waiting, onEdit, onToggle, onMove } = props;
  const [running, setRunning] = useState(false);
  const busy = running || waiting;
  const run = async (action: () => Promise<void>) => {
    setRunning(true);
    try {
      await action();
    } finally {
      setRunning(false);
    }
  };
  return (
    <div className="admin-catalogue__actions">
      <button
        type="button"
        className="button button--secondary button--small"
        aria-label={`Edit ${name}`}
        disabled={waiting}
        onClick={onEdit}
      >
        Edit
      </button>
      <button
        type="button"
        className="button button--secondary button--small"
        aria-label={`${active ? 'Hide' : 'Show'} ${name}`}
        disabled={busy}
        onClick={() => run(onToggle)}
      >
        {active ? 'Hide' : 'Show'}
      </button>
      <button
        type="button"
        className="admin-catalogue__move admin-catalogue__move--up"
        aria-label={`Move ${name} up`}
        title="Move up"
        disabled={busy || !canMoveUp}
        onClick={() => run(() => onMove('up'))}
      >
        <ChevronDownIcon size={20} />
      </button>
      <button
        type="button"
        className="admin-catalogue__move"
        aria-label={`Move ${name} down`}
        title="Move down"
        disabled={busy || !canMoveDown}
        onClick={() => run(() => onMove('down'))}
      >
        <ChevronDownIcon size={20} />
      </button>
    </div>
  );
}
