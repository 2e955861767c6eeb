/**
 * The intake's health answers: sensitive personal data (NDPA 2023). They go only to the people
 * who care for the client (services/bookings/booking-visibility.ts), never into exports or messages.
 */
export interface HealthAnswers {
  onMedication: boolean;
  medicationDetails: string | null;
  exercising: boolean;
  exerciseFrequency: number | null;
  exerciseHours: number | null;
  healthConditions: string[];
  /** "Notes for your therapist": what a client writes there is about their body, so health data too. */
  notes: string | null;
}

export const healthAnswerKeys = [
  'onMedication',
  'medicationDetails',
  'exercising',
  'exerciseFrequency',
  'exerciseHours',
  'healthConditions',
  'notes',
] as const satisfies ReadonlyArray<keyof HealthAnswers>;
