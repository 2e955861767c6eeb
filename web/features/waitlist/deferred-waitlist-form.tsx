import { lazy, Suspense, useEffect, useRef, useState } from 'react';

const WaitlistForm = lazy(() => import('./waitlist-form').then((module) => ({ default: module.WaitlistForm })));

/**
 * The waitlist form sits below the fold: its code (the form and the validation rules) loads only
 * as the visitor scrolls near it, keeping it off every page's first load. The slot keeps the
 * form's height meanwhile, so nothing shifts when it arrives.
 */
export function DeferredWaitlistForm({ headingLevel }: { headingLevel?: 2 | 3 }) {
  const slotRef = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);

  useEffect(() => {
    const slot = slotRef.current;
    if (!slot || typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: '200px 0px' },
    );
    observer.observe(slot);
    return () => observer.disconnect();
  }, []);

  const placeholder = <div className="waitlist-slot__placeholder" aria-hidden="true" />;
  return (
    <div ref={slotRef} className="waitlist-slot">
      {near ? (
        <Suspense fallback={placeholder}>
          <WaitlistForm headingLevel={headingLevel} />
        </Suspense>
      ) : (
        placeholder
      )}
    </div>
  );
}
