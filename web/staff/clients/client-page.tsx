import { type FormEvent, useId, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { formatVisit } from '../../../worker/shared/bookings/schedule';
import { dayPartLabels } from '../../../worker/shared/bookings/time-waitlist';
import { formatNaira } from '../../../worker/shared/money';
import { formatDate, formatShortDateTime } from '../../../worker/shared/time';
import { FieldFrame, FormError } from '../../components/ui/field';
import { Link } from '../../components/ui/link';
import { paths } from '../../config/paths';
import { HealthAnswerDetails } from '../bookings/health-answers';
import { NoShowBadge, VisitStatusBadge } from '../bookings/visit-status';
import { adminRequest, api, messageOf } from '../frame/admin-api';
import { AdminPageHeader, Detail, ListFrame, Notice, Panel, StatusBadge, useCan } from '../kits/admin-ui';
import { ClientPhone } from '../kits/client-phone';
import { useAdminList } from '../kits/use-admin-list';

const loadClient = async (id: string) => {
  const record = await adminRequest(api.clients[':id'].$get({ param: { id } }));
  return { rows: [record], total: 1 };
};
type ClientRecord = Awaited<ReturnType<typeof loadClient>>['rows'][number];

export const clientPageMessages = {
  fetch: 'Error fetching the client',
  notes: 'The notes could not be saved. Please try again.',
  erase: 'The client could not be erased. Please try again.',
  lift: 'The no-show rule could not be lifted. Please try again.',
  confirmErase: (name: string) =>
    `Erase ${name}? Their name, contact details, notes and health answers are deleted for good, and their messages with them. Their payments stay in the books as “Erased client”. This cannot be undone.`,
} as const;

/** One client: contact, what they spent, notes, every visit and order; for owners, their data and erasure. */
export default function ClientPage() {
  const { id = '' } = useParams();
  const { state, retry } = useAdminList(() => loadClient(id), id);
  return (
    <div className="admin-page">
      <p className="admin-back">
        <Link to={`${paths.admin}/clients`}>← All clients</Link>
      </p>
      <ListFrame state={state} errorMessage={clientPageMessages.fetch} emptyMessage="" onRetry={retry}>
        {([client]) => (client ? <ClientRecordView client={client} /> : null)}
      </ListFrame>
    </div>
  );
}

function ClientRecordView({ client }: { client: ClientRecord }) {
  const mayHandleData = useCan('clientData');
  return (
    <>
      <AdminPageHeader title={client.name} />
      <div className="admin-client">
        <Panel id="client-contact" title="Contact">
          <dl className="admin-details">
            <Detail label="Email">{client.email ? <a href={`mailto:${client.email}`}>{client.email}</a> : '-'}</Detail>
            <Detail label="Phone">
              {client.phone ? <ClientPhone phone={client.phone} name={client.name} /> : '-'}
            </Detail>
            <Detail label="Client since">{formatShortDateTime(client.createdAt)}</Detail>
            <Detail label="Visits">{client.visits}</Detail>
            <Detail label="Last visit">{client.lastVisit ? formatDate(client.lastVisit) : '-'}</Detail>
            <Detail label="Next visit">{client.nextVisit ? formatDate(client.nextVisit) : '-'}</Detail>
            <Detail label="Total spent">{formatNaira(client.totalSpent)}</Detail>
            <Detail label="Heard of us through">{client.referralSource ?? '-'}</Detail>
            <Detail label="Marketing messages">{client.marketingConsent ? 'Yes: on the academy list' : 'No'}</Detail>
            <NoShowDetail client={client} />
          </dl>
        </Panel>
        <NotesForm client={client} />
        <VisitNotesList notes={client.visitNotes} />
        <Panel id="client-visits" title="Visits">
          {client.bookings.length === 0 ? <p>No visits yet.</p> : null}
          <ul className="admin-client__list">
            {client.bookings.map((booking) => (
              <li key={booking._id} className="admin-client__item">
                <h3 className="admin-client__item-title">
                  {formatVisit(booking.date, booking.time, booking.durationMinutes)}
                </h3>
                <p>
                  {booking.subservices.join(', ')}
                  {booking.therapist ? ` · ${booking.therapist.name}` : ''} · {formatNaira(booking.amount)}
                </p>
                <div className="admin-row__badges">
                  <VisitStatusBadge status={booking.serviceStatus} />
                </div>
                <dl className="admin-details">
                  <HealthAnswerDetails booking={booking} brief />
                </dl>
              </li>
            ))}
          </ul>
        </Panel>
        <Panel id="client-orders" title="Orders">
          {client.orders.length === 0 ? <p>No orders yet.</p> : null}
          <ul className="admin-client__list">
            {client.orders.map((order) => (
              <li key={order._id} className="admin-client__item">
                <h3 className="admin-client__item-title">
                  {formatShortDateTime(order.createdAt)} · {formatNaira(order.amount)}
                </h3>
                <p>
                  {order.items
                    .map((item) => `${item.productName} (${item.productSize}) × ${item.productQuantity}`)
                    .join(', ')}
                </p>
                <StatusBadge status={order.orderStatus} />
              </li>
            ))}
          </ul>
        </Panel>
        {client.timeWaitlist.length > 0 ? <ClientTimeWaitlist entries={client.timeWaitlist} /> : null}
        {mayHandleData ? <ClientData client={client} /> : null}
      </div>
    </>
  );
}

/**
 * The client's no-shows within 12 months. Past the studio's limit they book online only by paying
 * in full; staff may lift that (only no-shows after today count again).
 */
function NoShowDetail({ client }: { client: ClientRecord }) {
  const [count, setCount] = useState(client.noShows);
  const [error, setError] = useState<string>();
  async function lift() {
    setError(undefined);
    try {
      const lifted = await adminRequest(api.clients[':id']['no-show-rule'].lift.$post({ param: { id: client._id } }));
      setCount(lifted.noShows);
    } catch (failure) {
      setError(messageOf(failure, clientPageMessages.lift));
    }
  }
  return (
    <Detail label="No-shows in 12 months" wide>
      {count === 0 ? (
        client.noShowRuleLiftedAt ? (
          `None since ${formatShortDateTime(client.noShowRuleLiftedAt)}`
        ) : (
          'None'
        )
      ) : (
        <>
          <NoShowBadge count={count} />{' '}
          <button type="button" className="button button--secondary button--small" onClick={lift}>
            Lift the no-show rule
          </button>
          <FormError message={error} />
        </>
      )}
    </Detail>
  );
}

/** What therapists wrote after each visit: health data, sent only to those who may read it. */
function VisitNotesList({ notes }: { notes: ClientRecord['visitNotes'] }) {
  if (notes.length === 0) return null;
  return (
    <Panel id="client-visit-notes" title="Visit notes">
      <ul className="admin-client__list">
        {notes.map((note) => (
          <li key={note.bookingId} className="admin-client__item">
            <h3 className="admin-client__item-title">
              {formatDate(note.date)} · {note.writtenBy}
            </h3>
            <p className="today-visit__notes">{note.text}</p>
          </li>
        ))}
      </ul>
    </Panel>
  );
}

function NotesForm({ client }: { client: ClientRecord }) {
  const notesId = useId();
  const [notes, setNotes] = useState(client.notes ?? '');
  const [error, setError] = useState<string>();
  const [notice, setNotice] = useState<{ tone: 'success'; text: string }>();
  const [busy, setBusy] = useState(false);

  async function save(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    setNotice(undefined);
    try {
      await adminRequest(api.clients[':id'].$put({ param: { id: client._id }, json: { notes } }));
      setNotice({ tone: 'success', text: 'Notes saved.' });
    } catch (failure) {
      setError(messageOf(failure, clientPageMessages.notes));
    }
    setBusy(false);
  }

  return (
    <Panel id="client-notes" title="Staff notes">
      <Notice notice={notice} />
      <form onSubmit={save} noValidate>
        <FieldFrame id={notesId} label={`Notes on ${client.name}`}>
          <textarea
            id={notesId}
            className="field__control"
            rows={3}
            maxLength={2000}
            aria-describedby={`${notesId}-hint`}
            value={notes}
            onChange={(event) => setNotes(event.target.value)}
          />
          <p className="field__hint" id={`${notesId}-hint`}>
            Seen by the team. Keep health details out of notes: they belong with the visit.
          </p>
        </FieldFrame>
        <FormError message={error} />
        <button type="submit" className="button button--secondary" disabled={busy}>
          {busy ? 'Saving...' : 'Save notes'}
        </button>
      </form>
    </Panel>
  );
}

/** The owner's part: everything held on the person, and erasing them. */
function ClientData({ client }: { client: ClientRecord }) {
  const navigate = useNavigate();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const exportPath = `/api/clients/${client._id}/export`;

  async function erase() {
    if (!window.confirm(clientPageMessages.confirmErase(client.name))) return;
    setBusy(true);
    setError(undefined);
    try {
      await adminRequest(api.clients[':id'].$delete({ param: { id: client._id } }));
      // The list loads afresh; nothing else shown changes (the amounts stay in the books).
      navigate(`${paths.admin}/clients`, { replace: true, state: { erased: client.name } });
    } catch (failure) {
      setError(messageOf(failure, clientPageMessages.erase));
      setBusy(false);
    }
  }

  return (
    <Panel id="client-data" title="Their data">
      <p>
        A client may ask for a copy of everything the studio holds on them, or to be erased (Nigeria Data Protection Act
        2023).
      </p>
      <div className="admin-table__actions">
        <a className="button button--secondary button--small" href={exportPath} download>
          Download their data (JSON)
        </a>
        <a
          className="button button--secondary button--small"
          href={`${exportPath}?format=html`}
          target="_blank"
          rel="noreferrer"
        >
          Readable copy
        </a>
        <button type="button" className="button button--danger button--small" disabled={busy} onClick={erase}>
          {busy ? 'Erasing...' : 'Erase this client'}
        </button>
      </div>
      <FormError message={error} />
    </Panel>
  );
}

const entryStatus = { waiting: 'Waiting', booked: 'Booked', left: 'Left', ended: 'Ended' } as const;
const entryTones = { waiting: 'info', booked: 'success', left: 'warning', ended: 'warning' } as const;

/** Their entries on the waitlist for full times, newest first. */
function ClientTimeWaitlist({ entries }: { entries: ClientRecord['timeWaitlist'] }) {
  return (
    <Panel id="client-waitlist" title="Waitlist">
      <ul className="admin-client__list">
        {entries.map((entry) => (
          <li key={entry._id} className="admin-client__item">
            <h3 className="admin-client__item-title">
              {entry.treatments.map((treatment) => treatment.name).join(', ')} with{' '}
              {entry.therapist?.name ?? 'any therapist'}
            </h3>
            <p>
              {dayPartLabels[entry.window]} on {entry.dates.map(formatDate).join('; ')}
            </p>
            <StatusBadge status={entryStatus[entry.status]} tone={entryTones[entry.status]} />
          </li>
        ))}
      </ul>
    </Panel>
  );
}
