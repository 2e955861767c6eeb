/** "Add to calendar" for a confirmed booking: a Google Calendar link and an .ics file, as long as the visit. */
import { lagosToUtc } from '../time';

export interface CalendarEvent {
  title: string;
  details: string;
  location: string;
  /** Lagos date yyyy-MM-dd and time HH:mm. */
  date: string;
  time: string;
  /** The visit's length; an hour when not given. */
  durationMinutes?: number;
}

/** 20261201T090000Z */
const stamp = (instant: Date) =>
  instant
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

function span(event: CalendarEvent) {
  const start = lagosToUtc(event.date, event.time);
  return { start, end: new Date(start.getTime() + (event.durationMinutes ?? 60) * 60_000) };
}

export function googleCalendarUrl(event: CalendarEvent): string {
  const { start, end } = span(event);
  const url = new URL('https://calendar.google.com/calendar/render');
  url.searchParams.set('action', 'TEMPLATE');
  url.searchParams.set('text', event.title);
  url.searchParams.set('dates', `${stamp(start)}/${stamp(end)}`);
  url.searchParams.set('details', event.details);
  url.searchParams.set('location', event.location);
  return url.toString();
}

const escapeIcs = (text: string) => text.replace(/[\\;,]/g, (char) => `\\${char}`).replace(/\n/g, '\\n');

/** RFC 5545 keeps content lines to 75 octets: longer ones continue on lines that begin with a space. */
function fold(line: string): string {
  const encoder = new TextEncoder();
  const parts: string[] = [];
  let part = '';
  for (const char of line) {
    const limit = parts.length === 0 ? 75 : 74; // continuation lines spend one octet on the space
    if (encoder.encode(part + char).length > limit) {
      parts.push(part);
      part = '';
    }
    part += char;
  }
  parts.push(part);
  return parts.join('\r\n ');
}

export function icsFile(event: CalendarEvent, uid: string): string {
  const { start, end } = span(event);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Spa & Skincare Studio//Booking//EN',
    'BEGIN:VEVENT',
    `UID:${uid}@booking.spa-studio`,
    `DTSTAMP:${stamp(new Date())}`,
    `DTSTART:${stamp(start)}`,
    `DTEND:${stamp(end)}`,
    `SUMMARY:${escapeIcs(event.title)}`,
    `DESCRIPTION:${escapeIcs(event.details)}`,
    `LOCATION:${escapeIcs(event.location)}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}
