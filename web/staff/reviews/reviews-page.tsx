import { useId, useState } from 'react';
import { MAX_REVIEW_REPLY } from '../../../worker/shared/catalogue/review-rules';
import { DEFAULT_PAGE_SIZE } from '../../../worker/shared/pagination';
import { formatDate, formatShortDateTime } from '../../../worker/shared/time';
import { TextAreaField } from '../../components/ui/field';
import { Rating } from '../../components/ui/rating';
import { adminPage, adminRequest, api } from '../frame/admin-api';
import { Detail, StatusBadge } from '../kits/admin-ui';
import { type AdminAction, TabbedList } from '../kits/tabbed-list';

const tabs = [
  { value: 'pending', label: 'Waiting' },
  { value: 'approved', label: 'Approved' },
  { value: 'hidden', label: 'Hidden' },
] as const;
type Tab = (typeof tabs)[number]['value'];

const query = (page: number) => ({ page: String(page), pageSize: String(DEFAULT_PAGE_SIZE) });

// The list has no search, so a tab is always chosen.
const loadReviews = async (status: Tab = 'pending', page = 1) => {
  const { rows, total } =
    status === 'pending'
      ? await adminPage(api.reviews.pending.$get({ query: query(page) }))
      : await adminPage(api.reviews.staff.$get({ query: { ...query(page), status } }));
  return { rows: rows.reviews, total };
};
type Review = Awaited<ReturnType<typeof loadReviews>>['rows'][number];

export const REVIEWS_FETCH_ERROR = 'Error fetching reviews';
const REVIEW_UPDATE_ERROR = 'Error updating the review';

/**
 * Reviews: clients' reviews wait here until staff approve them (shown on the site at once) or
 * hide them; an approved one can carry the studio's public reply. The shop's first reviews are
 * marked as seed data.
 */
export default function ReviewsPage() {
  return (
    <TabbedList
      title="Reviews"
      tabs={tabs}
      load={loadReviews}
      errorMessage={REVIEWS_FETCH_ERROR}
      emptyMessage={(tab) => (tab === 'waiting' ? 'No reviews are waiting: all caught up.' : `No ${tab} reviews`)}
      renderRow={(review, act) => <ReviewRow key={review._id} review={review} act={act} />}
    />
  );
}

function ReviewRow({ review, act }: { review: Review; act: AdminAction }) {
  const [reply, setReply] = useState(review.reply ?? '');
  const [busy, setBusy] = useState(false);
  const titleId = useId();
  const about = `${review.author}’s review`;

  async function moderate(status: 'approved' | 'hidden', success: string) {
    setBusy(true);
    await act(
      () => adminRequest(api.reviews[':id'].$put({ param: { id: review._id }, json: { status, reply: reply.trim() } })),
      success,
      REVIEW_UPDATE_ERROR,
    );
    setBusy(false);
  }

  const replyChanged = reply.trim() !== (review.reply ?? '');
  return (
    <li className="admin-row review-row" aria-labelledby={titleId}>
      <ReviewHead review={review} titleId={titleId} />
      <Rating value={review.rating} />
      {review.comment ? (
        <blockquote className="review-row__comment">{review.comment}</blockquote>
      ) : (
        <p className="review-row__comment review-row__comment--none">Stars only, no words.</p>
      )}
      <ReviewDetails review={review} />
      <TextAreaField
        label="Public reply (optional)"
        hint="Shown under the review on the site, from the studio."
        rows={2}
        maxLength={MAX_REVIEW_REPLY}
        value={reply}
        onChange={(event) => setReply(event.target.value)}
      />
      <div className="review-row__actions">
        {review.status !== 'approved' ? (
          <button
            type="button"
            className="button button--primary button--small"
            disabled={busy}
            onClick={() => moderate('approved', `${about} is approved and shown on the site.`)}
          >
            Approve<span className="visually-hidden"> {about}</span>
          </button>
        ) : replyChanged ? (
          <button
            type="button"
            className="button button--primary button--small"
            disabled={busy}
            onClick={() => moderate('approved', `The reply to ${about} is saved.`)}
          >
            Save reply<span className="visually-hidden"> to {about}</span>
          </button>
        ) : null}
        {review.status !== 'hidden' ? (
          <button
            type="button"
            className="button button--secondary button--small"
            disabled={busy}
            onClick={() => moderate('hidden', `${about} is hidden from the site.`)}
          >
            Hide<span className="visually-hidden"> {about}</span>
          </button>
        ) : null}
      </div>
    </li>
  );
}

/** Who wrote the review and about what, whether it is seed data or verified, and whether it is hidden. */
function ReviewHead({ review, titleId }: { review: Review; titleId: string }) {
  return (
    <div className="review-row__head">
      <h2 className="admin-row__name" id={titleId}>
        {review.author} · {review.subject}
      </h2>
      <div className="admin-row__badges">
        {review.source === 'seed' ? (
          <StatusBadge status="Seed data (the old site’s)" tone="info" />
        ) : (
          <StatusBadge status={review.kind === 'visit' ? 'Verified visit' : 'Verified buyer'} tone="success" />
        )}
        {review.status === 'hidden' ? <StatusBadge status="Hidden" tone="warning" /> : null}
      </div>
    </div>
  );
}

/** When the review was written, the client, visit and therapist behind it, and the last decision on it. */
function ReviewDetails({ review }: { review: Review }) {
  return (
    <dl className="admin-details">
      <Detail label="Written">{formatShortDateTime(review.createdAt)}</Detail>
      {review.clientName ? <Detail label="Client">{review.clientName}</Detail> : null}
      {review.visitDate ? <Detail label="Visit">{formatDate(review.visitDate)}</Detail> : null}
      {review.therapistName ? (
        <Detail label="Therapist">
          {review.therapistName}
          {review.therapistRating ? ` · rated ${review.therapistRating} of 5 (only staff see this)` : ''}
        </Detail>
      ) : null}
      {review.moderatedBy && review.moderatedAt ? (
        <Detail label="Last decision">
          {review.moderatedBy}, {formatShortDateTime(review.moderatedAt)}
        </Detail>
      ) : null}
    </dl>
  );
}
