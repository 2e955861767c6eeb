/**
 * One visit on Today, made for a phone in one hand: a compact row (the time, the client, the
 * treatments and the visit's status) with large buttons for its next step; a tap on the row opens
 * what the room needs to know, the notes and booking the next visit.
 */

import { type FormEvent, useId, useState } from 'react';
import type { StatusChange } from '../../../worker/shared/bookings/visit-rules';
import { formatNaira } from '../../../worker/shared/money';
import { addDays, formatDate, formatTime } from '../../../worker/shared/time';
import { FieldFrame } from '../../components/ui/field';
import { HealthAnswerDetails, hasHealthNotes } from '../bookings/health-answers';
import type { NewBookingPreset } from '../bookings/new-booking-form';
import { allowedChanges, buttonLabels, formWords, NoShowBadge, VisitStatusBadge } from '../bookings/visit-status';
import { Detail, StatusBadge } from '../kits/admin-ui';
import { ClientPhone } from '../kits/client-phone';
import type { TodayVisit } from './today-data';

/** Four weeks on: when most clients come back. */
const NEXT_VISIT_DAYS = 28;

export interface VisitActions {
  changeStatus: (visit: TodayVisit, to: StatusChange) => Promise<void>;
  saveNotes: (visit: TodayVisit, text: string) => Promise<boolean>;
  /** Absent for a role that does not take bookings. */
  bookNext?: (preset: NewBookingPreset) => void;
}

export function VisitCard({
  visit,
  date,
  showTherapist,
  mayWriteNotes,
  actions,
}: {
  visit: TodayVisit;
  date: string;
  showTherapist: boolean;
  mayWriteNotes: boolean;
  actions: VisitActions;
}) {
  const titleId = useId();
  const moreId = useId();
  const [open, setOpen] = useState(false);
  const [writing, setWriting] = useState(false);
  return (
    <li className={`today-visit today-visit--${visit.serviceStatus}${open ? ' today-visit--open' : ''}`}>
      <article aria-labelledby={titleId}>
        <div className="today-visit__row">
          <h2 id={titleId} className="today-visit__title">
            <button
              type="button"
              className="today-visit__open"
              aria-expanded={open}
              aria-controls={moreId}
              onClick={() => setOpen((isOpen) => !isOpen)}
            >
              <span className="today-visit__time">
                {formatTime(visit.time)}–{formatTime(visit.endTime)}
              </span>{' '}
              <span className="today-visit__client">{visit.clientName}</span>{' '}
              <span className="today-visit__treatments">
                {visit.treatments.join(', ')}
                {showTherapist ? ` · ${visit.therapist?.name ?? 'No therapist yet'}` : ''}
              </span>
            </button>
          </h2>
          <VisitStatusBadge status={visit.serviceStatus} />
        </div>
        <StatusButtons visit={visit} date={date} onChange={(to) => actions.changeStatus(visit, to)} />
        <div id={moreId} className="today-visit__more" hidden={!open}>
          <div className="admin-row__badges">
            <NoShowBadge count={visit.noShows} />
            <StatusBadge status={formWords[visit.form]} tone={visit.form === 'missing' ? 'warning' : 'success'} />
            {hasHealthNotes(visit) ? <StatusBadge status="Read health notes first" tone="warning" /> : null}
          </div>
          <VisitDetails visit={visit} />
          {writing ? (
            <NotesForm
              visit={visit}
              onCancel={() => setWriting(false)}
              onSave={async (text) => {
                if (await actions.saveNotes(visit, text)) setWriting(false);
              }}
            />
          ) : null}
          <MoreButtons
            visit={visit}
            date={date}
            mayWriteNotes={mayWriteNotes}
            writing={writing}
            onWrite={() => setWriting(true)}
            actions={actions}
          />
        </div>
      </article>
    </li>
  );
}

/** The visit's next step on its row, thumb-sized: Arrived, Completed, No-show, Back to booked. */
function StatusButtons({
  visit,
  date,
  onChange,
}: {
  visit: TodayVisit;
  date: string;
  onChange: (to: StatusChange) => void;
}) {
  const changes = allowedChanges({ ...visit, name: visit.clientName, date });
  if (changes.length === 0) return null;
  return (
    <div className="today-visit__actions today-visit__actions--status">
      {changes.map((to) => (
        <button
          key={to}
          type="button"
          className={`button ${to === 'booked' ? 'button--secondary' : 'button--primary'} today-visit__button`}
          onClick={() => onChange(to)}
        >
          {to === 'completed' ? 'Completed' : buttonLabels[to]}
        </button>
      ))}
    </div>
  );
}

