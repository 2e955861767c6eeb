import { type FormEvent, useId, useState } from 'react';
import { looksLikeMarkup, MAX_REVIEW_COMMENT, reviewMessages } from '../../../worker/shared/catalogue/review-rules';
import { groupDigits } from '../../../worker/shared/money';
import { formatDate } from '../../../worker/shared/time';
import { FormError, TextAreaField } from '../../components/ui/field';
import { HomeLink, PageHero } from '../../components/ui/page-hero';
import { PrivateLinkStatus } from '../../components/ui/private-link-status';
import { ApiError, api, GENERIC_ERROR_MESSAGE, request } from '../../lib/api-client';
import { usePageMeta } from '../../lib/page-meta';
import { usePrivateLink } from '../../lib/use-private-link';

type ReviewRequest = Awaited<ReturnType<typeof loadRequest>>;

const loadRequest = (token: string) => request(api['review-requests'][':token'].$get({ param: { token } }));

const starLabel = (stars: number) => `${stars} ${stars === 1 ? 'star' : 'stars'}`;
const STAR = 'M12 2l3.09 6.26L22 9.27l-5 4.87 1.18 6.88L12 17.77l-6.18 3.25L7 14.14 2 9.27l6.91-1.01L12 2z';

/** Five radio buttons drawn as stars: a fieldset whose legend says what is rated. */
function StarChoice({
  legend,
  hint,
  value,
  onChange,
  error,
}: {
  legend: string;
  hint?: string;
  value: number | null;
  onChange: (stars: number) => void;
  error?: string;
}) {
  const name = useId();
  return (
    <fieldset
      className={`star-choice${error ? ' field--invalid' : ''}`}
      aria-describedby={error ? `${name}-error` : undefined}
    >
      <legend className="field__label">{legend}</legend>
      {hint ? <p className="field__hint">{hint}</p> : null}
      <div className="star-choice__stars">
        {[1, 2, 3, 4, 5].map((stars) => (
          <label key={stars} className="star-choice__option">
            <input
              type="radio"
              name={name}
              value={stars}
              checked={value === stars}
              onChange={() => onChange(stars)}
              className="star-choice__input"
            />
            <svg
              width="36"
              height="36"
              viewBox="0 0 24 24"
              aria-hidden="true"
              focusable="false"
              className={
                value !== null && stars <= value ? 'star-choice__star star-choice__star--on' : 'star-choice__star'
              }
            >
              <path d={STAR} />
            </svg>
            <span className="visually-hidden">{starLabel(stars)}</span>
          </label>
        ))}
      </div>
      <p className="star-choice__value" aria-hidden="true">
        {value ? starLabel(value) : 'No stars chosen'}
      </p>
      {error ? (
        <p className="field__error" id={`${name}-error`}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

function ReviewForm({ token, review, onSent }: { token: string; review: ReviewRequest; onSent: () => void }) {
  const [rating, setRating] = useState<number | null>(null);
  const [therapistRating, setTherapistRating] = useState<number | null>(null);
  const [comment, setComment] = useState('');
  const [errors, setErrors] = useState<{ rating?: string; comment?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = {
      rating: rating === null ? reviewMessages.rating : undefined,
      comment:
        comment.length > MAX_REVIEW_COMMENT
          ? reviewMessages.comment
          : looksLikeMarkup(comment)
            ? reviewMessages.markup
            : undefined,
    };
    setErrors(found);
    if (found.rating || found.comment || rating === null) return;
    setBusy(true);
    try {
      await request(
        api.reviews[':token'].$post({
          param: { token },
          json: { rating, comment, ...(therapistRating ? { therapistRating } : {}) },
        }),
      );
      onSent();
    } catch (failure) {
      setErrors({ form: failure instanceof ApiError ? failure.message : GENERIC_ERROR_MESSAGE });
      setBusy(false);
    }
  }

  const visit = review.kind === 'visit';
  return (
    <form className="review-form card" onSubmit={submit} noValidate aria-labelledby="review-form-title">
      <h2 id="review-form-title">{visit ? 'Rate your visit' : `Rate ${review.subject}`}</h2>
      <StarChoice
        legend={visit ? 'Your visit' : 'The product'}
        value={rating}
        onChange={(stars) => {
          setRating(stars);
          setErrors((current) => ({ ...current, rating: undefined }));
        }}
        error={errors.rating}
      />
      {visit && review.therapistName ? (
        <StarChoice
          legend={`Your therapist, ${review.therapistName} (optional)`}
          hint="Only the studio sees this rating."
          value={therapistRating}
          onChange={setTherapistRating}
        />
      ) : null}
      <TextAreaField
        label="Your review"
        name="comment"
        rows={5}
        maxLength={MAX_REVIEW_COMMENT}
        hint={`A few words: what you liked, what we could do better (at most ${groupDigits(MAX_REVIEW_COMMENT)} characters). It is shown with your first name and initial once we have read it.`}
        value={comment}
        onChange={(event) => {
          setComment(event.target.value);
          setErrors((current) => ({ ...current, comment: undefined }));
        }}
        error={errors.comment}
      />
      <FormError message={errors.form} />
      <button type="submit" className="button button--primary button--large" disabled={busy}>
        {busy ? 'Sending…' : 'Send my review'}
      </button>
    </form>
  );
}

/** The private page a review request links to: stars, a few words, once. */
export default function ReviewPage() {
  usePageMeta('review');
  const { token, state, retry } = usePrivateLink(loadRequest);
  const [sent, setSent] = useState(false);

  if (state.step !== 'ready') {
    return (
      <PrivateLinkStatus
        state={state}
        eyebrow="Your review"
        loading={{ title: 'Your review', text: 'Loading…' }}
        missingTitle="Review link not found"
        failedTitle="We could not load this page"
        onRetry={retry}
      />
    );
  }
  const review = state.view;
  const about =
    review.kind === 'visit'
      ? `${review.subject}${review.visitDate ? ` on ${formatDate(review.visitDate)}` : ''}${review.therapistName ? ` with ${review.therapistName}` : ''}`
      : review.subject;
  if (sent || review.reviewed) {
    return (
      <PageHero
        eyebrow="Your review"
        title={sent ? 'Thank you for your review' : 'You have already reviewed this'}
        lead={
          sent
            ? 'We read every review before it appears on our site. Your words help others choose, and help us do better.'
            : `${about}: one review is kept per visit or product. Thank you for yours.`
        }
      >
        <HomeLink />
      </PageHero>
    );
  }
  return (
    <>
      <PageHero
        eyebrow="Your review"
        title={review.kind === 'visit' ? 'How was your visit?' : `How do you like ${review.subject}?`}
        lead={`${review.firstName ? `${review.firstName}, thank` : 'Thank'} you for choosing us. ${about}.`}
      />
      <section className="section section--tight">
        <div className="container">
          <ReviewForm token={token} review={review} onSent={() => setSent(true)} />
        </div>
      </section>
    </>
  );
}
