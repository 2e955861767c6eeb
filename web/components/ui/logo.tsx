import { studio } from '../../config/studio';

/** The studio's mark (a drop held by two leaves) and name. */
export function Logo() {
  return (
    <span className="logo">
      <svg className="logo__mark" width="36" height="36" viewBox="0 0 40 40" aria-hidden="true" focusable="false">
        <circle cx="20" cy="20" r="19" fill="none" stroke="currentColor" strokeWidth="1.5" />
        <path d="M20 9c-4.5 5.6-6.5 9.7-6.5 13a6.5 6.5 0 0 0 13 0c0-3.3-2-7.4-6.5-13z" fill="currentColor" />
        <path
          d="M9 24c4 0 7 2 8.5 6M31 24c-4 0-7 2-8.5 6"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.5"
          strokeLinecap="round"
        />
      </svg>
      <span className="logo__name">{studio.name}</span>
    </span>
  );
}
