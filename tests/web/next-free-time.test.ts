import { describe, expect, it } from 'vitest';
import { hasFullTimesAhead } from '../../web/features/booking/next-free-time';
import { lagosToUtc } from '../../worker/shared/time';

const day = '2026-12-01';
const slots = [
  { time: '09:00', left: 0 },
  { time: '10:00', left: 0 },
  { time: '11:00', left: 2 },
];

describe('the waitlist offer of a day', () => {
  it('counts a full time still to come', () => {
    expect(hasFullTimesAhead(day, slots, lagosToUtc(day, '08:30'))).toBe(true);
    expect(hasFullTimesAhead(day, slots, lagosToUtc(day, '09:30'))).toBe(true);
  });

  it('never counts a full time already gone, nor a day that has passed', () => {
    expect(hasFullTimesAhead(day, slots, lagosToUtc(day, '10:00'))).toBe(false);
    expect(hasFullTimesAhead(day, slots, lagosToUtc('2026-12-02', '08:00'))).toBe(false);
  });
});
