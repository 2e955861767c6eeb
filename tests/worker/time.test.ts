import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  formatAppointment,
  formatDate,
  formatJoinedDate,
  formatShortDate,
  formatShortDateTime,
  formatTime,
  isIsoDate,
  lagosDate,
  lagosToUtc,
} from '../../worker/shared/time';

describe("the studio's clock (Africa/Lagos, UTC+1)", () => {
  it('starts the Lagos day at 23:00 UTC', () => {
    expect(lagosDate(new Date('2026-11-23T22:59:59Z'))).toBe('2026-11-23');
    expect(lagosDate(new Date('2026-11-23T23:00:00Z'))).toBe('2026-11-24');
  });

  it('turns a Lagos slot into the UTC instant it begins', () => {
    expect(lagosToUtc('2026-11-24', '09:00').toISOString()).toBe('2026-11-24T08:00:00.000Z');
    expect(lagosToUtc('2026-01-01', '00:00').toISOString()).toBe('2025-12-31T23:00:00.000Z');
  });

  it('accepts only real calendar dates and adds days across months and years', () => {
    expect(isIsoDate('2028-02-29')).toBe(true);
    expect(isIsoDate('2026-02-29')).toBe(false);
    expect(isIsoDate('24/11/2026')).toBe(false);
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });

  it('adds months to the same day, or the month’s last day when it has none (a voucher’s last day)', () => {
    expect(addMonths('2027-01-31', 1)).toBe('2027-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2028-02-29', 12)).toBe('2029-02-28');
    expect(addMonths('2028-02-29', 48)).toBe('2032-02-29');
    expect(addMonths('2026-11-30', 3)).toBe('2027-02-28');
    expect(addMonths('2026-12-15', 1)).toBe('2027-01-15');
    expect(addMonths('2026-03-31', 6)).toBe('2026-09-30');
    expect(addMonths('2026-11-26', 60)).toBe('2031-11-26');
  });

  it('writes dates and times as people read them', () => {
    expect(formatDate('2026-11-24')).toMatch(/^Tuesday,? 24 November 2026$/);
    expect(formatTime('09:00')).toBe('9:00 AM');
    expect(formatTime('12:00')).toBe('12:00 PM');
    expect(formatTime('17:00')).toBe('5:00 PM');
    expect(formatTime('00:30')).toBe('12:30 AM');
    expect(formatAppointment('2026-11-24', '11:00')).toMatch(/^Tuesday,? 24 November 2026 at 11:00 AM$/);
  });

  it("writes the admin's short dates in Lagos time, day first (the academy's joined dates 'MMM dd, yyyy')", () => {
    expect(formatShortDate('2026-11-02T10:00:00.000Z')).toBe('2 Nov 2026');
    expect(formatShortDate('2026-12-31T23:30:00.000Z')).toBe('1 Jan 2027');
    expect(formatJoinedDate('2026-11-02T10:00:00.000Z')).toBe('Nov 02, 2026');
    expect(formatJoinedDate('2026-12-31T23:30:00.000Z')).toBe('Jan 01, 2027');
    expect(formatShortDateTime('2026-11-02T14:04:00.000Z')).toBe('2 Nov 2026, 3:04 PM');
    expect(formatShortDateTime('2026-11-02T23:15:00.000Z')).toBe('3 Nov 2026, 12:15 AM');
  });
});
