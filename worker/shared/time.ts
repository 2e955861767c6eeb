/**
 * The studio's clock. Every business rule (slots, "today", coupon expiry, reminders) runs on
 * Africa/Lagos time, which is UTC+1 all year (Nigeria keeps no daylight saving time).
 */
const LAGOS_OFFSET_MS = 60 * 60 * 1000;

/** yyyy-MM-dd in Lagos for the given instant. */
export function lagosDate(now: Date): string {
  return new Date(now.getTime() + LAGOS_OFFSET_MS).toISOString().slice(0, 10);
}

/** HH:mm in Lagos for the given instant ("Offline since 10:42"). */
export function lagosClock(now: Date): string {
  return new Date(now.getTime() + LAGOS_OFFSET_MS).toISOString().slice(11, 16);
}

/** The UTC instant at which a Lagos wall-clock date and time (HH:mm) begins. */
export function lagosToUtc(date: string, time: string): Date {
  return new Date(new Date(`${date}T${time}:00Z`).getTime() - LAGOS_OFFSET_MS);
}

/** True for a real calendar date written yyyy-MM-dd. */
export function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
}

/** The date `days` after a yyyy-MM-dd date. */
/** The same day `months` months away ("2026-03-31" - 1 month → "2026-02-28": the month's last day at most). */
export function addMonths(date: string, months: number): string {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target.toISOString().slice(0, 10);
}

export function addDays(date: string, days: number): string {
  const parsed = new Date(`${date}T00:00:00Z`);
  parsed.setUTCDate(parsed.getUTCDate() + days);
  return parsed.toISOString().slice(0, 10);
}

const weekdayNames = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const monthNames = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/**
 * A yyyy-MM-dd date as people read it: "Tuesday, 24 November 2026" (en-GB's long date), written
 * out rather than through Intl: a DateTimeFormat costs its locale data when first made (on a slow
 * phone, in the middle of hydration), and every runtime then writes it the same way.
 */
export function formatDate(date: string): string {
  const day = new Date(`${date}T00:00:00Z`);
  return `${weekdayNames[day.getUTCDay()]}, ${day.getUTCDate()} ${monthNames[day.getUTCMonth()]} ${day.getUTCFullYear()}`;
}

/** An HH:mm slot on the 12-hour clock: "09:00" → "9:00 AM", "13:00" → "1:00 PM". */
export function formatTime(time: string): string {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return `${hours % 12 || 12}:${String(minutes).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** "Tuesday, 24 November 2026 at 11:00 AM". */
export function formatAppointment(date: string, time: string): string {
  return `${formatDate(date)} at ${formatTime(time)}`;
}

/** An appointment with its time zone named, as messages and the manage page show it. */
export const formatAppointmentWat = (date: string, time: string) => `${formatAppointment(date, time)} (WAT)`;

/** The Lagos wall-clock fields of a UTC instant (ISO text), read through UTC to stay zone-free. */
const inLagos = (iso: string) => new Date(Date.parse(iso) + LAGOS_OFFSET_MS);

const shortMonths = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A day in Lagos as the site writes it, day first: "2 Nov 2026". */
export function formatShortDate(iso: string): string {
  const local = inLagos(iso);
  return `${local.getUTCDate()} ${shortMonths[local.getUTCMonth()]} ${local.getUTCFullYear()}`;
}

/** The spec's 'MMM dd, yyyy' in Lagos, for the academy waitlist's joined dates only: "Nov 02, 2026". */
export function formatJoinedDate(iso: string): string {
  const local = inLagos(iso);
  return `${shortMonths[local.getUTCMonth()]} ${String(local.getUTCDate()).padStart(2, '0')}, ${local.getUTCFullYear()}`;
}

/** A moment in Lagos as staff read it: "2 Nov 2026, 3:04 PM". */
export function formatShortDateTime(iso: string): string {
  const local = inLagos(iso);
  const time = `${String(local.getUTCHours()).padStart(2, '0')}:${String(local.getUTCMinutes()).padStart(2, '0')}`;
  return `${formatShortDate(iso)}, ${formatTime(time)}`;
}

const unitMs = { seconds: 1000, minutes: 60_000, hours: 3_600_000, days: 86_400_000 } as const;

/** The instant, as ISO text, `amount` units before `now`: what a stored `…At` is compared with. */
export const isoBefore = (now: Date, amount: number, unit: keyof typeof unitMs): string =>
  new Date(now.getTime() - amount * unitMs[unit]).toISOString();
