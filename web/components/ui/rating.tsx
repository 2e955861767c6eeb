/**
 * A star rating, read out as "Rated 4.8 out of 5". Stars are drawn to the nearest half. With a
 * count of no reviews it says so instead.
 */
const STAR = 'M12 2l3.09 6.26L22 9.27l-5 4.87 1.18 6.88L12 17.77l-6.18 3.25L7 14.14 2 9.27l6.91-1.01L12 2z';
const LEFT_HALF = 'M12 2L8.91 8.26 2 9.27l5 4.87-1.18 6.88L12 17.77z';

export function Rating({ value, reviews }: { value: number; reviews?: number }) {
  // A product staff have just added has no rating yet: "0.0" would read as the worst.
  if (reviews === 0) return <p className="rating rating__count">No reviews yet</p>;
  const halves = Math.round(value * 2);
  return (
    <p className="rating">
      <span className="rating__stars" aria-hidden="true">
        {[0, 1, 2, 3, 4].map((index) => {
          const fill = halves - index * 2; // 2 full, 1 half, 0 or less empty
          return (
            <svg key={index} width="16" height="16" viewBox="0 0 24 24" focusable="false" aria-hidden="true">
              <path d={STAR} className={fill >= 2 ? 'rating__full' : 'rating__empty'} />
              {fill === 1 ? <path d={LEFT_HALF} className="rating__full" /> : null}
            </svg>
          );
        })}
      </span>
      <span className="visually-hidden">Rated {value} out of 5</span>
      <span aria-hidden="true">{value.toFixed(1)}</span>
      {reviews !== undefined ? (
        <span className="rating__count">
          ({reviews} {reviews === 1 ? 'review' : 'reviews'})
        </span>
      ) : null}
    </p>
  );
}
