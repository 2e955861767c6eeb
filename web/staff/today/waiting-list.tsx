/**
 * What waits in the browser for the network ("2 waiting to send"), and each change the studio
 * refused with its reason, until staff have read it.
 */
import { buttonLabels } from '../bookings/visit-status';
import type { Waiting } from './offline-day';

const describe = ({ change, clientName }: Waiting) =>
  change.kind === 'status'
    ? `${change.to === 'completed' ? 'Completed' : buttonLabels[change.to]} for ${clientName}`
    : `Notes for ${clientName}`;

export function WaitingList({
  pending,
  refused,
  onDismiss,
}: {
  pending: number;
  refused: Waiting[];
  onDismiss: (id: string) => void;
}) {
  return (
    <>
      <p className="today__waiting" role="status">
        {pending > 0 ? `${pending} waiting to send` : ''}
      </p>
      {refused.length > 0 ? (
        <ul className="today__refused" aria-label="Changes the studio did not take">
          {refused.map((waiting) => (
            <li key={waiting.id} className="admin-alert admin-alert--error">
              <p>
                <strong>{describe(waiting)}</strong> was not taken: {waiting.refused}
              </p>
              <button
                type="button"
                className="button button--secondary button--small"
                onClick={() => onDismiss(waiting.id)}
              >
                Dismiss
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}
