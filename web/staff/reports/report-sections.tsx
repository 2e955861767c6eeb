/**
 * The Reports screen's sections: the summary, money in, treatments and products, therapists,
 * utilisation and clients. Each chart's numbers are also a table, to read out or copy.
 */
import {
  busiestAndEmptiest,
  channelLabels,
  type Report,
  revenueChannels,
  type UtilisationRow,
} from '../../../worker/shared/report-rules';
import { BarChart, type ChartSeries } from './bar-chart';
import { compactNaira, day, formatNaira, hourRange, hours, percent, shortDay } from './report-format';
import { FigurePairs, ReportSection, ReportTable } from './report-table';

const channelColors: Record<(typeof revenueChannels)[number], string> = {
  online: '#3b2619',
  studio: '#9a5b1e',
  vouchers: '#2f6b3f',
  packages: '#3d5a80',
};

const revenueSeries: ChartSeries[] = revenueChannels.map((key) => ({
  key,
  label: channelLabels[key],
  color: channelColors[key],
}));

const naira = (amount: number | null) => (amount === null ? '—' : formatNaira(amount));

export function SummaryFigures({ report }: { report: Report }) {
  const figures: Array<[string, string]> = [
    ['Revenue', formatNaira(report.revenue.totals.total)],
    ['Completed visits', String(report.clients.completedVisits)],
    ['Average visit value', naira(report.clients.averageVisitValue)],
    ['Utilisation', percent(report.utilisation.total.rate)],
    ['No-show rate', percent(report.appointments.noShowRate)],
    ['Late cancellations', percent(report.appointments.lateCancellationRate)],
    ['Rebooking rate', percent(report.clients.rebookingRate)],
    [`Owed on vouchers and packages, ${day(report.liability.date)}`, formatNaira(report.liability.total)],
  ];
  return (
    <dl className="report-figures">
      {figures.map(([label, value]) => (
        <div key={label} className="report-figures__item">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function RevenueSection({ report }: { report: Report }) {
  const { days, totals } = report.revenue;
  // The table lists the days and the ways money came in that have any: a month of ₦0 rows hides the rest.
  const channels = revenueChannels.filter((key) => totals[key] !== 0);
  const withMoney = days.filter((row) => revenueChannels.some((key) => row[key] !== 0) || row.refunds !== 0);
  const refunds = (amount: number) => (amount ? `−${formatNaira(amount)}` : formatNaira(0));
  const cellsOf = (figures: Report['revenue']['totals']) => [
    ...channels.map((key) => formatNaira(figures[key])),
    ...(totals.refunds ? [refunds(figures.refunds)] : []),
    formatNaira(figures.total),
  ];
  return (
    <ReportSection id="report-revenue" title="Revenue" definitions={['revenue']} report={report}>
      <BarChart
        title="Money in per day, by how it came in"
        xLabel="Day"
        yLabel="Naira"
        series={revenueSeries}
        bars={days.map((row) => ({
          id: row.date,
          label: shortDay(row.date),
          values: revenueChannels.map((key) => row[key]),
        }))}
        formatTick={compactNaira}
      />
      <ReportTable
        label="Revenue per day"
        captionHidden
        columns={[
          'Day',
          ...channels.map((key) => channelLabels[key]),
          ...(totals.refunds ? [channelLabels.refunds] : []),
          'Total',
        ]}
        rows={withMoney.map((row) => ({ key: row.date, head: day(row.date), cells: cellsOf(row) }))}
        total={{ head: 'Total', cells: cellsOf(totals) }}
      />
      <p className="report-section__facts">
        {withMoney.length === days.length
          ? 'Money came in on every day of the period.'
          : `Days with no money in or out are left out of the table (${days.length - withMoney.length} of ${days.length}).`}
      </p>
    </ReportSection>
  );
}

export function SalesSection({ report }: { report: Report }) {
  return (
    <ReportSection
      id="report-sales"
      title="By treatment and product"
      definitions={['visitValue', 'treatments', 'products']}
      report={report}
    >
      <ReportTable
        label="Treatments"
        columns={['Treatment', 'Completed visits', 'Value']}
        rows={report.treatments.map((row) => ({
          key: row.id,
          head: row.name,
          cells: [row.visits, formatNaira(row.value)],
        }))}
        empty="None in this period."
      />
      <ReportTable
        label="Products"
        columns={['Product', 'Units', 'Value']}
        rows={report.products.map((row) => ({
          key: `${row.name} ${row.size}`,
          head: (
            <>
              {row.name} <span className="admin-table__note">{row.size}</span>
            </>
          ),
          cells: [row.units, formatNaira(row.value)],
        }))}
        empty="None in this period."
      />
    </ReportSection>
  );
}

const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** "12 appointments: 9 completed, 1 no-show, 2 cancelled (1 late), 0 still ahead or in progress." */
function appointmentsSentence(figures: Report['appointments']) {
  const ahead = figures.booked + figures.arrived;
  return `${count(figures.total, 'appointment')}: ${figures.completed} completed, ${count(figures.noShows, 'no-show')}, ${figures.cancelled} cancelled (${figures.lateCancellations} late), ${ahead} still ahead or in progress.`;
}

export function TherapistsSection({ report }: { report: Report }) {
  const { appointments, clients, utilisation } = report;
  return (
    <ReportSection
      id="report-therapists"
      title="Therapists"
      definitions={['noShowRate', 'lateCancellationRate']}
      report={report}
    >
      <ReportTable
        label="Figures per therapist"
        captionHidden
        columns={[
          'Therapist',
          'Completed visits',
          'Visit value',
          'Utilisation',
          'No-show rate',
          'Late cancellation rate',
        ]}
        rows={report.therapists.map((row) => ({
          key: row.id,
          head: row.name,
          cells: [
            row.completedVisits,
            formatNaira(row.visitValue),
            percent(row.utilisation.rate),
            percent(row.appointments.noShowRate),
            percent(row.appointments.lateCancellationRate),
          ],
        }))}
        total={{
          head: 'Studio',
          cells: [
            clients.completedVisits,
            formatNaira(clients.visitValue),
            percent(utilisation.total.rate),
            percent(appointments.noShowRate),
            percent(appointments.lateCancellationRate),
          ],
        }}
      />
      <p className="report-section__facts">{appointmentsSentence(appointments)}</p>
    </ReportSection>
  );
}

const minutesCells = (row: { bookedMinutes: number; workingMinutes: number; rate: number | null }) => [
  hours(row.bookedMinutes),
  hours(row.workingMinutes),
  percent(row.rate),
];

const utilisationRows = (rows: UtilisationRow[]) =>
  rows.map((row) => ({ key: row.id, head: row.name, cells: minutesCells(row) }));

export function UtilisationSection({ report }: { report: Report }) {
  const { days, hours: byHour, therapists, rooms, total } = report.utilisation;
  const { busiest, emptiest } = busiestAndEmptiest(byHour);
  return (
    <ReportSection
      id="report-utilisation"
      title="Utilisation"
      definitions={['utilisation', 'busiestHours']}
      report={report}
    >
      <BarChart
        title="Therapists’ utilisation per day"
        xLabel="Day"
        yLabel="Booked (%)"
        series={[{ key: 'rate', label: 'Utilisation', color: '#7d5426' }]}
        bars={days.map((row) => ({
          id: row.date,
          label: shortDay(row.date),
          values: [Math.round((row.rate ?? 0) * 1000) / 10],
        }))}
        formatTick={(value) => `${value}%`}
        max={100}
      />
      <ReportTable
        label="Utilisation per day"
        captionHidden
        columns={['Day', 'Booked', 'Working', 'Utilisation']}
        rows={days.map((row) => ({ key: row.date, head: day(row.date), cells: minutesCells(row) }))}
        total={{ head: 'Period', cells: minutesCells(total) }}
      />
      <ReportTable
        label="Utilisation per therapist"
        columns={['Therapist', 'Booked', 'Working', 'Utilisation']}
        rows={utilisationRows(therapists)}
      />
      <ReportTable
        label="Utilisation per room"
        columns={['Room', 'Booked', 'Working', 'Utilisation']}
        rows={utilisationRows(rooms)}
      />
      {emptiest ? (
        <FigurePairs
          pairs={[
            [
              'Busiest hour',
              busiest ? `${hourRange(busiest.hour)} (${percent(busiest.rate)} booked)` : 'Nothing was booked',
            ],
            ['Emptiest hour', `${hourRange(emptiest.hour)} (${percent(emptiest.rate)} booked)`],
          ]}
        />
      ) : null}
    </ReportSection>
  );
}

export function ClientsSection({ report }: { report: Report }) {
  const { clients, liability } = report;
  return (
    <ReportSection
      id="report-clients"
      title="Clients and what they hold"
      definitions={['rebookingRate', 'newClients', 'averageVisitValue', 'liability']}
      report={report}
    >
      <FigurePairs
        pairs={[
          ['Clients with a completed visit', clients.withCompletedVisits],
          ['Rebooked within 60 days', `${clients.rebooked} (${percent(clients.rebookingRate)})`],
          ['New clients', clients.newClients],
          ['Returning clients', clients.returningClients],
          ['Average visit value', naira(clients.averageVisitValue)],
          [`Unspent gift vouchers, ${day(liability.date)}`, formatNaira(liability.vouchers)],
          [`Unused package sessions, ${day(liability.date)}`, formatNaira(liability.packages)],
        ]}
      />
    </ReportSection>
  );
}
