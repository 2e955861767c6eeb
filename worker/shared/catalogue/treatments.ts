/**
 * What a treatment is, the menu's groups and how a length reads. The treatments themselves are
 * data in D1 (staff edit them); the list the studio opened with is treatment-list.ts.
 */

import type { PublicReview } from './review-rules';

export type TreatmentGroupId = 'sensual' | 'therapeutic';

export interface Treatment {
  /** Stable slug used in URLs and test ids. */
  id: string;
  /** The name the studio uses; bookings store and send this name. */
  name: string;
  group: TreatmentGroupId;
  description: string;
  /** Whole naira. */
  price: number;
  /** Minutes, or null for the overnight treatment. */
  durationMinutes: number | null;
  /** Percent paid online when booked, the rest at the studio; 0 or absent: paid online in full. */
  depositPercent?: number;
  /** Its approved reviews' average, their count and the latest few (absent: none yet). */
  rating?: number | null;
  reviewCount?: number;
  reviews?: readonly PublicReview[];
}

/**
 * A treatment's name as bookings match it: case and spaces aside, so a name kept or linked before
 * the menu spelt it anew ("Hotstone", now "Hot Stone") still finds it.
 */
export const treatmentKey = (name: string) => name.replace(/\s+/g, '').toLowerCase();

/** Whether two names are one treatment's (treatmentKey). */
export const sameTreatment = (a: string, b: string) => treatmentKey(a) === treatmentKey(b);

export const treatmentGroups: ReadonlyArray<{ id: TreatmentGroupId; title: string; intro: string }> = [
  {
    id: 'sensual',
    title: 'Signature Body Rituals',
    intro: 'Slow, immersive rituals that melt tension and reconnect body and mind.',
  },
  {
    id: 'therapeutic',
    title: 'Therapeutic Massage',
    intro: 'Focused bodywork that eases sore muscles, improves circulation and restores ease of movement.',
  },
];

export function durationLabel(treatment: Treatment): string {
  return treatment.durationMinutes === null ? 'Overnight' : `${treatment.durationMinutes} mins`;
}
