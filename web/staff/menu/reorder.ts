/**
 * Moving an item one place up or down. The API orders a list by position, then name, and takes
 * one item's position at a time: a move swaps the positions of the item and its neighbour (two
 * saves), or, when some positions are shared (a tie is ordered by name, so a swap could land
 * anywhere), numbers the whole list afresh and saves the items whose position changed.
 */

export interface Placed {
  _id: string;
  position: number;
  version: number;
}

export interface PositionChange {
  id: string;
  position: number;
  version: number;
}

/**
 * The saves that move `id` one place `direction` among `shown` (the list on screen, in order),
 * inside `all` (every item sharing the positions, in order: the whole menu for a treatment shown
 * in its group). Empty when it cannot move further.
 */
export function moveChanges(
  all: readonly Placed[],
  shown: readonly Placed[],
  id: string,
  direction: 'up' | 'down',
): PositionChange[] {
  const index = shown.findIndex((item) => item._id === id);
  const item = shown[index];
  const neighbour = shown[index + (direction === 'up' ? -1 : 1)];
  if (!item || !neighbour) return [];
  const distinct = new Set(all.map((entry) => entry.position)).size === all.length;
  if (distinct) {
    return [
      { id: item._id, position: neighbour.position, version: item.version },
      { id: neighbour._id, position: item.position, version: neighbour.version },
    ];
  }
  const order = all.filter((entry) => entry._id !== item._id);
  const at = order.findIndex((entry) => entry._id === neighbour._id);
  order.splice(direction === 'up' ? at : at + 1, 0, item);
  return order.flatMap((entry, place) =>
    entry.position === place + 1 ? [] : [{ id: entry._id, position: place + 1, version: entry.version }],
  );
}
