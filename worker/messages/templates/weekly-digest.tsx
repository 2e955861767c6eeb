/**
 * To the owners, each Monday: last week's figures against the week before's (money in, visits,
 * no-shows, how full the diary was, rebooking), the top treatment, the busiest and emptiest hours,
 * and the link to the Reports screen for the rest. Figures are the Reports screen's own
 * (shared/report-rules.ts), so the email and the screen never disagree.
 */
import { Link } from '@react-email/link';
import { Text } from '@react-email/text';
import { formatNaira, groupDigits } from '../../shared/money';
import type { Rate, ReportPeriod } from '../../shared/report-rules';
import { studioName } from '../../shared/site-pages';
import { formatDate, formatTime } from '../../shared/time';
import { colours, EmailLayout, type StudioDetails, textStyle } from '../layout';
import { opening, type RenderedMessage, render } from './shared';

/** One week's figures, as the report gives them (rates 0 to 1, or null with nothing to divide by). */
export interface WeekFigures {
  revenue: number;
  visits: number;
  noShowRate: Rate;
  utilisation: Rate;
  rebookingRate: Rate;
}

/** An hour of the day (0–23) and its utilisation over the week. */
export interface DigestHour {
  hour: number;
  rate: number;
}

export interface WeeklyDigestFacts {
  name: string;
  week: ReportPeriod;
  weekBefore: ReportPeriod;
  last: WeekFigures;
  before: WeekFigures;
  topTreatment: { name: string; visits: number; value: number } | null;
  busiest: DigestHour | null;
  emptiest: DigestHour | null;
  reportsUrl: string;
}

const NONE = '—';

const percent = (rate: Rate) => (rate === null ? NONE : `${Math.round(rate * 100)}%`);

/** "up ₦12,000", "down 3", "same": from the figures as shown, so the words match them. */
function change(last: number, before: number, written: (amount: number) => string): string {
  if (last === before) return 'same';
  return `${last > before ? 'up' : 'down'} ${written(Math.abs(last - before))}`;
}

const points = (amount: number) => `${amount} point${amount === 1 ? '' : 's'}`;

function rateChange(last: Rate, before: Rate): string {
  if (last === null || before === null) return NONE;
  return change(Math.round(last * 100), Math.round(before * 100), points);
}

interface FigureRow {
  label: string;
  last: string;
  before: string;
  change: string;
}

function figureRows({ last, before }: WeeklyDigestFacts): FigureRow[] {
  const count = (label: string, a: number, b: number) => ({
    label,
    last: groupDigits(a),
    before: groupDigits(b),
    change: change(a, b, groupDigits),
  });
  const share = (label: string, a: Rate, b: Rate) => ({
    label,
    last: percent(a),
    before: percent(b),
    change: rateChange(a, b),
  });
  return [
    {
      label: 'Revenue',
      last: formatNaira(last.revenue),
      before: formatNaira(before.revenue),
      change: change(last.revenue, before.revenue, formatNaira),
    },
    count('Visits', last.visits, before.visits),
    share('No-show rate', last.noShowRate, before.noShowRate),
    share('Utilisation', last.utilisation, before.utilisation),
    share('Rebooking rate', last.rebookingRate, before.rebookingRate),
  ];
}

/** "16 November" (the year goes without saying in a Monday email). */
const dayAndMonth = (date: string) =>
  formatDate(date)
    .split(', ')[1]
    ?.replace(/ \d{4}$/, '') ?? date;

/** "16–22 November", or "30 November–6 December" across a month's end. */
export function weekSpan({ from, to }: ReportPeriod): string {
  const [first, last] = [dayAndMonth(from), dayAndMonth(to)];
  const sameMonth = first.split(' ')[1] === last.split(' ')[1];
  return `${sameMonth ? first.split(' ')[0] : first}–${last}`;
}

/** "2:00 PM–3:00 PM (75% booked)". */
const hourLine = (hour: DigestHour | null) =>
  hour
    ? `${formatTime(`${hour.hour}:00`)}–${formatTime(`${(hour.hour + 1) % 24}:00`)} (${percent(hour.rate)} booked)`
    : NONE;

function highlights(digest: WeeklyDigestFacts): Array<[string, string]> {
  const top = digest.topTreatment;
  return [
    [
      'Top treatment',
      top ? `${top.name}, ${top.visits} visit${top.visits === 1 ? '' : 's'}, ${formatNaira(top.value)}` : NONE,
    ],
    ['Busiest hour', digest.busiest ? hourLine(digest.busiest) : 'Nothing was booked'],
    ['Emptiest hour', hourLine(digest.emptiest)],
  ];
}

const cell = { padding: '8px 6px', borderBottom: `1px solid ${colours.line}`, verticalAlign: 'top' } as const;
const headCell = { ...cell, fontSize: '13px', color: colours.inkSoft, textAlign: 'left' as const, fontWeight: 400 };

function FiguresTable({ rows }: { rows: FigureRow[] }) {
  return (
    <table
      cellPadding={0}
      cellSpacing={0}
      style={{ width: '100%', borderCollapse: 'collapse', margin: '0 0 20px', fontSize: '15px', color: colours.ink }}
    >
      <thead>
        <tr>
          <th style={headCell}>Figure</th>
          <th style={headCell}>Last week</th>
          <th style={headCell}>Week before</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.label}>
            <td style={{ ...cell, fontWeight: 600 }}>{row.label}</td>
            <td style={cell}>
              {row.last}
              <br />
              <span style={{ fontSize: '13px', color: colours.inkSoft }}>{row.change}</span>
            </td>
            <td style={cell}>{row.before}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export async function weeklyDigest(digest: WeeklyDigestFacts, studio: StudioDetails): Promise<RenderedMessage> {
  const span = weekSpan(digest.week);
  const lead = `Here is the studio’s week of ${span}, against the week before (${weekSpan(digest.weekBefore)}).`;
  const rows = figureRows(digest);
  const notes = highlights(digest);
  return {
    subject: `Your week at ${studioName}: ${span}`,
    text: [
      ...opening(digest.name, lead),
      ...rows.map((row) => `${row.label}: ${row.last} (week before ${row.before}; ${row.change})`),
      '',
      ...notes.map(([label, value]) => `${label}: ${value}`),
      '',
      `Open Reports: ${digest.reportsUrl}`,
      '',
      studioName,
    ].join('\n'),
    html: await render(
      <EmailLayout preview={lead} studio={studio} heading={<>Your week: {span}</>}>
        <Text style={{ ...textStyle, margin: '0 0 8px' }}>Dear {digest.name},</Text>
        <Text style={textStyle}>{lead}</Text>
        <FiguresTable rows={rows} />
        {notes.map(([label, value]) => (
          <Text key={label} style={{ ...textStyle, margin: '0 0 8px' }}>
            <strong>{label}:</strong> {value}
          </Text>
        ))}
        <Text style={{ ...textStyle, margin: '16px 0 0' }}>
          <Link href={digest.reportsUrl}>Open Reports</Link>
        </Text>
      </EmailLayout>,
    ),
  };
}
