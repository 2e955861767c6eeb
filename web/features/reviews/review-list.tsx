import type { PublicReview } from '../../../worker/shared/catalogue/review-rules';
import { Rating } from '../../components/ui/rating';

/**
 * Approved reviews as visitors read them: who (first name and initial), the stars, their words
 * (always text: React escapes them) and the studio's public reply.
 */
export function ReviewList({ reviews, verifiedLabel }: { reviews: readonly PublicReview[]; verifiedLabel: string }) {
  return (
    <ul className="review-list">
      {reviews.map((review) => (
        <li key={review.id} className="review">
          <div className="review__meta">
            <p className="review__author">{review.user}</p>
            {review.verified ? <p className="review__badge">{verifiedLabel}</p> : null}
          </div>
          <Rating value={review.rating} />
          {review.comment ? <p className="review__comment">{review.comment}</p> : null}
          {review.reply ? (
            <p className="review__reply">
              <strong>Reply from the studio:</strong> {review.reply}
            </p>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
