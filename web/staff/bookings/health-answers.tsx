/**
 * A booking's health answers and the client's notes for their therapist on the staff screens. The
 * API sends them only to those who care for the client (owner, manager, the visit's therapist);
 * anyone else sees who can read them.
 */
import { conditionLabel } from '../../../worker/shared/bookings/booking';
import type { HealthAnswers } from '../../../worker/shared/bookings/health-answers';
import { Detail } from '../kits/admin-ui';

type WithHealth = Partial<HealthAnswers>;

export const HEALTH_HIDDEN_TEXT = 'Shown only to the visit’s therapist, managers and the owner.';

/** The answers, or null when this person's role does not read them. */
const answersOf = (booking: WithHealth): HealthAnswers | null =>
  booking.healthConditions === undefined ? null : (booking as HealthAnswers);

/** Something declared that the therapist must read first (false when hidden from this person). */
export function hasHealthNotes(booking: WithHealth): boolean {
  const answers = answersOf(booking);
  return answers !== null && (answers.healthConditions.length > 0 || answers.onMedication || Boolean(answers.notes));
}

/** The answers as details of the booking; `brief` leaves out exercise (the calendar's dialog). */
export function HealthAnswerDetails({ booking, brief }: { booking: WithHealth; brief?: boolean }) {
  const answers = answersOf(booking);
  if (!answers) {
    return (
      <Detail label="Health answers" wide>
        {HEALTH_HIDDEN_TEXT}
      </Detail>
    );
  }
  return (
    <>
      {brief ? null : <Detail label="On medication">{answers.onMedication ? 'Yes' : 'No'}</Detail>}
      {answers.onMedication ? <Detail label="Medication">{answers.medicationDetails || '-'}</Detail> : null}
      {brief ? null : (
        <Detail label="Exercise">
          {answers.exercising
            ? `Yes: ${answers.exerciseFrequency ?? '-'} times, ${answers.exerciseHours ?? '-'} hours a week`
            : 'No'}
        </Detail>
      )}
      <Detail label="Health conditions" wide>
        {answers.healthConditions.length > 0 ? (
          <ul className="admin-details__conditions">
            {answers.healthConditions.map((condition) => (
              <li key={condition}>{conditionLabel(condition)}</li>
            ))}
          </ul>
        ) : (
          'None declared'
        )}
      </Detail>
      <Detail label="Notes" wide>
        {answers.notes || '-'}
      </Detail>
    </>
  );
}
