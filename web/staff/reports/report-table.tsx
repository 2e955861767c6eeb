/**
 * The Reports screen's pieces: a section (heading, figures, the sentences defining them: in the
 * page, not a tooltip, as a phone has no hover), a table of figures in a frame that scrolls on a
 * phone, and pairs of a label and a figure.
 */
import type { ReactNode } from 'react';
import type { Report, ReportDefinitionName } from '../../../worker/shared/report-rules';

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

export interface TableRow {
  key: string;
  /** The row's name (its header cell). */
  head: ReactNode;
  /** One per column after the first. */
  cells: ReactNode[];
}

interface ReportTableProps {
  /** The scrolling frame's name, and the caption unless `caption` is given. */
  label: string;
  caption?: ReactNode;
  /** A caption for screen readers only, where a heading or chart title above already says it. */
  captionHidden?: boolean;
  columns: string[];
  rows: TableRow[];
  total?: Omit<TableRow, 'key'>;
  /** What an empty table says. */
  empty?: string;
}

function Row({ head, cells, columns }: Omit<TableRow, 'key'> & { columns: string[] }) {
  return (
    <tr>
      <th scope="row">{head}</th>
      {cells.map((cell, index) => (
        <td key={columns[index + 1]}>{cell}</td>
      ))}
    </tr>
  );
}

/** A table of figures, named for screen readers, in a frame that scrolls by keyboard on a phone. */
export function ReportTable({ label, caption, captionHidden, columns, rows, total, empty }: ReportTableProps) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls must take focus to scroll by keyboard.
    <section className="report-table-frame" aria-label={label} tabIndex={0}>
      <table className="admin-table report-table">
        <caption className={captionHidden ? 'visually-hidden' : undefined}>{caption ?? label}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th scope="col" key={column}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 && empty ? (
            <tr>
              <td colSpan={columns.length} className="admin-list__empty">
                {empty}
              </td>
            </tr>
          ) : null}
          {rows.map(({ key, ...row }) => (
            <Row key={key} {...row} columns={columns} />
          ))}
        </tbody>
        {total ? (
          <tfoot>
            <Row {...total} columns={columns} />
          </tfoot>
        ) : null}
      </table>
    </section>
  );
}

/** Labels and their figures, side by side as space allows. */
export function FigurePairs({ pairs }: { pairs: Array<[string, ReactNode]> }) {
  return (
    <dl className="report-pairs">
      {pairs.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
