/**
 * The health intake: the questions and the consent a client answers when booking online, and by a
 * visit's form link when staff booked it (web/app/routes/visit-form.tsx). Its own small module so
 * that the two pages share only this, not the booking form's other sections.
 */
import { useState } from 'react';
import { conditionLabel, healthConditions } from '../../../worker/shared/bookings/booking';
import { CheckboxField, draftFields, TextField } from '../../components/ui/field';
import type { BookingDraft, FieldErrors } from './booking-draft';

/** The health questions' answers, as the booking form and a visit's form link (visit-form.tsx) hold them. */
export type HealthDraft = Pick<
  BookingDraft,
  | 'previousMassageTherapy'
  | 'onMedication'
  | 'medicationDetails'
  | 'exercising'
  | 'exerciseFrequency'
  | 'exerciseHours'
  | 'healthConditions'
>;

export function HealthSection({
  draft,
  errors,
  set,
  onToggleCondition,
  heading = '4. Health and background',
}: {
  draft: HealthDraft;
  errors: FieldErrors;
  set: (changes: Partial<HealthDraft>) => void;
  onToggleCondition: (condition: (typeof healthConditions)[number]) => void;
  heading?: string;
}) {
  const field = draftFields(draft, errors, (name, value) => set({ [name]: value }));
  const [noneApply, setNoneApply] = useState(false);
  return (
    <section className="booking-form__section" aria-labelledby="booking-health">
      <h2 id="booking-health">{heading}</h2>
      <p className="field__hint">This helps your therapist treat you safely. It stays private.</p>
      <CheckboxField
        label="I have had massage therapy before"
        name="previousMassageTherapy"
        checked={draft.previousMassageTherapy}
        onChange={(event) => set({ previousMassageTherapy: event.target.checked })}
      />
      <CheckboxField
        label="I am currently on medication"
        name="onMedication"
        checked={draft.onMedication}
        onChange={(event) => set({ onMedication: event.target.checked })}
      />
      {draft.onMedication ? <TextField label="Which medication?" {...field('medicationDetails')} /> : null}
      <CheckboxField
        label="I exercise regularly"
        name="exercising"
        checked={draft.exercising}
        onChange={(event) => set({ exercising: event.target.checked })}
      />
      {draft.exercising ? (
        <div className="booking-form__grid">
          <TextField
            label="Times per week"
            {...field('exerciseFrequency')}
            type="number"
            inputMode="numeric"
            min={0}
            max={14}
          />
          <TextField
            label="Hours per week"
            {...field('exerciseHours')}
            type="number"
            inputMode="numeric"
            min={0}
            max={40}
          />
        </div>
      ) : null}
      <fieldset className="conditions">
        <legend className="field__label">Do any of these apply to you?</legend>
        <div className="conditions__grid">
          {/* Ticking it clears the list; ticking a condition clears it: a "no" said, not a list skipped. */}
          <CheckboxField
            label="None of these apply"
            name="noHealthConditions"
            checked={noneApply && draft.healthConditions.length === 0}
            onChange={(event) => {
              setNoneApply(event.target.checked);
              if (event.target.checked) set({ healthConditions: [] });
            }}
          />
          {healthConditions.map((condition) => (
            <CheckboxField
              key={condition}
              label={conditionLabel(condition)}
              name="healthConditions"
              value={condition}
              checked={draft.healthConditions.includes(condition)}
              onChange={() => onToggleCondition(condition)}
            />
          ))}
        </div>
      </fieldset>
    </section>
  );
}

/** The consent asked with the health answers, online and by a visit's form link alike. */
export const healthConsent =
  'I confirm the information above is accurate, I have told the studio about any health condition, and I accept the 24-hour cancellation policy. I agree that the studio keeps my health answers for my treatment: only my therapist, managers and the owner see them, and they are erased 12 months after my visit.';
