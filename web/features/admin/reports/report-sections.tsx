/**
 * The Reports screen's sections, each a heading, its figures, the sentence that defines them (in
 * the page, not a tooltip: on a phone there is no hover) and, for a chart, the same numbers as a
 * table to read out or copy.
 */
import type { ReactNode } from 'react';
import {
  busiestAndEmptiest,
  channelLabels,
  type Report,
  type ReportDefinitionName,
  revenueChannels,
  type UtilisationRow,
} from '../../../../worker/shared/report-rules';
import { BarChart, type ChartSeries } from './bar-chart';
import { compactNaira, day, formatNaira, hourRange, hours, percent, shortDay } from './report-format';

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

export function ReportSection({
  id,
  title,
  definitions,
  report,
  children,
}: {
  id: string;
  title: string;
  definitions: ReportDefinitionName[];
  report: Report;
  children: ReactNode;
}) {
  return (
    <section className="report-section" aria-labelledby={`${id}-title`} id={id}>
      <h2 id={`${id}-title`}>{title}</h2>
      {children}
      <div className="report-section__notes">
        {definitions.map((name) => (
          <p key={name} className="report-note">
            {report.definitions[name]}
          </p>
        ))}
      </div>
    </section>
  );
}

/** A scrolling frame for a wide table on a phone, named so it can be reached by keyboard. */
export function TableFrame({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls must take focus to scroll by keyboard.
    <section className="report-table-frame" aria-label={label} tabIndex={0}>
      {children}
    </section>
  );
}

