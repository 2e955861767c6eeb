// The waitlist form's code that can wait: the API's validation rules and the request. The form
// loads it when the visitor first focuses a field (or submits), not with the page.
import {
  type AcademyWaitlistField,
  type AcademyWaitlistSignupInput,
  academyWaitlistFieldError,
} from '../../../worker/shared/academy/academy-waitlist';
import { academyWaitlistFieldNames } from '../../../worker/shared/academy/academy-waitlist-options';
import { api, request } from '../../lib/api-client';

export type AcademyWaitlistValues = Record<AcademyWaitlistField, string>;
export type AcademyWaitlistErrors = Partial<Record<AcademyWaitlistField, string>>;

/** Each field's first message under the API's own rules, in the form's order. */
export function validateSignup(values: AcademyWaitlistValues): AcademyWaitlistErrors {
  const errors: AcademyWaitlistErrors = {};
  for (const field of academyWaitlistFieldNames) {
    const message = academyWaitlistFieldError(field, values[field]);
    if (message) errors[field] = message;
  }
  return errors;
}

/** Sends a signup that passed validateSignup; rejects with the API's message otherwise. */
export function joinAcademyWaitlist(values: AcademyWaitlistValues) {
  // validateSignup passed, so the state is one of the listed states.
  const json = { ...values, state: values.state as AcademyWaitlistSignupInput['state'] };
  return request(api['academy-waitlist'].$post({ json }));
}
