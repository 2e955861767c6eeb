/**
 * What the waitlist form shows before any rule runs: the states to choose from and the size of
 * the early-bird offer. Kept apart from the zod rules (waitlist.ts), which the form loads only
 * when the visitor starts on it.
 */

/** Nigeria's 36 states and the Federal Capital Territory. */
export const nigerianStates = [
  'Abia',
  'Adamawa',
  'Akwa Ibom',
  'Anambra',
  'Bauchi',
  'Bayelsa',
  'Benue',
  'Borno',
  'Cross River',
  'Delta',
  'Ebonyi',
  'Edo',
  'Ekiti',
  'Enugu',
  'Federal Capital Territory',
  'Gombe',
  'Imo',
  'Jigawa',
  'Kaduna',
  'Kano',
  'Katsina',
  'Kebbi',
  'Kogi',
  'Kwara',
  'Lagos',
  'Nasarawa',
  'Niger',
  'Ogun',
  'Ondo',
  'Osun',
  'Oyo',
  'Plateau',
  'Rivers',
  'Sokoto',
  'Taraba',
  'Yobe',
  'Zamfara',
] as const;

/** The first registrants get a special tuition discount. */
export const EARLY_BIRD_PLACES = 50;

/** The signup's fields, in the order the form shows them. */
export const academyWaitlistFieldNames = ['firstName', 'state', 'email', 'whatsapp'] as const;
