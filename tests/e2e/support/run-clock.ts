// The browser tests' one clock. Global setup takes the time once, moves it back to the evening when
// the run would otherwise start within 90 minutes of Lagos midnight (no run is that long, so none
// crosses midnight or a month's end), and gives the same offset to the site under test
// (RUN_CLOCK_OFFSET_MS, worker/run-clock.ts), to every test file and to every page they open.
// E2E_CLOCK (an ISO instant) starts the run's clock there instead: how a run on the last evening of
// a month, or at 23:55 in Lagos, is tried on any day.
import type { BrowserContext } from 'playwright-core';
import { shiftClock } from '../../../worker/run-clock';

const HOUR = 3_600_000;
/** A run that would start from 22:30 in Lagos starts three hours earlier on its own clock. */
const LATEST_START_MINUTES = 22 * 60 + 30;

/** The offset of the run's clock from the machine's, for a run starting now (or at `forced`). */
export function runClockOffset(realNow: number, forced?: string): number {
  const start = forced ? Date.parse(forced) : realNow;
  if (Number.isNaN(start)) throw new Error(`E2E_CLOCK is not an instant: ${forced}`);
  const lagos = new Date(start + HOUR);
  const minutes = lagos.getUTCHours() * 60 + lagos.getUTCMinutes();
  return start - realNow + (minutes >= LATEST_START_MINUTES ? -3 * HOUR : 0);
}

/** This process's clock moved by the run's offset (the tests' own `new Date()`). */
export const moveClockHere = (offsetMs: number) => shiftClock(offsetMs);

/** Every page of `context` reads the run's clock too (its `new Date()`, `Date.now()`). */
export async function moveClockIn(context: BrowserContext, offsetMs: number): Promise<void> {
  if (offsetMs !== 0) await context.addInitScript(shiftClock, offsetMs);
}
