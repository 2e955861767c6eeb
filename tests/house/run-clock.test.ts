// The browser tests' one clock (tests/e2e/support/run-clock.ts, worker/run-clock.ts): a run never starts
// within 90 minutes of Lagos midnight on its own clock, the moved clock reads as a Date should,
// and a public site never moves its clock.
import { describe, expect, it } from 'vitest';
import { applyRunClock, shiftClock } from '../../worker/run-clock';
import { runClockOffset } from '../e2e/support/run-clock';

const HOUR = 3_600_000;
const lagosMinutes = (instant: number) => {
  const lagos = new Date(instant + HOUR);
  return lagos.getUTCHours() * 60 + lagos.getUTCMinutes();
};

describe('the run clock', () => {
  it('leaves a daytime run on the machine’s time, and moves a late one back to the evening', () => {
    const noon = Date.parse('2026-12-31T11:00:00Z');
    expect(runClockOffset(noon)).toBe(0);
    for (const late of ['2026-12-31T21:30:00Z', '2026-12-31T22:59:00Z', '2027-02-28T22:10:00Z']) {
      const real = Date.parse(late);
      const start = real + runClockOffset(real);
      // 90 minutes at least before Lagos midnight, on the same Lagos day (the month's last).
      expect(lagosMinutes(start), late).toBeLessThanOrEqual(24 * 60 - 90);
      expect(new Date(start + HOUR).toISOString().slice(0, 10)).toBe(new Date(real + HOUR).toISOString().slice(0, 10));
    }
  });

  it('starts at E2E_CLOCK when one is given, kept clear of midnight the same way', () => {
    const real = Date.parse('2026-06-10T09:00:00Z');
    expect(real + runClockOffset(real, '2026-11-30T18:00:00Z')).toBe(Date.parse('2026-11-30T18:00:00Z'));
    expect(real + runClockOffset(real, '2026-12-31T22:50:00Z')).toBe(Date.parse('2026-12-31T19:50:00Z'));
    expect(() => runClockOffset(real, 'soon')).toThrow('E2E_CLOCK');
  });

  it('is never moved on a public site, nor without a development install', () => {
    const before = Date;
    applyRunClock({
      SITE_URL: 'https://studio.example.ng',
      ENVIRONMENT: 'development',
      RUN_CLOCK_OFFSET_MS: '-3600000',
    });
    applyRunClock({ SITE_URL: 'http://127.0.0.1:8787', ENVIRONMENT: 'production', RUN_CLOCK_OFFSET_MS: '-3600000' });
    expect(Date).toBe(before);
  });

  it('moves new Date() and Date.now() by the offset, once, and takes given dates as they are', () => {
    const offset = -3 * HOUR;
    const realNow = Date.now();
    applyRunClock({
      SITE_URL: 'http://127.0.0.1:8787',
      ENVIRONMENT: 'development',
      RUN_CLOCK_OFFSET_MS: String(offset),
    });
    shiftClock(offset); // a second call changes nothing
    expect(Math.abs(Date.now() - (realNow + offset))).toBeLessThan(5_000);
    // biome-ignore lint/complexity/useDateNow: the shifted `new Date()` is what is under test
    expect(Math.abs(new Date().getTime() - (realNow + offset))).toBeLessThan(5_000);
    expect(new Date('2026-12-31T23:00:00Z').toISOString()).toBe('2026-12-31T23:00:00.000Z');
    expect(new Date(2026, 11, 31).getFullYear()).toBe(2026);
    expect(new Date() instanceof Date).toBe(true);
    expect(Date.parse('2026-01-01T00:00:00Z')).toBe(Date.UTC(2026, 0, 1));
  });
});
