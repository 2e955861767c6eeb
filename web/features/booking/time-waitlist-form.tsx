/**
 * "Join the waitlist" on /booking, for a day whose times are full: the treatments and therapist
 * already chosen, up to 5 days, a part of the day, a name, an email and/or WhatsApp number and
 * the consent to be contacted about it. Loaded when the visitor asks for it, never with the page.
 */
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import {
  type DayPart,
  dayPartLabels,
  dayParts,
  MAX_WAITLIST_DATES,
  type TimeWaitlistJoinInput,
  timeWaitlistJoinSchema,
} from '../../../worker/shared/bookings/time-waitlist';
import { addDays } from '../../../worker/shared/time';
import { CheckboxField, FormError, TextField } from '../../components/ui/field';
import { ApiError, api, GENERIC_ERROR_MESSAGE, request } from '../../lib/api-client';
import { messagesByField } from '../../lib/field-messages';

/** Days offered to choose from: the chosen one and the two weeks after it. */
const DAYS_SHOWN = 14;
const weekdayOf = new Intl.DateTimeFormat('en-GB', { weekday: 'short', timeZone: 'UTC' });
const dayAndMonth = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });

export interface TimeWaitlistChoice {
  /** Catalogue ids and names of the chosen treatments. */
  treatments: string[];
  treatmentNames: string[];
  therapist: string;
  therapistName?: string;
  date: string;
  contact: { name: string; email: string; phone: string };
}

type Field = 'dates' | 'window' | 'name' | 'email' | 'phone' | 'consent' | 'treatments' | 'therapistId';

/**
 * Joining: the body checked by the API's own schema (its messages by field, the consent's and
 * the treatments' above the button), then sent; the place in line once joined.
 */
function useTimeWaitlistJoin() {
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [alert, setAlert] = useState<string>();
  const [joined, setJoined] = useState<number>();
  const [busy, setBusy] = useState(false);

  async function join(body: TimeWaitlistJoinInput) {
    const checked = timeWaitlistJoinSchema().safeParse(body);
    if (!checked.success) {
      const found = messagesByField<Field>(checked.error.issues);
      setErrors(found);
      setAlert(found.consent ?? found.treatments);
      return;
    }
    setBusy(true);
    setAlert(undefined);
    try {
      const result = await request(api['time-waitlist'].$post({ json: checked.data }));
      setJoined(result.position);
    } catch (failure) {
      const field = failure instanceof ApiError ? (failure.body as { field?: Field } | undefined)?.field : undefined;
      const message = failure instanceof ApiError ? failure.message : GENERIC_ERROR_MESSAGE;
      if (field && field !== 'treatments') setErrors({ [field]: message });
      else setAlert(message);
    } finally {
      setBusy(false);
    }
  }

  return { errors, setErrors, alert, setAlert, joined, busy, join };
}

export function TimeWaitlistForm({ choice }: { choice: TimeWaitlistChoice }) {
  const [dates, setDates] = useState<string[]>([choice.date]);
  const [window, setWindow] = useState<DayPart>('any');
  const [contact, setContact] = useState(choice.contact);
  const [consent, setConsent] = useState(false);
  const { errors, setErrors, alert, setAlert, joined, busy, join } = useTimeWaitlistJoin();
  const headingId = useId();
  // Its own form, kept outside the booking form (forms do not nest): the fields name it.
  const formId = useId();
  const days = Array.from({ length: DAYS_SHOWN }, (_, index) => addDays(choice.date, index));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // React carries a portal's events up its own tree: the booking form around must not see this one.
    event.stopPropagation();
    const body: TimeWaitlistJoinInput = {
      treatments: choice.treatments,
      therapistId: choice.therapist || 'any',
      dates,
      window,
      name: contact.name,
      email: contact.email.trim(),
      phone: contact.phone.trim(),
      consent: consent as true,
    };
    await join(body);
  }

  if (joined !== undefined) return <JoinedNotice position={joined} />;

  return (
    <section className="time-waitlist card" aria-labelledby={headingId}>
      {createPortal(<form id={formId} onSubmit={submit} noValidate />, document.body)}
      <h3 id={headingId}>Join the waitlist</h3>
      <p className="field__hint">
        For {choice.treatmentNames.join(', ')} with{' '}
        {choice.therapist === 'any' ? 'any therapist' : (choice.therapistName ?? 'the therapist you chose')}. We offer a
        freed place to the first in line, held for them, paid online.
      </p>
      <DayChoices
        formId={formId}
        days={days}
        chosen={dates}
        error={errors.dates}
        onToggle={(day) => {
          setDates((current) =>
            current.includes(day) ? current.filter((each) => each !== day) : [...current, day].sort(),
          );
          setErrors((current) => ({ ...current, dates: undefined }));
        }}
      />
      <DayPartChoices formId={formId} value={window} onChange={setWindow} />
      <ContactFields
        formId={formId}
        contact={contact}
        errors={errors}
        onChange={(change) => setContact((current) => ({ ...current, ...change }))}
      />
      <CheckboxField
        form={formId}
        name="consent"
        checked={consent}
        onChange={(event) => {
          setConsent(event.target.checked);
          setAlert(undefined);
        }}
        label="Contact me by email or WhatsApp about a place on this waitlist."
      />
      <FormError message={alert} />
      <button type="submit" form={formId} className="button button--primary" disabled={busy}>
        {busy ? 'Joining…' : 'Join the waitlist'}
      </button>
    </section>
  );
}

