/**
 * A review request's private link: `/review/<token>`. The token is an HMAC of what is reviewed (a
 * booking, or a product of an order) under a key derived from MANAGE_LINK_SECRET with its own
 * purpose label, so it cannot be guessed, altered or used for another purpose. The database keeps
 * only its SHA-256, so a copy of the database writes no review.
 */
import { keyedDigest, sha256Hex } from '../signing';

export type ReviewSubject =
  | { kind: 'visit'; bookingId: string }
  | { kind: 'product'; orderId: string; productId: string };

const subjectKey = (subject: ReviewSubject) =>
  subject.kind === 'visit' ? `visit:${subject.bookingId}` : `product:${subject.orderId}:${subject.productId}`;

export const reviewToken = (subject: ReviewSubject, secret: string) =>
  keyedDigest(secret, 'review-links', subjectKey(subject));

export const reviewTokenHash = (token: string) => sha256Hex(token);

/** A token's shape: 43 base64url characters. Anything else is refused unread. */
export const isReviewToken = (token: string) => /^[A-Za-z0-9_-]{43}$/.test(token);

export const reviewPath = (token: string) => `/review/${token}`;
