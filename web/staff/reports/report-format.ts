/** How the Reports screen writes its numbers and days. */
import { formatNaira, groupDigits } from '../../../worker/shared/money';
import type { Rate } from '../../../worker/shared/report-rules';
import { formatShortDate } from '../../../worker/shared/time';

/** A share as a percent with one decimal ("12.5%"), or a dash when there was nothing to divide. */
export const percent = (value: Rate) => (value === null ? '—' : `${(value * 100).toFixed(1).replace(/\.0$/, '')}%`);

/** Minutes as hours with one decimal ("37.5 h"). */
export const hours = (minutes: number) => `${groupDigits(Math.round(minutes / 6) / 10)} h`;

/** An axis's naira: "₦250k", "₦1.5m". */
export function compactNaira(value: number): string {
  if (value >= 1_000_000) return `₦${Number((value / 1_000_000).toFixed(2))}m`;
  if (value >= 1_000) return `₦${Number((value / 1_000).toFixed(1))}k`;
  return formatNaira(value);
}

/** A Lagos date as the admin writes it: "2 Nov 2026". */
export const day = (date: string) => formatShortDate(`${date}T12:00:00Z`);

/** A chart's day under its bar: "2 Nov". */
export const shortDay = (date: string) => day(date).replace(/ \d{4}$/, '');

/** An hour of the day as a range on the studio's clock: "2 PM–3 PM". */
export function hourRange(hour: number): string {
  const label = (h: number) => `${h % 12 || 12} ${h % 24 < 12 ? 'AM' : 'PM'}`;
  return `${label(hour)}–${label(hour + 1)}`;
}

export { formatNaira };