/** Up to MAX_WAITLIST_DATES days of the two weeks from the chosen one. */
function DayChoices({
  formId,
  days,
  chosen,
  error,
  onToggle,
}: {
  formId: string;
  days: string[];
  chosen: string[];
  error?: string;
  onToggle: (day: string) => void;
}) {
  const full = chosen.length >= MAX_WAITLIST_DATES;
  return (
    <fieldset className="time-waitlist__days" aria-describedby={error ? 'waitlist-dates-error' : undefined}>
      <legend className="field__label">Days you could come (up to {MAX_WAITLIST_DATES})</legend>
      <div className="time-waitlist__day-grid">
        {days.map((day) => (
          <label key={day} className="option time-waitlist__day">
            <input
              type="checkbox"
              form={formId}
              name="dates"
              value={day}
              checked={chosen.includes(day)}
              disabled={full && !chosen.includes(day)}
              onChange={() => onToggle(day)}
            />
            <span className="option__name time-waitlist__day-name">
              <span>{weekdayOf.format(new Date(`${day}T00:00:00Z`))}</span>{' '}
              <span>{dayAndMonth.format(new Date(`${day}T00:00:00Z`))}</span>
            </span>
          </label>
        ))}
      </div>
      {error ? (
        <p className="field__error" id="waitlist-dates-error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** Morning, afternoon, evening or any time. */
function DayPartChoices({
  formId,
  value,
  onChange,
}: {
  formId: string;
  value: DayPart;
  onChange: (part: DayPart) => void;
}) {
  return (
    <fieldset className="time-waitlist__parts">
      <legend className="field__label">Part of the day</legend>
      {dayParts.map((part) => (
        <label key={part} className="option">
          <input
            type="radio"
            form={formId}
            name="window"
            value={part}
            checked={value === part}
            onChange={() => onChange(part)}
          />
          <span className="option__name">{dayPartLabels[part]}</span>
        </label>
      ))}
    </fieldset>
  );
}

/** Joined: the place in line, and what happens next. */
function JoinedNotice({ position }: { position: number }) {
  // The form it replaces was taller: without this the notice lands above the screen and the
  // focus falls to the page.
  const notice = useRef<HTMLDivElement>(null);
  useEffect(() => {
    notice.current?.scrollIntoView({ block: 'center' });
    notice.current?.focus({ preventScroll: true });
  }, []);
  return (
    <div className="time-waitlist__joined" role="status" tabIndex={-1} ref={notice}>
      <h3>You are on the waitlist</h3>
      <p>
        You are number {position} in line. Check your email or WhatsApp and confirm your place: we offer times only to
        confirmed places (a place not confirmed within 24 hours ends). If a place frees, we offer it to you at once,
        held for you for a few minutes: please answer soon. Your message has a link to see or leave your place.
      </p>
    </div>
  );
}

type Contact = TimeWaitlistChoice['contact'];

/** Who to offer a freed place to: a name, and an email, a WhatsApp number or both. */
function ContactFields({
  formId,
  contact,
  errors,
  onChange,
}: {
  formId: string;
  contact: Contact;
  errors: Partial<Record<Field, string>>;
  onChange: (change: Partial<Contact>) => void;
}) {
  return (
    <>
      <TextField
        label="Your name"
        form={formId}
        name="waitlistName"
        autoComplete="name"
        value={contact.name}
        error={errors.name}
        onChange={(event) => onChange({ name: event.target.value })}
      />
      <TextField
        label="Email"
        form={formId}
        name="waitlistEmail"
        type="email"
        autoComplete="email"
        hint="An email address, a WhatsApp number, or both."
        value={contact.email}
        error={errors.email}
        onChange={(event) => onChange({ email: event.target.value })}
      />
      <TextField
        label="WhatsApp number"
        form={formId}
        name="waitlistPhone"
        type="tel"
        autoComplete="tel"
        value={contact.phone}
        error={errors.phone}
        onChange={(event) => onChange({ phone: event.target.value })}
      />
    </>
  );
}
