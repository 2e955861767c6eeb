/**
 * A client's place on the waitlist for a full time, through the private link of its confirmation:
 * what they wait for, where they stand, "Confirm my place" while unconfirmed (the email's link opens
 * it with ?confirm=1; a click posts it, so a mail scanner following the link confirms nothing), a
 * place offered to them now, and "Leave the waitlist".
 */
import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import { dayPartLabels, timeWaitlistMessages } from '../../../worker/shared/bookings/time-waitlist';
import { formatDate } from '../../../worker/shared/time';
import { FormError } from '../../components/ui/field';
import { Link } from '../../components/ui/link';
import { PageHero } from '../../components/ui/page-hero';
import { PrivateLinkStatus } from '../../components/ui/private-link-status';
import { paths } from '../../config/paths';
import { ConfirmationDetails } from '../../features/checkout-payment/confirmation-frames';
import { ApiError, api, GENERIC_ERROR_MESSAGE, request } from '../../lib/api-client';
import { usePageMeta } from '../../lib/page-meta';
import { usePrivateLink } from '../../lib/use-private-link';

const entryApi = api['time-waitlist'].entry[':token'];
const loadEntry = (token: string) => request(entryApi.$get({ param: { token } }));
type EntryView = Awaited<ReturnType<typeof loadEntry>>;

const statusWords: Record<EntryView['status'], string> = {
  waiting: 'Waiting',
  booked: 'Booked',
  left: 'Left the waitlist',
  ended: 'Ended',
};

/** A change to the place, then the page as the server now has it; busy meanwhile, or why it failed. */
function useEntryChange(token: string, setView: (view: EntryView) => void) {
  const [alert, setAlert] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function change(send: () => Promise<unknown>, done?: () => void) {
    setBusy(true);
    setAlert(undefined);
    try {
      await send();
      done?.();
      setView(await loadEntry(token));
    } catch (failure) {
      setAlert(failure instanceof ApiError ? failure.message : GENERIC_ERROR_MESSAGE);
    } finally {
      setBusy(false);
    }
  }

  return { alert, busy, change };
}

/** Not yet confirmed: why to confirm, and Confirm my place. */
function ConfirmPlace({
  fromConfirmLink,
  busy,
  onConfirm,
}: {
  /** Opened from the email's confirm link. */
  fromConfirmLink: boolean;
  busy: boolean;
  onConfirm: () => void;
}) {
  return (
    <div className="waitlist-entry__offer" role="status">
      <h2>Please confirm your place</h2>
      <p>
        {fromConfirmLink
          ? 'One more step: confirm your place and we will offer you a freed time.'
          : 'We offer freed times only to confirmed places. A place not confirmed within 24 hours ends.'}
      </p>
      <button type="button" className="button button--primary" onClick={onConfirm} disabled={busy}>
        {busy ? 'Confirming…' : 'Confirm my place'}
      </button>
    </div>
  );
}

/** What the entry waits for, and where it stands. */
function EntryDetails({ entry, waiting }: { entry: EntryView; waiting: boolean }) {
  return (
    <ConfirmationDetails
      rows={[
        ['Treatments', entry.treatments.map((treatment) => treatment.name).join(', ')],
        ['Therapist', entry.therapist?.name ?? 'Any therapist'],
        ['Days', entry.dates.map(formatDate).join('; ')],
        ['Part of the day', dayPartLabels[entry.window]],
        waiting ? ['Your place in line', String(entry.position)] : false,
        waiting ? ['Confirmed', entry.confirmed ? 'Yes' : 'Not yet'] : false,
        ['Status', statusWords[entry.status]],
      ]}
    />
  );
}

export function TimeWaitlistPage() {
  usePageMeta('timeWaitlist');
  const { token, state, retry, setView } = usePrivateLink(loadEntry);
  const { alert, busy, change } = useEntryChange(token, setView);
  const [confirmedNow, setConfirmedNow] = useState(false);
  const fromConfirmLink = new URLSearchParams(useLocation().search).get('confirm') === '1';

  if (state.step !== 'ready') {
    return (
      <PrivateLinkStatus
        state={state}
        eyebrow="The waitlist"
        loading={{ title: 'Your place on the waitlist', text: 'Loading…' }}
        missingTitle="This waitlist link cannot be opened"
        failedTitle="We could not load this page"
        onRetry={retry}
      />
    );
  }
  const entry = state.view;
  const waiting = entry.status === 'waiting';

  const confirm = () =>
    change(
      () => request(entryApi.confirm.$post({ param: { token } })),
      () => setConfirmedNow(true),
    );
  const leave = () => change(() => request(entryApi.$delete({ param: { token } })));

  return (
    <>
      <PageHero
        eyebrow="The waitlist"
        title={waiting ? 'You are on the waitlist' : 'Your waitlist place'}
        lead={
          waiting
            ? `${entry.name.split(' ')[0]}, if a place frees we offer it to you at once by email and WhatsApp, held for you for a short time.`
            : undefined
        }
      />
      <section className="section section--tight">
        <div className="container confirmation">
          <div className="confirmation__card card">
            <div className="card__body">
              {waiting && !entry.confirmed ? (
                <ConfirmPlace fromConfirmLink={fromConfirmLink} busy={busy} onConfirm={confirm} />
              ) : null}
              {confirmedNow && entry.confirmed ? (
                <p className="waitlist-entry__confirmed" role="status">
                  {timeWaitlistMessages.confirmed}
                </p>
              ) : null}
              {entry.offer && entry.offerPath ? <HeldPlace offer={entry.offer} path={entry.offerPath} /> : null}
              <h2>What you wait for</h2>
              <EntryDetails entry={entry} waiting={waiting} />
              <FormError message={alert} />
              <div className="confirmation__actions">
                {waiting ? (
                  <button type="button" className="button button--secondary" onClick={leave} disabled={busy}>
                    {busy ? 'Leaving…' : 'Leave the waitlist'}
                  </button>
                ) : null}
                <Link to={paths.booking} className={`button ${waiting ? 'button--secondary' : 'button--primary'}`}>
                  Book another time
                </Link>
              </div>
            </div>
          </div>
        </div>
      </section>
    </>
  );
}

/** A freed place offered to this entry: when, with whom, and the link to book it. */
function HeldPlace({ offer, path }: { offer: NonNullable<EntryView['offer']>; path: string }) {
  return (
    <div className="waitlist-entry__offer" role="status">
      <h2>A place is held for you</h2>
      <p>
        {formatDate(offer.date)} at {offer.time} with {offer.therapist.name}.
      </p>
      <Link to={path} className="button button--primary">
        See the place and book it
      </Link>
    </div>
  );
}
