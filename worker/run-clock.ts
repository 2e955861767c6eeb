/**
 * The clock of a test run: a local development install may run with its clock moved by
 * RUN_CLOCK_OFFSET_MS (.dev.vars), so that the browser tests' site, the tests and their browser
 * share one time that no run's length can carry across Lagos midnight or a month's end
 * (tests/e2e/support/run-clock.ts picks it). Never on a public site: a public SITE_URL ignores it.
 * Every `new Date()` and `Date.now()` of the isolate reads the moved clock; a date given to
 * `new Date(…)` is taken as it is.
 */
import { isLocalAddress } from './shared/local-address';

interface ClockEnv {
  SITE_URL: string;
  ENVIRONMENT?: string;
  RUN_CLOCK_OFFSET_MS?: string;
}

/** Moves this global scope's clock by `offsetMs` (once; 0 leaves it alone). Self-contained: a page runs it too. */
export function shiftClock(offsetMs: number): void {
  const real = globalThis.Date as DateConstructor & { shiftedBy?: number };
  if (!offsetMs || real.shiftedBy !== undefined) return;
  class ShiftedDate extends real {
    static override shiftedBy = offsetMs;
    constructor(...args: unknown[]) {
      if (args.length === 0) super(real.now() + offsetMs);
      else super(...(args as [number]));
    }
    static override now(): number {
      return real.now() + offsetMs;
    }
  }
  globalThis.Date = ShiftedDate as unknown as DateConstructor;
}

/** Moves the clock as the install says, on a developer's or a test's install only. */
export function applyRunClock(env: ClockEnv): void {
  const offset = Number(env.RUN_CLOCK_OFFSET_MS ?? '');
  if (!Number.isFinite(offset) || offset === 0) return;
  if (!isLocalAddress(env.SITE_URL) || env.ENVIRONMENT !== 'development') return;
  shiftClock(offset);
}