/** What the room needs to know: room, payment, phone, health and notes. */
function VisitDetails({ visit }: { visit: TodayVisit }) {
  const readsHealth = visit.healthConditions !== undefined;
  return (
    <dl className="admin-details today-visit__details">
      <Detail label="Room">{visit.room ?? '-'}</Detail>
      <Detail label="To pay">{visit.balanceDue > 0 ? formatNaira(visit.balanceDue) : 'Nothing: paid'}</Detail>
      <Detail label="Phone">
        <ClientPhone phone={visit.phone} name={visit.clientName} />
      </Detail>
      {visit.formPath ? (
        <Detail label="Health form" wide>
          {/* For the client to fill at the desk, on the studio's tablet or their phone. */}
          <a href={visit.formPath} target="_blank" rel="noopener">
            Open {visit.clientName}’s health form
          </a>
        </Detail>
      ) : null}
      {readsHealth ? <HealthAnswerDetails booking={visit} brief /> : null}
      {visit.lastNotes ? (
        <Detail label={`Last visit’s notes (${formatDate(visit.lastNotes.date)})`} wide>
          <span className="today-visit__notes">{visit.lastNotes.text}</span>
        </Detail>
      ) : null}
      {visit.visitNotes ? (
        <Detail label="This visit’s notes" wide>
          <span className="today-visit__notes">{visit.visitNotes.text}</span>
          <span className="today-visit__by"> ({visit.visitNotes.writtenBy})</span>
        </Detail>
      ) : null}
    </dl>
  );
}

/** Under the opened row: the notes and booking the next visit. */
function MoreButtons({
  visit,
  date,
  mayWriteNotes,
  writing,
  onWrite,
  actions,
}: {
  visit: TodayVisit;
  date: string;
  mayWriteNotes: boolean;
  writing: boolean;
  onWrite: () => void;
  actions: VisitActions;
}) {
  const mayWrite = mayWriteNotes && !writing && visit.serviceStatus !== 'cancelled';
  const mayBookNext = visit.serviceStatus === 'completed' && actions.bookNext;
  if (!mayWrite && !mayBookNext) return null;
  return (
    <div className="today-visit__actions">
      {mayWrite ? (
        <button type="button" className="button button--secondary today-visit__button" onClick={onWrite}>
          {visit.visitNotes ? 'Edit notes' : 'Write notes'}
        </button>
      ) : null}
      {mayBookNext ? (
        <button
          type="button"
          className="button button--secondary today-visit__button"
          onClick={() =>
            actions.bookNext?.({
              date: addDays(date, NEXT_VISIT_DAYS),
              time: visit.time,
              therapistId: visit.therapist?._id,
              treatments: visit.treatments,
              client: { name: visit.clientName, phone: visit.phone, email: visit.email },
            })
          }
        >
          Book the next visit
        </button>
      ) : null}
    </div>
  );
}

function NotesForm({
  visit,
  onSave,
  onCancel,
}: {
  visit: TodayVisit;
  onSave: (text: string) => Promise<void>;
  onCancel: () => void;
}) {
  const fieldId = useId();
  const [saving, setSaving] = useState(false);
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaving(true);
    await onSave(String(new FormData(event.currentTarget).get('text') ?? ''));
    setSaving(false);
  }
  return (
    <form className="today-visit__notes-form" onSubmit={submit}>
      <FieldFrame id={fieldId} label={`Visit notes for ${visit.clientName}`}>
        <p className="field__hint" id={`${fieldId}-hint`}>
          What was done, pressure, areas, products used or recommended. Health data: only the visit’s therapist,
          managers and the owner read them.
        </p>
        <textarea
          id={fieldId}
          name="text"
          className="field__control"
          rows={5}
          maxLength={4000}
          required
          aria-describedby={`${fieldId}-hint`}
          defaultValue={visit.visitNotes?.text}
        />
      </FieldFrame>
      <div className="today-visit__actions">
        <button type="submit" className="button button--primary today-visit__button" disabled={saving}>
          {saving ? 'Saving…' : 'Save notes'}
        </button>
        <button type="button" className="button button--secondary today-visit__button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
