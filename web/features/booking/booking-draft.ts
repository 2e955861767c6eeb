/**
 * The booking form's state: a draft kept in session storage (it holds health details, so it must
 * not outlive the tab) until the booking is paid. The stored value is validated on load; anything
 * unreadable starts a fresh draft. Components read derived atoms and change the draft through
 * write-only action atoms.
 */
import { atom } from 'jotai';
import { atomWithStorage, createJSONStorage } from 'jotai/utils';
import { bookingServices, healthConditions, referralSources } from '../../../worker/shared/bookings/booking';
import { priceBooking } from '../../../worker/shared/bookings/booking-pricing';
import { menuAtom, menuNamesOf } from '../catalogue/live-menu';

export interface BookingDraft {
  service: (typeof bookingServices)[number] | '';
  subservices: string[];
  appointmentDate: string;
  appointmentTime: string;
  /** A therapist's id, or "any" (absent in drafts stored before therapists existed). */
  therapistId?: string;
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  notes: string;
  referralSource: (typeof referralSources)[number] | '';
  previousMassageTherapy: boolean;
  onMedication: boolean;
  medicationDetails: string;
  exercising: boolean;
  exerciseFrequency: string;
  exerciseHours: string;
  healthConditions: Array<(typeof healthConditions)[number]>;
  disclaimerAgreed: boolean;
}

/** Said as soon as a day that has passed is typed (the booking form's own: no other page needs it). */
export const datePassedMessage = 'That date has passed. Please choose today or a later date.';

/** A message per field of the draft that is wrong (the form's sections show them). */
export type FieldErrors = Partial<Record<keyof BookingDraft, string>>;

const oneOf = (allowed: readonly string[]) => (value: unknown) => typeof value === 'string' && allowed.includes(value);
const isString = (value: unknown) => typeof value === 'string';
const isBoolean = (value: unknown) => typeof value === 'boolean';
/** Names, not checked against the menu here: the menu can change under a stored draft (bookingDraftAtom). */
const listOf = (allowed: readonly string[]) => (value: unknown) => Array.isArray(value) && value.every(oneOf(allowed));
const names = (value: unknown) => Array.isArray(value) && value.length <= 30 && value.every(isString);

/** Every field of a stored draft and what it must be (a hand check: zod stays off the first load). */
const draftFields: Record<keyof BookingDraft, (value: unknown) => boolean> = {
  service: oneOf(['', ...bookingServices]),
  subservices: names,
  appointmentDate: isString,
  // A start time from 09:00 to 17:00 on the half hour (shared/bookings/schedule.ts's anyStartTimes), or none
  // yet: a pattern, so the scheduling module stays off the booking page's first load.
  appointmentTime: (value) => typeof value === 'string' && /^$|^(09|1[0-6]):(00|30)$|^17:00$/.test(value),
  therapistId: (value) => value === undefined || isString(value),
  customerName: isString,
  customerEmail: isString,
  customerPhone: isString,
  notes: isString,
  referralSource: oneOf(['', ...referralSources]),
  previousMassageTherapy: isBoolean,
  onMedication: isBoolean,
  medicationDetails: isString,
  exercising: isBoolean,
  exerciseFrequency: isString,
  exerciseHours: isString,
  healthConditions: listOf(healthConditions),
  disclaimerAgreed: isBoolean,
};

function isBookingDraft(value: unknown): value is BookingDraft {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return Object.entries(draftFields).every(([field, valid]) => valid(record[field]));
}

export const emptyBookingDraft: BookingDraft = {
  service: 'Massage',
  subservices: [],
  appointmentDate: '',
  appointmentTime: '',
  therapistId: 'any',
  customerName: '',
  customerEmail: '',
  customerPhone: '',
  notes: '',
  referralSource: '',
  previousMassageTherapy: false,
  onMedication: false,
  medicationDetails: '',
  exercising: false,
  exerciseFrequency: '',
  exerciseHours: '',
  healthConditions: [],
  disclaimerAgreed: false,
};

export const BOOKING_DRAFT_KEY = 'spa.booking-draft';

// globalThis: the build prerenders the page in Node, which has no web storage.
const sessionJson = createJSONStorage<BookingDraft>(() => globalThis.sessionStorage);
const validatedStorage: typeof sessionJson = {
  ...sessionJson,
  getItem: (key, initialValue) => {
    const stored = sessionJson.getItem(key, initialValue);
    return isBookingDraft(stored) ? stored : initialValue;
  },
};

const draftAtom = atomWithStorage<BookingDraft>(BOOKING_DRAFT_KEY, emptyBookingDraft, validatedStorage, {
  getOnInit: true,
});

/** The draft, with only the chosen treatments still on the menu (staff may hide or rename one meanwhile). */
export const bookingDraftAtom = atom((get) => {
  const draft = get(draftAtom);
  const menu = get(menuAtom);
  const offered = menuNamesOf(menu, draft.subservices);
  const same = offered.length === draft.subservices.length && offered.every((name, i) => name === draft.subservices[i]);
  return same ? draft : { ...draft, subservices: offered };
});

/** The running total of the chosen treatments, priced from the menu exactly as the server will. */
export const bookingTotalAtom = atom((get) => {
  const priced = priceBooking(get(bookingDraftAtom).subservices, get(menuAtom));
  return priced.ok ? priced.total : 0;
});

export const updateBookingDraftAtom = atom(null, (get, set, changes: Partial<BookingDraft>) => {
  set(draftAtom, { ...get(draftAtom), ...changes });
});

/**
 * What the visitor typed, ticked or chose before the page was hydrated, on top of the stored
 * draft (useTypedBeforeHydration reads it from the form). A value of the wrong kind is ignored.
 */
export const adoptTypedDraftAtom = atom(null, (get, set, typed: Record<string, unknown>) => {
  const stored = get(draftAtom);
  const valid = Object.entries(typed).filter(
    ([field, value]) => Object.hasOwn(draftFields, field) && draftFields[field as keyof BookingDraft](value),
  );
  const draft: BookingDraft = { ...stored, ...Object.fromEntries(valid) };
  // As in the form: another service clears its options, another date the time chosen.
  if (draft.service !== stored.service && !('subservices' in typed)) draft.subservices = [];
  if (draft.appointmentDate !== stored.appointmentDate) draft.appointmentTime = '';
  set(draftAtom, draft);
});

/** Choosing a service resets its options (and so the total). */
export const chooseServiceAtom = atom(null, (get, set, service: BookingDraft['service']) => {
  set(draftAtom, { ...get(draftAtom), service, subservices: [] });
});

export const toggleTreatmentAtom = atom(null, (get, set, name: string) => {
  // The shown draft: a kept name the menu spells anew ("Hotstone") is toggled as the menu's.
  const draft = get(bookingDraftAtom);
  const subservices = draft.subservices.includes(name)
    ? draft.subservices.filter((chosen) => chosen !== name)
    : [...draft.subservices, name];
  set(draftAtom, { ...draft, subservices });
});

export const toggleHealthConditionAtom = atom(null, (get, set, condition: (typeof healthConditions)[number]) => {
  const draft = get(draftAtom);
  const chosen = draft.healthConditions.includes(condition)
    ? draft.healthConditions.filter((item) => item !== condition)
    : [...draft.healthConditions, condition];
  set(draftAtom, { ...draft, healthConditions: chosen });
});

/** After payment the draft is gone for good. */
export const clearBookingDraftAtom = atom(null, (_get, set) => {
  set(draftAtom, emptyBookingDraft);
  sessionStorage.removeItem(BOOKING_DRAFT_KEY);
});
