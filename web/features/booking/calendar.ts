/** "Add to calendar" for a confirmed booking: a Google Calendar link and an .ics file, one hour long. */
import { lagosToUtc } from '../../../worker/shared/time';

export interface CalendarEvent {
  title: string;
  details: string;
  location: string;
  /** Lagos date yyyy-MM-dd and time HH:mm. */
  date: string;
  time: string;
}

const APPOINTMENT_MS = 60 * 60 * 1000;

/** 20261201T090000Z */
const stamp = (instant: Date) =>
  instant
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

function span(event: CalendarEvent) {
  const start = lagosToUtc(event.date, event.time);
  return { start, end: new Date(start.getTime() + APPOINTMENT_MS) };
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

export function icsFile(event: CalendarEvent, uid: string): string {
  const { start, end } = span(event);
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Spa & Skincare Studio//Booking//EN',
    'BEGIN:VEVENT',
    `UID:${uid}`,
    `DTSTAMP:${stamp(new Date())}`,
    `DTSTART:${stamp(start)}`,
    `DTEND:${stamp(end)}`,
    `SUMMARY:${escapeIcs(event.title)}`,
    `DESCRIPTION:${escapeIcs(event.details)}`,
    `LOCATION:${escapeIcs(event.location)}`,
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}
