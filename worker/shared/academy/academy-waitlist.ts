/**
 * The academy waitlist signup: one zod schema that both the form (field by field, as the visitor
 * types) and the API (the whole payload) validate with, so both sides say the same thing.
 * zod/mini: the browser downloads this too, and mini is a fraction of classic zod's size.
 */
import * as z from 'zod/mini';
import { singleLine } from '../plain-text';
import { nigerianStates } from './academy-waitlist-options';

export { EARLY_BIRD_PLACES, nigerianStates } from './academy-waitlist-options';

export const academyWaitlistMessages = {
  firstNameRequired: 'Please enter your first name',
  firstNameTooLong: 'First name is too long',
  emailRequired: 'Please enter your email address',
  emailInvalid: 'Please enter a valid email address',
  emailTooLong: 'Email address is too long',
  emailUsernameTooLong: 'Email username is too long',
  whatsappRequired: 'Please enter your WhatsApp number',
  whatsappInvalid: 'Please enter a valid WhatsApp number, e.g. 0803 123 4567 or +234 803 123 4567',
  stateRequired: 'Please choose your state of residence',
  duplicate: 'This email is already on the waitlist. We will be in touch as soon as enrolment opens.',
  confirmInvalid: 'This confirmation link is not valid or has expired. Please join the waitlist again.',
} as const;

/** An unconfirmed sign-up waits this long for its confirmation, then expires. */
export const CONFIRM_WITHIN_DAYS = 7;

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * A WhatsApp number in international form: Nigerian numbers typed locally (0803 123 4567), with
 * the country code (234…, +234…) or with 00 become +234 and ten digits; other countries keep
 * their + and code. Returns undefined for anything that is not a phone number.
 */
export function normaliseWhatsapp(input: string): string | undefined {
  const compact = input.trim().replace(/[\s().-]/g, '');
  if (!/^\+?\d+$/.test(compact)) return undefined;
  let digits = compact.startsWith('+') ? compact.slice(1) : compact.startsWith('00') ? compact.slice(2) : compact;
  if (!compact.startsWith('+') && !compact.startsWith('00')) {
    if (/^0[789][01]\d{8}$/.test(digits)) digits = `234${digits.slice(1)}`;
    else if (!/^234/.test(digits)) return undefined;
  }
  if (digits.startsWith('234')) {
    const national = digits.slice(3).replace(/^0/, '');
    return /^[789][01]\d{8}$/.test(national) ? `+234${national}` : undefined;
  }
  return /^[1-9]\d{7,14}$/.test(digits) ? `+${digits}` : undefined;
}

const required = (message: string) => z.string({ error: message }).check(z.trim(), z.minLength(1, message));

/** A function (the Worker builds no zod schema at startup), kept once built: forms check a field at a time. */
let builtFields: ReturnType<typeof buildAcademyWaitlistFields> | undefined;
export const academyWaitlistFields = () => {
  builtFields ??= buildAcademyWaitlistFields();
  return builtFields;
};

const buildAcademyWaitlistFields = () => ({
  firstName: required(academyWaitlistMessages.firstNameRequired).check(
    z.maxLength(60, academyWaitlistMessages.firstNameTooLong),
    singleLine(),
  ),
  email: required(academyWaitlistMessages.emailRequired).check(
    singleLine(academyWaitlistMessages.emailInvalid),
    z.toLowerCase(),
    z.maxLength(254, academyWaitlistMessages.emailTooLong),
    z.refine((email) => (email.split('@')[0] ?? '').length <= 64, academyWaitlistMessages.emailUsernameTooLong),
    z.regex(emailPattern, academyWaitlistMessages.emailInvalid),
  ),
  whatsapp: z.pipe(
    required(academyWaitlistMessages.whatsappRequired),
    z.transform((value: string, context) => {
      const normalised = normaliseWhatsapp(value);
      if (!normalised)
        context.issues.push({ code: 'custom', message: academyWaitlistMessages.whatsappInvalid, input: value });
      return normalised ?? value;
    }),
  ),
  state: z.enum(nigerianStates, { error: academyWaitlistMessages.stateRequired }),
});

export const academyWaitlistSignupSchema = () => z.object(academyWaitlistFields());

export type AcademyWaitlistSignupInput = z.input<ReturnType<typeof academyWaitlistSignupSchema>>;
export type AcademyWaitlistSignup = z.output<ReturnType<typeof academyWaitlistSignupSchema>>;
export type AcademyWaitlistField = keyof ReturnType<typeof academyWaitlistFields>;

/** The first message for one field's value, or undefined when it is valid. */
export function academyWaitlistFieldError(field: AcademyWaitlistField, value: unknown): string | undefined {
  const result = academyWaitlistFields()[field].safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}