export function SummaryFigures({ report }: { report: Report }) {
  const figures: Array<[string, string]> = [
    ['Revenue', formatNaira(report.revenue.totals.total)],
    ['Completed visits', String(report.clients.completedVisits)],
    [
      'Average visit value',
      report.clients.averageVisitValue === null ? '—' : formatNaira(report.clients.averageVisitValue),
    ],
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
      <TableFrame label="Revenue per day">
        <table className="admin-table report-table">
          <caption className="visually-hidden">Revenue per day</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              {channels.map((key) => (
                <th scope="col" key={key}>
                  {channelLabels[key]}
                </th>
              ))}
              {totals.refunds ? <th scope="col">{channelLabels.refunds}</th> : null}
              <th scope="col">Total</th>
            </tr>
          </thead>
          <tbody>
            {withMoney.map((row) => (
              <tr key={row.date}>
                <th scope="row">{day(row.date)}</th>
                {channels.map((key) => (
                  <td key={key}>{formatNaira(row[key])}</td>
                ))}
                {totals.refunds ? <td>{refunds(row.refunds)}</td> : null}
                <td>{formatNaira(row.total)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">Total</th>
              {channels.map((key) => (
                <td key={key}>{formatNaira(totals[key])}</td>
              ))}
              {totals.refunds ? <td>{refunds(totals.refunds)}</td> : null}
              <td>{formatNaira(totals.total)}</td>
            </tr>
          </tfoot>
        </table>
      </TableFrame>
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
      <TableFrame label="Treatments">
        <table className="admin-table report-table">
          <caption>Treatments</caption>
          <thead>
            <tr>
              <th scope="col">Treatment</th>
              <th scope="col">Completed visits</th>
              <th scope="col">Value</th>
            </tr>
          </thead>
          <tbody>
            {report.treatments.length === 0 ? <EmptyRow columns={3} /> : null}
            {report.treatments.map((row) => (
              <tr key={row.id}>
                <th scope="row">{row.name}</th>
                <td>{row.visits}</td>
                <td>{formatNaira(row.value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableFrame>
      <TableFrame label="Products">
        <table className="admin-table report-table">
          <caption>Products</caption>
          <thead>
            <tr>
              <th scope="col">Product</th>
              <th scope="col">Units</th>
              <th scope="col">Value</th>
            </tr>
          </thead>
          <tbody>
            {report.products.length === 0 ? <EmptyRow columns={3} /> : null}
            {report.products.map((row) => (
              <tr key={`${row.name} ${row.size}`}>
                <th scope="row">
                  {row.name} <span className="admin-table__note">{row.size}</span>
                </th>
                <td>{row.units}</td>
                <td>{formatNaira(row.value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableFrame>
    </ReportSection>
  );
}

function EmptyRow({ columns }: { columns: number }) {
  return (
    <tr>
      <td colSpan={columns} className="admin-list__empty">
        None in this period.
      </td>
    </tr>
  );
}

export function TherapistsSection({ report }: { report: Report }) {
  return (
    <ReportSection
      id="report-therapists"
      title="Therapists"
      definitions={['noShowRate', 'lateCancellationRate']}
      report={report}
    >
      <TableFrame label="Figures per therapist">
        <table className="admin-table report-table">
          <caption className="visually-hidden">Figures per therapist</caption>
          <thead>
            <tr>
              <th scope="col">Therapist</th>
              <th scope="col">Completed visits</th>
              <th scope="col">Visit value</th>
              <th scope="col">Utilisation</th>
              <th scope="col">No-show rate</th>
              <th scope="col">Late cancellation rate</th>
            </tr>
          </thead>
          <tbody>
            {report.therapists.map((row) => (
              <tr key={row.id}>
                <th scope="row">{row.name}</th>
                <td>{row.completedVisits}</td>
                <td>{formatNaira(row.visitValue)}</td>
                <td>{percent(row.utilisation.rate)}</td>
                <td>{percent(row.appointments.noShowRate)}</td>
                <td>{percent(row.appointments.lateCancellationRate)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">Studio</th>
              <td>{report.clients.completedVisits}</td>
              <td>{formatNaira(report.clients.visitValue)}</td>
              <td>{percent(report.utilisation.total.rate)}</td>
              <td>{percent(report.appointments.noShowRate)}</td>
              <td>{percent(report.appointments.lateCancellationRate)}</td>
            </tr>
          </tfoot>
        </table>
      </TableFrame>
      <p className="report-section__facts">{appointmentsSentence(report.appointments)}</p>
    </ReportSection>
  );
}

const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** "12 appointments: 9 completed, 1 no-show, 2 cancelled (1 late), 0 still ahead or in progress." */
function appointmentsSentence(figures: Report['appointments']) {
  const ahead = figures.booked + figures.arrived;
  return `${count(figures.total, 'appointment')}: ${figures.completed} completed, ${count(figures.noShows, 'no-show')}, ${figures.cancelled} cancelled (${figures.lateCancellations} late), ${ahead} still ahead or in progress.`;
}

function UtilisationTable({ label, who, rows }: { label: string; who: string; rows: UtilisationRow[] }) {
  return (
    <TableFrame label={label}>
      <table className="admin-table report-table">
        <caption>{label}</caption>
        <thead>
          <tr>
            <th scope="col">{who}</th>
            <th scope="col">Booked</th>
            <th scope="col">Working</th>
            <th scope="col">Utilisation</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              <th scope="row">{row.name}</th>
              <td>{hours(row.bookedMinutes)}</td>
              <td>{hours(row.workingMinutes)}</td>
              <td>{percent(row.rate)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableFrame>
  );
}

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
      <TableFrame label="Utilisation per day">
        <table className="admin-table report-table">
          <caption className="visually-hidden">Utilisation per day</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Booked</th>
              <th scope="col">Working</th>
              <th scope="col">Utilisation</th>
            </tr>
          </thead>
          <tbody>
            {days.map((row) => (
              <tr key={row.date}>
                <th scope="row">{day(row.date)}</th>
                <td>{hours(row.bookedMinutes)}</td>
                <td>{hours(row.workingMinutes)}</td>
                <td>{percent(row.rate)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">Period</th>
              <td>{hours(total.bookedMinutes)}</td>
              <td>{hours(total.workingMinutes)}</td>
              <td>{percent(total.rate)}</td>
            </tr>
          </tfoot>
        </table>
      </TableFrame>
      <UtilisationTable label="Utilisation per therapist" who="Therapist" rows={therapists} />
      <UtilisationTable label="Utilisation per room" who="Room" rows={rooms} />
      {emptiest ? (
        <dl className="report-pairs">
          <div>
            <dt>Busiest hour</dt>
            <dd>{busiest ? `${hourRange(busiest.hour)} (${percent(busiest.rate)} booked)` : 'Nothing was booked'}</dd>
          </div>
          <div>
            <dt>Emptiest hour</dt>
            <dd>
              {hourRange(emptiest.hour)} ({percent(emptiest.rate)} booked)
            </dd>
          </div>
        </dl>
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
      <dl className="report-pairs">
        <div>
          <dt>Clients with a completed visit</dt>
          <dd>{clients.withCompletedVisits}</dd>
        </div>
        <div>
          <dt>Rebooked within 60 days</dt>
          <dd>
            {clients.rebooked} ({percent(clients.rebookingRate)})
          </dd>
        </div>
        <div>
          <dt>New clients</dt>
          <dd>{clients.newClients}</dd>
        </div>
        <div>
          <dt>Returning clients</dt>
          <dd>{clients.returningClients}</dd>
        </div>
        <div>
          <dt>Average visit value</dt>
          <dd>{clients.averageVisitValue === null ? '—' : formatNaira(clients.averageVisitValue)}</dd>
        </div>
        <div>
          <dt>Unspent gift vouchers</dt>
          <dd>{formatNaira(liability.vouchers)}</dd>
        </div>
        <div>
          <dt>Unused package sessions</dt>
          <dd>{formatNaira(liability.packages)}</dd>
        </div>
      </dl>
    </ReportSection>
  );
}
