/**
 * "Join the waitlist" on /booking, for a day whose times are full: the treatments and therapist
 * already chosen, up to 5 days, a part of the day, a name, an email and/or WhatsApp number and
 * the consent to be contacted about it. Loaded when the visitor asks for it, never with the page.
 */
import { type FormEvent, useId, useState } from 'react';
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

/** Days offered to choose from: the chosen one and the two weeks after it. */
const DAYS_SHOWN = 14;
const weekdayOf = new Intl.DateTimeFormat('en-GB', { weekday: 'short', timeZone: 'UTC' });
const dayAndMonth = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });

export interface WaitlistChoice {
  /** Catalogue ids and names of the chosen treatments. */
  treatments: string[];
  treatmentNames: string[];
  therapist: string;
  therapistName?: string;
  date: string;
  contact: { name: string; email: string; phone: string };
}

type Field = 'dates' | 'window' | 'name' | 'email' | 'phone' | 'consent' | 'treatments' | 'therapistId';

export function TimeWaitlistForm({ choice }: { choice: WaitlistChoice }) {
  const [dates, setDates] = useState<string[]>([choice.date]);
  const [window, setWindow] = useState<DayPart>('any');
  const [name, setName] = useState(choice.contact.name);
  const [email, setEmail] = useState(choice.contact.email);
  const [phone, setPhone] = useState(choice.contact.phone);
  const [consent, setConsent] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [alert, setAlert] = useState<string>();
  const [joined, setJoined] = useState<number>();
  const [busy, setBusy] = useState(false);
  const headingId = useId();
  // Its own form, kept outside the booking form (forms do not nest): the fields name it.
  const formId = useId();
  const days = Array.from({ length: DAYS_SHOWN }, (_, index) => addDays(choice.date, index));

  const toggleDay = (day: string) => {
    setDates((current) => (current.includes(day) ? current.filter((each) => each !== day) : [...current, day].sort()));
    setErrors((current) => ({ ...current, dates: undefined }));
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // React carries a portal's events up its own tree: the booking form around must not see this one.
    event.stopPropagation();
    const body: TimeWaitlistJoinInput = {
      treatments: choice.treatments,
      therapistId: choice.therapist || 'any',
      dates,
      window,
      name,
      email: email.trim(),
      phone: phone.trim(),
      consent: consent as true,
    };
    const checked = timeWaitlistJoinSchema().safeParse(body);
    if (!checked.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of checked.error.issues) {
        const field = String(issue.path[0]) as Field;
        found[field] ??= issue.message;
      }
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

  if (joined !== undefined) {
    return (
      <div className="time-waitlist__joined" role="status">
        <h3>You are on the waitlist</h3>
        <p>
          You are number {joined} in line. Check your email or WhatsApp and confirm your place: we offer times only to
          confirmed places (a place not confirmed within 24 hours ends). If a place frees, we offer it to you at once,
          held for you for a few minutes: please answer soon. Your message has a link to see or leave your place.
        </p>
      </div>
    );
  }

  const full = dates.length >= MAX_WAITLIST_DATES;
  return (
    <section className="time-waitlist card" aria-labelledby={headingId}>
      {createPortal(<form id={formId} onSubmit={submit} noValidate />, document.body)}
      <h3 id={headingId}>Join the waitlist</h3>
      <p className="field__hint">
        For {choice.treatmentNames.join(', ')} with{' '}
        {choice.therapist === 'any' ? 'any therapist' : (choice.therapistName ?? 'the therapist you chose')}. We offer a
        freed place to the first in line, held for them, paid online.
      </p>
      <fieldset className="time-waitlist__days" aria-describedby={errors.dates ? 'waitlist-dates-error' : undefined}>
        <legend className="field__label">Days you could come (up to {MAX_WAITLIST_DATES})</legend>
        <div className="time-waitlist__day-grid">
          {days.map((day) => (
            <label key={day} className="option time-waitlist__day">
              <input
                type="checkbox"
                form={formId}
                name="dates"
                value={day}
                checked={dates.includes(day)}
                disabled={full && !dates.includes(day)}
                onChange={() => toggleDay(day)}
              />
              <span className="option__name time-waitlist__day-name">
                <span>{weekdayOf.format(new Date(`${day}T00:00:00Z`))}</span>{' '}
                <span>{dayAndMonth.format(new Date(`${day}T00:00:00Z`))}</span>
              </span>
            </label>
          ))}
        </div>
        {errors.dates ? (
          <p className="field__error" id="waitlist-dates-error">
            {errors.dates}
          </p>
        ) : null}
      </fieldset>
      <fieldset className="time-waitlist__parts">
        <legend className="field__label">Part of the day</legend>
        {dayParts.map((part) => (
          <label key={part} className="option">
            <input
              type="radio"
              form={formId}
              name="window"
              value={part}
              checked={window === part}
              onChange={() => setWindow(part)}
            />
            <span className="option__name">{dayPartLabels[part]}</span>
          </label>
        ))}
      </fieldset>
      <TextField
        label="Your name"
        form={formId}
        name="waitlistName"
        autoComplete="name"
        value={name}
        error={errors.name}
        onChange={(event) => setName(event.target.value)}
      />
      <TextField
        label="Email"
        form={formId}
        name="waitlistEmail"
        type="email"
        autoComplete="email"
        hint="An email address, a WhatsApp number, or both."
        value={email}
        error={errors.email}
        onChange={(event) => setEmail(event.target.value)}
      />
      <TextField
        label="WhatsApp number"
        form={formId}
        name="waitlistPhone"
        type="tel"
        autoComplete="tel"
        value={phone}
        error={errors.phone}
        onChange={(event) => setPhone(event.target.value)}
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
