/** What a review and a moderation must hold (POST /api/reviews/:token, PUT /api/reviews/:id). */
import * as z from 'zod/mini';
import { multiLine } from '../plain-text';
import { reviewStatuses } from '../statuses';
import { looksLikeMarkup, MAX_REVIEW_COMMENT, MAX_REVIEW_REPLY, reviewMessages } from './review-rules';

const stars = (message: string) => z.int({ error: message }).check(z.minimum(1, message), z.maximum(5, message));

const plainComment = (max: number, tooLong: string) =>
  z.string({ error: tooLong }).check(
    multiLine(),
    z.trim(),
    z.maxLength(max, tooLong),
    z.refine((text) => !looksLikeMarkup(text), reviewMessages.markup),
  );

export const reviewBody = () =>
  z.object({
    rating: stars(reviewMessages.rating),
    comment: z._default(plainComment(MAX_REVIEW_COMMENT, reviewMessages.comment), ''),
    therapistRating: z.optional(z.nullable(stars(reviewMessages.therapistRating))),
  });

export const moderationBody = () =>
  z.object({
    status: z.enum(reviewStatuses.filter((status) => status !== 'pending') as ['approved', 'hidden'], {
      error: reviewMessages.status,
    }),
    reply: z.optional(z.nullable(plainComment(MAX_REVIEW_REPLY, reviewMessages.reply))),
  });
