/**
 * The booking form's vocabulary, shared by the booking page and the API: the hourly slots, the
 * referral sources, the health intake checklist and the messages. No zod here: the page needs
 * these at first paint, and the schema (booking-schema.ts) only when the visitor submits.
 */
import { contactMessages } from '../contact-messages';

/** Hourly appointment slots, 09:00 to 17:00, Lagos time. */
export const timeSlots = ['09:00', '10:00', '11:00', '12:00', '13:00', '14:00', '15:00', '16:00', '17:00'] as const;

/** The one service offered today; choosing it resets the options and the total. */
export const bookingServices = ['Massage'] as const;

export const referralSources = [
  'Social Media',
  'Word of Mouth',
  'Google Search',
  'Flyer/Poster',
  'Friend/Family Recommendation',
  'Other',
] as const;

/** The 29 conditions of the intake form: what a therapist must know before touching a client. */
export const healthConditions = [
  'Alcohol within 24hrs',
  'Recent Surgery',
  'Pregnancy',
  'Cancer',
  'Heart Condition',
  'Diabetes',
  'High Blood pressure',
  'Blood clot',
  'Low Blood Pressure',
  'Varicose Veins',
  'Epilepsy or Seizures',
  'Asthma or Breathing Difficulties',
  'Arthritis',
  'Osteoporosis',
  'Back or Neck Injury',
  'Recent Fracture or Sprain',
  'Herniated or Bulging Disc',
  'Headaches or Migraines',
  'Skin Condition or Rash',
  'Allergies to Oils or Lotions',
  'Open Wounds or Bruising',
  'Contagious Illness or Fever',
  'Numbness or Tingling',
  'Fibromyalgia',
  'Kidney or Liver Condition',
  'Stroke',
  'Pacemaker or Implant',
  'Blood-Thinning Medication',
  'Mental Health Condition',
] as const;

/**
 * A condition as people read it, in one casing ("High blood pressure", "Alcohol within 24 hours"):
 * the stored words above stay as the spec and the API have them.
 */
export const conditionLabel = (condition: string) =>
  (condition.charAt(0) + condition.slice(1).toLowerCase()).replace(/24hrs\b/, '24 hours');

export const bookingMessages = {
  noOption: 'Please select at least one service option.',
  noDisclaimer: 'Please agree to the disclaimer.',
  name: contactMessages.name,
  email: contactMessages.email,
  phone: contactMessages.phone,
  service: 'Please choose a service',
  date: 'Please choose a date from today onwards',
  time: 'Please choose an available time',
  medicationDetails: 'Please tell us which medication you take',
} as const;
