import { describe, expect, it } from 'vitest';
import { type CalendarEvent, googleCalendarUrl, icsFile } from '../../worker/shared/bookings/calendar';

const event: CalendarEvent = {
  title: 'Swedish + Hotstone at Spa & Skincare Studio',
  details: 'Booking reference BK-123. Please arrive 10 minutes early; bring comfortable clothes, and relax.',
  location: '12 Admiralty Way, Lekki Phase 1, Lagos, Nigeria — second floor, opposite the bank',
  date: '2026-11-24',
  time: '11:00',
};

describe('add to calendar', () => {
  it('links to a one-hour Google Calendar event in UTC', () => {
    const url = new URL(googleCalendarUrl(event));
    expect(url.searchParams.get('action')).toBe('TEMPLATE');
    expect(url.searchParams.get('dates')).toBe('20261124T100000Z/20261124T110000Z');
    expect(url.searchParams.get('location')).toBe(event.location);
  });

  it('writes an .ics file with CRLF lines of at most 75 octets that unfold to the event', () => {
    const ics = icsFile(event, 'BK-123');
    expect(ics.endsWith('\r\n')).toBe(true);
    const lines = ics.slice(0, -2).split('\r\n');
    for (const line of lines) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    const unfolded = ics.replace(/\r\n /g, '').split('\r\n');
    expect(unfolded).toContain('DTSTART:20261124T100000Z');
    expect(unfolded).toContain('DTEND:20261124T110000Z');
    expect(unfolded).toContain('UID:BK-123@booking.spa-studio');
    expect(unfolded).toContain('SUMMARY:Swedish + Hotstone at Spa & Skincare Studio');
    expect(unfolded).toContain(
      'DESCRIPTION:Booking reference BK-123. Please arrive 10 minutes early\\; bring comfortable clothes\\, and relax.',
    );
    expect(unfolded.some((line) => line.startsWith('LOCATION:') && line.includes('opposite the bank'))).toBe(true);
    expect(lines.length).toBeGreaterThan(unfolded.length); // the long lines were folded
  });
});
