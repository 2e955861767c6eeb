/**
 * The booking form's state: a draft kept in session storage (it holds health details, so it must
 * not outlive the tab) until the booking is paid. The stored value is validated on load; anything
 * unreadable starts a fresh draft. Components read derived atoms and change the draft through
 * write-only action atoms.
 */
import { atom } from 'jotai';
import { atomWithStorage, createJSONStorage } from 'jotai/utils';
import * as z from 'zod/mini';
import { bookingServices, healthConditions, referralSources, timeSlots } from '../../../worker/shared/booking';
import { treatments } from '../../../worker/shared/catalogue';
import { priceBooking } from '../../../worker/shared/pricing';

const treatmentNames = treatments.map((treatment) => treatment.name) as [string, ...string[]];

const draftSchema = z.object({
  service: z.union([z.enum(bookingServices), z.literal('')]),
  subservices: z.array(z.enum(treatmentNames)),
  appointmentDate: z.string(),
  appointmentTime: z.union([z.enum(timeSlots), z.literal('')]),
  customerName: z.string(),
  customerEmail: z.string(),
  customerPhone: z.string(),
  notes: z.string(),
  referralSource: z.union([z.enum(referralSources), z.literal('')]),
  previousMassageTherapy: z.boolean(),
  onMedication: z.boolean(),
  medicationDetails: z.string(),
  exercising: z.boolean(),
  exerciseFrequency: z.string(),
  exerciseHours: z.string(),
  healthConditions: z.array(z.enum(healthConditions)),
  disclaimerAgreed: z.boolean(),
});

export type BookingDraft = z.infer<typeof draftSchema>;

export const emptyBookingDraft: BookingDraft = {
  service: 'Massage',
  subservices: [],
  appointmentDate: '',
  appointmentTime: '',
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

const sessionJson = createJSONStorage<BookingDraft>(() => sessionStorage);
const validatedStorage: typeof sessionJson = {
  ...sessionJson,
  getItem: (key, initialValue) => {
    const stored = sessionJson.getItem(key, initialValue);
    const parsed = draftSchema.safeParse(stored);
    return parsed.success ? parsed.data : initialValue;
  },
};

const draftAtom = atomWithStorage<BookingDraft>(BOOKING_DRAFT_KEY, emptyBookingDraft, validatedStorage, {
  getOnInit: true,
});

export const bookingDraftAtom = atom((get) => get(draftAtom));

/** The running total of the chosen treatments, priced exactly as the server will. */
export const bookingTotalAtom = atom((get) => {
  const priced = priceBooking(get(draftAtom).subservices);
  return priced.ok ? priced.total : 0;
});

export const updateBookingDraftAtom = atom(null, (get, set, changes: Partial<BookingDraft>) => {
  set(draftAtom, { ...get(draftAtom), ...changes });
});

/** Choosing a service resets its options (and so the total). */
export const chooseServiceAtom = atom(null, (get, set, service: BookingDraft['service']) => {
  set(draftAtom, { ...get(draftAtom), service, subservices: [] });
});

export const toggleTreatmentAtom = atom(null, (get, set, name: BookingDraft['subservices'][number]) => {
  const draft = get(draftAtom);
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
