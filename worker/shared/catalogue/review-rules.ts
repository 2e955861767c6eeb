/**
 * A review's limits and messages, without zod: the review page shows them before anyone types
 * (the schema, review-schema.ts, is the Worker's).
 */
import { groupDigits } from '../money.ts';

export const MAX_REVIEW_COMMENT = 2000;
/** Approved reviews each treatment and product carries to the pages (the API pages through all). */
export const TREATMENT_REVIEWS_SHOWN = 3;
export const PRODUCT_REVIEWS_SHOWN = 10;

/** An approved review as visitors read it (GET /api/reviews, the catalogue's pages). */
export interface PublicReview {
  id: string;
  /** The author as shown: "Funmi A.". */
  user: string;
  rating: number;
  comment: string;
  /** The studio's public answer. */
  reply?: string | null;
  /** yyyy-MM-dd, when it was written. */
  date?: string;
  /** Written through the private link of a visit or a delivered order (false: the shop's seed data). */
  verified?: boolean;
}

/** What a treatment or product carries of its reviews: the average (null with none), the count, the latest. */
export interface ReviewSummary {
  rating: number | null;
  reviewCount: number;
  reviews: readonly PublicReview[];
}
export const MAX_REVIEW_REPLY = 1000;

export const reviewMessages = {
  rating: 'Please choose from 1 to 5 stars.',
  therapistRating: 'Please rate your therapist from 1 to 5 stars, or leave it out.',
  comment: `Please keep your review to ${groupDigits(MAX_REVIEW_COMMENT)} characters.`,
  markup: 'Please write your review as plain text, without HTML.',
  badLink: 'This review link is not valid. Please open it again from your message.',
  alreadyReviewed: 'Thank you: this has already been reviewed, and one review is kept per visit or product.',
  notFound: 'That review is not on record.',
  reply: `Please keep the reply to ${groupDigits(MAX_REVIEW_REPLY)} characters.`,
  status: 'The status must be approved or hidden',
} as const;

/**
 * Text that reads as markup (a tag: `<b>`, `</p>`, `<script`, `<!--`): refused, so nothing in a
 * review looks like code anywhere it is shown. "<3" and "5 > 4" are words, not tags.
 */
export const looksLikeMarkup = (text: string) => /<\s*[a-zA-Z/!?]/.test(text);

/** How a client is named on a review: their first name and an initial ("Funmi A."). */
export function reviewAuthor(fullName: string): string {
  const [first = '', ...rest] = fullName.trim().split(/\s+/);
  const last = rest.at(-1);
  const given = first.charAt(0).toUpperCase() + first.slice(1);
  return last ? `${given} ${last.charAt(0).toUpperCase()}.` : given || 'A client';
}

/** Approved reviews by subject: each treatment's and each product's, by its id (the pages' and the API's). */
export interface ReviewBoard {
  treatments: Map<string, ReviewSummary & { reviews: PublicReview[] }>;
  products: Map<string, ReviewSummary & { reviews: PublicReview[] }>;
}

export const noReviews: ReviewSummary = { rating: null, reviewCount: 0, reviews: [] };
