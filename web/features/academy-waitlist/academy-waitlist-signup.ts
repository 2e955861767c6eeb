// The waitlist form's code that can wait: the API's validation rules and the request. The form
// loads it when the visitor first focuses a field (or submits), not with the page.
import {
  type WaitlistField,
  type WaitlistSignupInput,
  waitlistFieldError,
} from '../../../worker/shared/academy/academy-waitlist';
import { waitlistFieldNames } from '../../../worker/shared/academy/academy-waitlist-options';
import { api, request } from '../../lib/api-client';

export type WaitlistValues = Record<WaitlistField, string>;
export type WaitlistErrors = Partial<Record<WaitlistField, string>>;

/** Each field's first message under the API's own rules, in the form's order. */
export function validateSignup(values: WaitlistValues): WaitlistErrors {
  const errors: WaitlistErrors = {};
  for (const field of waitlistFieldNames) {
    const message = waitlistFieldError(field, values[field]);
    if (message) errors[field] = message;
  }
  return errors;
}

/** Sends a signup that passed validateSignup; rejects with the API's message otherwise. */
export function joinWaitlist(values: WaitlistValues) {
  // validateSignup passed, so the state is one of the listed states.
  const json = { ...values, state: values.state as WaitlistSignupInput['state'] };
  return request(api['academy-waitlist'].$post({ json }));
}
