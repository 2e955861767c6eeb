import { useEffect, useState } from 'react';

/** The time now, renewed every `intervalMs`: what counts down on screen (an offer's minutes left). */
export function useClock(intervalMs = 15_000): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/** Whole minutes from `now` until `iso` (0 once it has passed). */
export const minutesUntil = (iso: string, now: number) => Math.max(0, Math.ceil((Date.parse(iso) - now) / 60_000));
